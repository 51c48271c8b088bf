package org.gridrmi.ref.internal.wire;

import java.io.Serializable;
import java.util.Map;

/**
 * @param values values the node holds (owned and replicas)
 * @param pending values not yet computed
 * @param holders clients with a live lease
 * @param sentBytes bytes sent on this JVM's GridRMI connections
 * @param receivedBytes bytes received
 * @param perPeer peer address to {sent, received}
 * @param heapUsedBytes used heap after the last GC estimate
 * @param callsRun calls that ran
 * @param batchesReceived batches of async calls received (a client's chain sent in one goes as one)
 */
public record NodeStats(int values, int pending, int holders, long sentBytes, long receivedBytes,
    Map<String, long[]> perPeer, long heapUsedBytes, long callsRun,
    long batchesReceived) implements Serializable {

  /** Bytes received from one peer ({@code host:port}). */
  public long receivedFrom(String hostPort) {
    long[] v = perPeer.get(hostPort);
    return v == null ? 0 : v[1];
  }
}
