package org.gridrmi.runtime.net;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Bytes one {@link NetContext} sent and received on its connections, in total and per peer. Outgoing connections are
 * counted under the peer's {@code host:port}; accepted ones under {@code "inbound"}, since their remote port says
 * nothing about which node the peer is.
 */
public final class TransportMetrics {
  public static final String INBOUND = "inbound";
  private final Map<String, Counter> peers = new ConcurrentHashMap<>();

  Counter counter(String peer) {
    return peers.computeIfAbsent(peer, p -> new Counter());
  }

  /** A consistent-enough copy of all counters, for reports and assertions. */
  public Snapshot snapshot() {
    Map<String, long[]> m = new TreeMap<>();
    long tx = 0, rx = 0;
    for (Map.Entry<String, Counter> e : peers.entrySet()) {
      long s = e.getValue().sent.sum(), r = e.getValue().received.sum();
      m.put(e.getKey(), new long[] {s, r});
      tx += s;
      rx += r;
    }
    return new Snapshot(tx, rx, m);
  }

  static final class Counter {
    final LongAdder sent = new LongAdder();
    final LongAdder received = new LongAdder();
  }

  /**
   * Counters at one moment.
   *
   * @param sentBytes all bytes written to GridRMI sockets
   * @param receivedBytes all bytes read from them
   * @param perPeer peer to {sent, received}
   */
  public record Snapshot(long sentBytes, long receivedBytes, Map<String, long[]> perPeer)
      implements Serializable {
    /** No traffic. */
    public static final Snapshot EMPTY = new Snapshot(0, 0, Map.of());

    /** Adds two snapshots (a node that holds several contexts). */
    public Snapshot plus(Snapshot other) {
      Map<String, long[]> m = new TreeMap<>();
      perPeer.forEach((k, v) -> m.put(k, v.clone()));
      other.perPeer.forEach((k, v) ->
          m.merge(k, v.clone(), (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]}));
      return new Snapshot(sentBytes + other.sentBytes, receivedBytes + other.receivedBytes, m);
    }
  }
}
