package org.gridrmi.runtime.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The online estimate of a link's t_s and t_w, from synthetic round trips of known cost (no timing measured). */
class LinkLearnerTest {
  private static final double TS = 0.021, TW = 323e-9; // the paper's WAN: 21 ms, 323 us/KB

  /** A round trip of n bytes both ways: two messages, 2 t_s + n t_w, with a little noise. */
  private static long roundTrip(long bytes, double noise) {
    return Math.round((2 * TS + bytes * TW + noise) * 1e9);
  }

  @Test
  void recoversKnownCostsFromSamplesOfDifferentSizes() {
    LinkLearner learner = new LinkLearner();
    Random r = new Random(7);
    for (int i = 0; i < 200; i++) {
      long bytes = i % 4 == 0 ? 256 * 1024 : 200 + r.nextInt(2000);
      learner.record(
          "rmi://127.0.0.1:5002", bytes, roundTrip(bytes, (r.nextDouble() - 0.5) * 1e-4));
    }
    PeerLinkEstimate c = learner.estimates().get(0);
    assertThat(c.peer()).isEqualTo("rmi://127.0.0.1:5002");
    assertThat(c.cost().ts()).isCloseTo(TS, within(1e-4));
    assertThat(c.cost().tw()).isCloseTo(TW, within(TW * 0.02));
    assertThat(c.samples()).isEqualTo(LinkSamples.WINDOW);
    assertThat(c.total()).isEqualTo(200);
  }

  @Test
  void followsALinkThatChangesSinceOnlyTheRecentWindowCounts() {
    LinkLearner learner = new LinkLearner();
    for (int i = 0; i < 100; i++)
      learner.record("p", i % 2 == 0 ? 100 : 100_000, 1_000_000_000L); // 0.5 s messages
    for (int i = 0; i < LinkSamples.WINDOW; i++) {
      long bytes = i % 2 == 0 ? 100 : 100_000;
      learner.record("p", bytes, roundTrip(bytes, 0));
    }
    assertThat(learner.estimates().get(0).cost().ts()).isCloseTo(TS, within(1e-9));
  }

  @Test
  void withoutSizesThatDifferOnlyTheMessageCostIsKnown() {
    LinkLearner learner = new LinkLearner();
    for (int i = 0; i < 10; i++) learner.record("p", 500 + i, roundTrip(500, 0));
    PeerLinkEstimate c = learner.estimates().get(0);
    assertThat(c.cost().ts()).isCloseTo(TS + 500 * TW / 2, within(1e-6));
    assertThat(c.knowsBandwidth()).isFalse();
  }

  @Test
  void keepsABoundedNumberOfPeersForgettingTheLeastRecentlySampled() {
    LinkLearner learner = new LinkLearner();
    for (int i = 0; i <= LinkLearner.MAX_PEERS; i++) learner.record("peer" + i, 100, 1000);
    assertThat(learner.estimates()).hasSize(LinkLearner.MAX_PEERS);
    assertThat(learner.samples("peer0")).isZero();
    assertThat(learner.samples("peer" + LinkLearner.MAX_PEERS)).isOne();
  }

  @Test
  void methodTimesAreMeansPerMethodAndBounded() {
    MethodTimes m = new MethodTimes();
    m.record("MatrixOps.times", 2_000_000);
    m.record("MatrixOps.times", 4_000_000);
    m.record("MatrixOps.svd", 10_000_000);
    assertThat(m.snapshot())
        .containsExactly(
            new MethodCost("MatrixOps.svd", 0.010, 1), new MethodCost("MatrixOps.times", 0.003, 2));
    for (int i = 0; i < MethodTimes.MAX_METHODS + 10; i++) m.record("S.m" + i, 1);
    assertThat(m.snapshot()).hasSize(MethodTimes.MAX_METHODS);
  }

  /**
   * A method's typical time is the median of its last runs, so that a slow first run (class loading, interpreted code)
   * or an outlier does not hide that it is quick now: with the all-time mean, bench latency's method2 on S2 looked
   * like 1 ms after thousands of 20 us runs.
   */
  @Test
  void aMethodsTypicalTimeIsTheMedianOfItsLastRuns() {
    MethodTimes m = new MethodTimes();
    m.record("Work.append", 50_000_000); // the first run: 50 ms
    for (int i = 1; i < MethodTimes.RECENT_RUNS; i++) {
      assertThat(m.typicalNanos("Work.append")).as("after %d runs", i).isEqualTo(-1);
      m.record("Work.append", 10_000 + i);
    }
    assertThat(m.typicalNanos("Work.append")).isEqualTo(10_000 + MethodTimes.RECENT_RUNS / 2);
    for (int i = 0; i < MethodTimes.RECENT_RUNS / 2 + 1; i++) m.record("Work.append", 3_000_000);
    assertThat(m.typicalNanos("Work.append")).as("slow most of the last runs").isEqualTo(3_000_000);
    assertThat(m.typicalNanos("Work.never")).isEqualTo(-1);
  }

  @Test
  void aProbeValueIsMadeFromItsIdAndNoRandomIdIsOne() {
    assertThat(LinkProbe.value(LinkProbe.id(LinkProbe.LARGE_BYTES))).hasSize(LinkProbe.LARGE_BYTES);
    assertThat(LinkProbe.value(LinkProbe.id(Integer.MAX_VALUE))).hasSize(LinkProbe.MAX_BYTES);
    assertThat(LinkProbe.isProbe(java.util.UUID.randomUUID())).isFalse();
  }
}
