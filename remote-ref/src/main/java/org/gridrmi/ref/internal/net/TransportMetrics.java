package org.gridrmi.ref.internal.net;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Bytes this JVM sent and received on its GridRMI connections, in total and per peer. Outgoing connections are
 * counted under the peer's {@code host:port}; accepted ones under {@code "inbound"}, since their remote port
 * says nothing about which server the peer is.
 */
public final class TransportMetrics {
  public static final String INBOUND = "inbound";
  private static final Map<String, Counter> PEERS = new ConcurrentHashMap<>();

  private TransportMetrics() {}

  static Counter counter(String peer) {
    return PEERS.computeIfAbsent(peer, p -> new Counter());
  }

  /** A consistent-enough copy of all counters, for reports and assertions. */
  public static Snapshot snapshot() {
    Map<String, long[]> m = new TreeMap<>();
    long tx = 0, rx = 0;
    for (Map.Entry<String, Counter> e : PEERS.entrySet()) {
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
  public record Snapshot(long sentBytes, long receivedBytes, Map<String, long[]> perPeer) implements Serializable {
    /** Bytes received from one peer ({@code host:port}), 0 if none. */
    public long receivedFrom(String peer) {
      long[] v = perPeer.get(peer);
      return v == null ? 0 : v[1];
    }

    /** Bytes sent to one peer, 0 if none. */
    public long sentTo(String peer) {
      long[] v = perPeer.get(peer);
      return v == null ? 0 : v[0];
    }

    /** What happened between {@code before} and this snapshot. */
    public Snapshot minus(Snapshot before) {
      Map<String, long[]> m = new TreeMap<>();
      perPeer.forEach((k, v) -> {
        long[] b = before.perPeer.getOrDefault(k, new long[2]);
        m.put(k, new long[] {v[0] - b[0], v[1] - b[1]});
      });
      return new Snapshot(sentBytes - before.sentBytes, receivedBytes - before.receivedBytes, m);
    }
  }
}
