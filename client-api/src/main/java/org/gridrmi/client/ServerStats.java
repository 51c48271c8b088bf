package org.gridrmi.client;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.gridrmi.runtime.wire.NodeStats;

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
 * @param store its store: bytes in memory and on disk against their budgets, and how its values are let go
 * @param calls its calls waiting for a compute thread, and how long its calls took
 * @param links what it learned of its links to the peers it made round trips to (t_s, t_w each), at most 256 peers
 * @param methods its compute time per service method, learned from its calls (at most 1024 methods)
 * @param valuesByCodec values its JVM wrote per codec since it started: {@code "fory"} the fast codec for users'
 *     records, POJOs and collections, {@code "java"} Java serialization (the fallback), {@code "jdk.doubles"} and
 *     the like the bulk codecs of arrays
 */
public record ServerStats(
    int values,
    int pending,
    long sentBytes,
    long receivedBytes,
    Map<String, PeerBytes> perPeer,
    long heapUsedBytes,
    long callsRun,
    long batchesReceived,
    Store store,
    Calls calls,
    List<LinkEstimate> links,
    List<MethodTime> methods,
    Map<String, Long> valuesByCodec) {
  public ServerStats {
    perPeer = Map.copyOf(perPeer);
    valuesByCodec = Map.copyOf(valuesByCodec);
    links = List.copyOf(links);
    methods = List.copyOf(methods);
  }

  /** What a server's stats answer says, as the client shows it. */
  static ServerStats of(NodeStats s) {
    NodeStats.Store st = s.store();
    return new ServerStats(
        s.values(),
        s.pending(),
        s.sentBytes(),
        s.receivedBytes(),
        PeerBytes.of(s.perPeer()),
        s.heapUsedBytes(),
        s.callsRun(),
        s.batchesReceived(),
        new Store(
            st.memoryBytes(),
            st.maxMemoryBytes(),
            st.spilledBytes(),
            st.maxSpillBytes(),
            st.borrowers(),
            st.heldByReference(),
            new Releases(st.explicit(), st.collected(), st.lapsed())),
        new Calls(
            s.activity().queued(),
            new CallLatency(s.activity().callTimes()),
            s.activity().leaseRenewals(),
            s.activity().leasesLapsed()),
        LinkEstimate.of(s.links()),
        MethodTime.of(s.methods()),
        s.valuesByCodec() == null ? Map.of() : s.valuesByCodec());
  }

  /**
   * A server's calls.
   *
   * @param queued calls ready to run that wait for a compute thread now
   * @param latency how long its calls took, async and plain, since it started
   * @param leaseRenewals lease renewals it received from its holders so far
   * @param leasesLapsed holders whose lease lapsed there so far
   */
  public record Calls(int queued, CallLatency latency, long leaseRenewals, long leasesLapsed) {
    @Override
    public String toString() {
      return queued + " queued, " + latency + "; " + leaseRenewals + " lease renewals, "
          + leasesLapsed + " lapsed";
    }
  }

  /**
   * A server's store.
   *
   * @param memoryBytes bytes of values in memory (as their codecs count them, else their serialized size)
   * @param maxMemoryBytes the memory budget ({@code --max-store})
   * @param spilledBytes bytes of values moved to the spill directory
   * @param maxSpillBytes the disk budget ({@code --max-spill})
   * @param borrowers values kept for servers that were passed a reference and have not fetched it yet
   * @param heldByReference values of other nodes the server holds because references to them live there (inside
   *     values or arguments)
   * @param releases holds on its values that ended, by cause
   */
  public record Store(
      long memoryBytes,
      long maxMemoryBytes,
      long spilledBytes,
      long maxSpillBytes,
      int borrowers,
      int heldByReference,
      Releases releases) {
    @Override
    public String toString() {
      return "store " + PeerBytes.bytes(memoryBytes) + " of " + PeerBytes.bytes(maxMemoryBytes)
          + " in memory, "
          + PeerBytes.bytes(spilledBytes) + " of " + PeerBytes.bytes(maxSpillBytes) + " spilled, "
          + borrowers
          + (borrowers == 1 ? " borrower, " : " borrowers, ") + heldByReference
          + " held by reference; " + releases;
    }
  }

  /**
   * Holds on a server's values that ended, by cause.
   *
   * @param explicit released by their holder ({@code release()}, a scope, a Grid closed)
   * @param collected released because the holder's last reference object was garbage collected
   * @param lapsed ended because the holder stopped renewing its lease (it crashed or was cut off)
   */
  public record Releases(long explicit, long collected, long lapsed) {
    @Override
    public String toString() {
      return "released " + explicit + " explicitly, " + collected + " collected, " + lapsed
          + " lapsed";
    }
  }

  /** Bytes the server received on connections it opened to {@code rmi://host:port} or {@code host:port}. */
  public long receivedFrom(String address) {
    return perPeer
        .getOrDefault(address.startsWith("rmi://") ? address.substring(6) : address, PeerBytes.NONE)
        .received();
  }

  @Override
  public String toString() {
    return "ServerStats: " + values + " values (" + pending + " pending), " + callsRun
        + " calls run in "
        + batchesReceived + " batches, heap used " + PeerBytes.bytes(heapUsedBytes) + ", sent "
        + PeerBytes.bytes(sentBytes) + ", received " + PeerBytes.bytes(receivedBytes) + "\n  "
        + store + "\n  " + calls
        + PeerBytes.lines(new TreeMap<>(perPeer))
        + (links.isEmpty()
            ? ""
            : "\n  links: "
                + String.join("; ", links.stream().map(LinkEstimate::toString).toList()))
        + (methods.isEmpty()
            ? ""
            : "\n  methods: "
                + String.join("; ", methods.stream().map(MethodTime::toString).toList()))
        + (valuesByCodec.isEmpty()
            ? ""
            : "\n  values written by codec: "
                + String.join(
                    ", ",
                    new TreeMap<>(valuesByCodec)
                        .entrySet().stream()
                            .map(e -> e.getKey() + " " + String.format("%,d", e.getValue()))
                            .toList()));
  }
}
