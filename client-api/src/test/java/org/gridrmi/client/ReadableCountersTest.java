package org.gridrmi.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Counters print as people read them (a per-peer {@code long[]} printed as {@code [J@6193932a}). */
class ReadableCountersTest {
  @Test
  void trafficPrintsPerPeerBytesAndSubtractsPerPeer() {
    Traffic before = new Traffic(100, 50, Map.of("127.0.0.1:5001", new PeerBytes(100, 50)));
    Traffic after = new Traffic(
        1_100,
        2_049_059,
        Map.of("127.0.0.1:5001", new PeerBytes(1_100, 2_049_059), "inbound", new PeerBytes(0, 10)));
    Traffic d = after.since(before);
    assertThat(d.receivedFrom("rmi://127.0.0.1:5001")).isEqualTo(2_049_009);
    assertThat(d.perPeer().get("inbound")).isEqualTo(new PeerBytes(0, 10));
    assertThat(d.toString())
        .isEqualTo(
            "Traffic: sent 1,000 B, received 2,049,009 B"
                + "\n  127.0.0.1:5001: sent 1,000 B, received 2,049,009 B\n  inbound: sent 0 B, received 10 B")
        .doesNotContain("[J@");
  }

  @Test
  void serverStatsPrintReadably() {
    ServerStats s = new ServerStats(
        3,
        1,
        2_000,
        3_000,
        Map.of("inbound", new PeerBytes(2_000, 3_000)),
        12_345_678,
        7,
        2,
        new ServerStats.Store(
            1_000_000, 64_000_000, 2_000_000, 100_000_000, 1, 4, new ServerStats.Releases(5, 6, 7)),
        new ServerStats.Calls(2, new CallLatency(new long[0]), 8, 1),
        java.util.List.of(),
        java.util.List.of(),
        Map.of("java", 1L, "fory", 1_200L));
    assertThat(s.toString())
        .isEqualTo("ServerStats: 3 values (1 pending), 7 calls run in 2 batches, heap used "
            + "12,345,678 B, sent 2,000 B, received 3,000 B\n  store 1,000,000 B of 64,000,000 B in memory, 2,000,000 B "
            + "of 100,000,000 B spilled, 1 borrower, 4 held by reference; released 5 explicitly, 6 collected, 7 lapsed"
            + "\n  2 queued, no calls; 8 lease renewals, 1 lapsed"
            + "\n  inbound: sent 2,000 B, received 3,000 B"
            + "\n  values written by codec: fory 1,200, java 1");
  }
}
