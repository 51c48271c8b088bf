package org.gridrmi.client;

import java.util.Map;
import java.util.TreeMap;

/**
 * A server's counters at one moment, as {@link Grid#stats} reads them.
 *
 * @param values values it holds (results, replicas)
 * @param pending values not yet computed
 * @param sentBytes bytes its JVM sent on GridRMI connections
 * @param receivedBytes bytes its JVM received
 * @param perPeer per peer {@code host:port} (or {@code inbound}): bytes sent and received
 * @param heapUsedBytes its JVM's used heap
 * @param callsRun async calls it ran
 * @param batchesReceived batches of async calls it received: a chain made in one go arrives as one
 */
public record ServerStats(int values, int pending, long sentBytes, long receivedBytes, Map<String, PeerBytes> perPeer,
    long heapUsedBytes, long callsRun, long batchesReceived) {
  public ServerStats {
    perPeer = Map.copyOf(perPeer);
  }

  /** Bytes the server received on connections it opened to {@code rmi://host:port} or {@code host:port}. */
  public long receivedFrom(String address) {
    return perPeer.getOrDefault(address.startsWith("rmi://") ? address.substring(6) : address, PeerBytes.NONE)
        .received();
  }

  @Override
  public String toString() {
    return "ServerStats: " + values + " values (" + pending + " pending), " + callsRun + " calls run in "
        + batchesReceived + " batches, heap used " + PeerBytes.bytes(heapUsedBytes) + ", sent "
        + PeerBytes.bytes(sentBytes) + ", received " + PeerBytes.bytes(receivedBytes)
        + PeerBytes.lines(new TreeMap<>(perPeer));
  }
}
