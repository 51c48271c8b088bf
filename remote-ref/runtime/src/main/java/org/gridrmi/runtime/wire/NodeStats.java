package org.gridrmi.runtime.wire;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import org.gridrmi.runtime.cost.MethodCost;
import org.gridrmi.runtime.cost.PeerLinkEstimate;

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
 * @param store the node's store: its budget and what ended its holds
 * @param activity its calls (queued, how long they took) and the leases of its holders
 * @param links what the node learned of its links (t_s, t_w per peer it talked to)
 * @param methods its compute time per service method (servers)
 * @param valuesByCodec values this JVM wrote per codec id since it started: {@code "fory"} the fast codec for
 *     users' types, {@code "java"} Java serialization, {@code "jdk.doubles"} and the like the per-class codecs
 */
public record NodeStats(
    int values,
    int pending,
    int holders,
    long sentBytes,
    long receivedBytes,
    Map<String, long[]> perPeer,
    long heapUsedBytes,
    long callsRun,
    long batchesReceived,
    Store store,
    Activity activity,
    List<PeerLinkEstimate> links,
    List<MethodCost> methods,
    Map<String, Long> valuesByCodec)
    implements Serializable {

  /**
   * @param queued calls ready to run that wait for a compute thread
   * @param callTimes calls counted by how long they took from arrival to their value, in the buckets of
   *     {@link org.gridrmi.runtime.telemetry.CallTimes}
   * @param leaseRenewals lease renewals received from holders so far
   * @param leasesLapsed holders whose lease lapsed so far
   */
  public record Activity(int queued, long[] callTimes, long leaseRenewals, long leasesLapsed)
      implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  /**
   * @param memoryBytes bytes of values in memory, as the store counts them
   * @param maxMemoryBytes its memory budget
   * @param spilledBytes bytes of values on disk
   * @param maxSpillBytes its disk budget
   * @param spillWrites values written to disk so far
   * @param readBacks values read back from disk so far
   * @param borrowers servers a value is kept for until they fetch it
   * @param heldByReference values of other nodes this node holds because references to them live here
   * @param explicit holds released explicitly so far
   * @param collected holds released because their last reference was garbage collected
   * @param lapsed holds and borrows ended by a lease that lapsed
   */
  public record Store(
      long memoryBytes,
      long maxMemoryBytes,
      long spilledBytes,
      long maxSpillBytes,
      long spillWrites,
      long readBacks,
      int borrowers,
      int heldByReference,
      long explicit,
      long collected,
      long lapsed)
      implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  /** Bytes received from one peer ({@code host:port}). */
  public long receivedFrom(String hostPort) {
    long[] v = perPeer.get(hostPort);
    return v == null ? 0 : v[1];
  }
}
