package org.gridrmi.perf.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.gridrmi.perf.LinkCost;
import org.junit.jupiter.api.Test;

/** The policy's choice on hand-made cost tables: no network, no clock. */
class PredictorTest {
  static final String C = "rmi://client:1";
  static final String S1 = "rmi://s1:1";
  static final String S2 = "rmi://s2:1";
  static final String S3 = "rmi://s3:1";
  static final LinkCost LAN = new LinkCost(0.0002, 1e-8); // 0.2 ms, 100 MB/s
  static final LinkCost WAN = new LinkCost(0.021, 323e-9); // the paper's testbed
  static final List<String> ALL = List.of(S1, S2, S3);

  /** S1 and S2 on a LAN with the client, S3 behind the WAN; every method 10 ms everywhere. */
  static CostSnapshot.Builder mixed() {
    CostSnapshot.Builder b = CostSnapshot.builder()
        .links(C, S1, LAN)
        .links(C, S2, LAN)
        .links(S1, S2, LAN)
        .links(C, S3, WAN)
        .links(S1, S3, WAN)
        .links(S2, S3, WAN);
    for (String s : ALL) b.compute(s, "m", 0.010);
    return b;
  }

  static Choice choose(CostTable t, Timeline tl, Input... inputs) {
    return Predictor.choose(t, tl, new Call("m", C, List.of(inputs), null), ALL, 0);
  }

  @Test
  void aCallFollowsItsLargeArgumentToTheServerHoldingIt() {
    Choice c = choose(mixed().build(), new Timeline(), Input.at(S3, 1_000_000, 0.5));
    assertThat(c.fallback()).isNull();
    assertThat(c.chosen()).isEqualTo(S3);
    // elsewhere it pays the WAN: t_s + 1 MB x 323 ns/B = 344 ms more
    assertThat(c.estimates().get(0).finish() - c.chosenEstimate().finish()).isGreaterThan(0.3);
  }

  @Test
  void aMuchFasterServerWinsOverLocalityWhenMovingTheArgumentIsCheap() {
    CostTable t = mixed().compute(S1, "m", 1.0).compute(S2, "m", 0.05).build();
    Choice c = choose(t, new Timeline(), Input.at(S1, 100_000, 0));
    assertThat(c.chosen()).isEqualTo(S2);
  }

  @Test
  void aCallFillsAGapWhereAThreadIsIdle() {
    Timeline tl = new Timeline();
    tl.occupy(S1, 1, 0.5, 1.0); // the one thread is busy from 0.5 to 1 s
    assertThat(tl.earliest(S1, 1, 0, 0.4)).isZero(); // a 0.4 s call fits before it
    assertThat(tl.earliest(S1, 1, 0, 0.6)).isEqualTo(1.0); // a 0.6 s one waits for its end
    tl.occupy(S1, 1, 0, 0.4);
    assertThat(tl.earliest(S1, 1, 0, 0.1)).isCloseTo(0.4, within(1e-12));
    tl.forget(2.0);
    assertThat(tl.earliest(S1, 1, 0, 5)).isZero();
  }

  @Test
  void aBusyServerIsAvoided() {
    Timeline tl = new Timeline();
    tl.occupy(S1, 2, 0, 3.0);
    tl.occupy(S1, 2, 0, 3.0); // both threads of S1 busy for 3 s
    Choice c = choose(mixed().build(), tl, Input.at(S1, 100_000, 0));
    assertThat(c.chosen()).isEqualTo(S2);
    Estimate onS1 = c.estimates().get(0);
    assertThat(onS1.queue()).isCloseTo(3.0 - onS1.ready(), within(1e-9));
  }

  @Test
  void aReportedBacklogCountsLikeTheClientsOwnCalls() {
    Choice c = choose(mixed().backlog(S1, 2.0).build(), new Timeline(), Input.at(S1, 100_000, 0));
    assertThat(c.chosen()).isEqualTo(S2);
  }

  @Test
  void theBreakdownIsTheModelsTerms() {
    // S2 computes m in 10 ms; the argument (50 kB) is on S1 and exists at t = 0.1 s
    CostTable t = mixed().build();
    Estimate e = Predictor.estimate(
        t, new Timeline(), new Call("m", C, List.of(Input.at(S1, 50_000, 0.1)), null), S2, 0, ALL);
    // the batch: one message, after a round trip to S1, which must accept the batch making the
    // argument first
    assertThat(e.arrival()).isCloseTo(3 * LAN.ts(), within(1e-12));
    Estimate.Transfer tr = e.transfers().get(0);
    assertThat(tr.seconds()).isCloseTo(LAN.seconds(50_000), within(1e-12)); // t_s + n t_w
    assertThat(tr.availableAt())
        .isCloseTo(0.1 + LAN.seconds(50_000), within(1e-12)); // once it exists
    assertThat(e.start()).isCloseTo(tr.availableAt(), within(1e-12)); // no queue
    assertThat(e.finish()).isCloseTo(e.start() + 0.010, within(1e-12));
    assertThat(e.notes()).isEmpty();
  }

  @Test
  void aCallTakingAValueAlreadyMadeIsNotHeldBack() {
    Estimate e = Predictor.estimate(
        mixed().build(),
        new Timeline(),
        new Call("m", C, List.of(Input.at(S3, 1000, 0)), null),
        S1,
        0,
        ALL);
    assertThat(e.arrival()).isCloseTo(LAN.ts(), within(1e-12));
    Estimate held = Predictor.estimate(
        mixed().build(),
        new Timeline(),
        new Call("m", C, List.of(Input.at(S3, 1000, 0.5)), null),
        S1,
        0,
        ALL);
    assertThat(held.arrival()).isCloseTo(2 * WAN.ts() + LAN.ts(), within(1e-12));
  }

  @Test
  void smallPutValuesTravelInTheBatchAndOnceThere() {
    CostTable t = mixed().build();
    Input put = new Input(C, 80_000, 0, true, java.util.Map.of(S3, 0.0)); // pushed to S3 before
    Estimate onS3 =
        Predictor.estimate(t, new Timeline(), new Call("m", C, List.of(put), null), S3, 0, ALL);
    Estimate onS1 =
        Predictor.estimate(t, new Timeline(), new Call("m", C, List.of(put), null), S1, 0, ALL);
    assertThat(onS3.transfers().get(0).seconds()).isZero();
    assertThat(onS3.arrival()).isCloseTo(WAN.ts(), within(1e-12));
    assertThat(onS1.arrival()).isCloseTo(LAN.seconds(80_000), within(1e-12));
  }

  @Test
  void whereTheResultGoesNextCounts() {
    CostTable t = mixed().resultBytes("m", 1_000_000).build();
    // the argument is small and on S1, the large result goes to S3 next: computing it on S3 saves
    // the WAN
    Choice c = Predictor.choose(
        t, new Timeline(), new Call("m", C, List.of(Input.at(S1, 1000, 0)), S3), ALL, 0);
    assertThat(c.chosen()).isEqualTo(S3);
    assertThat(c.estimates().get(0).forward()).isCloseTo(WAN.seconds(1_000_000), within(1e-12));
  }

  @Test
  void withoutCalibrationItFallsBackToTheServerHoldingTheLargestArgumentAndSaysSo() {
    Choice c = choose(
        CostSnapshot.empty(), new Timeline(), Input.at(S1, 1000, 0), Input.at(S2, 90_000, 0));
    assertThat(c.chosen()).isEqualTo(S2);
    assertThat(c.estimates()).isEmpty();
    assertThat(c.fallback())
        .contains("no calibration data yet")
        .contains("no link measured")
        .contains("locality")
        .contains(S2);
  }

  @Test
  void linksWithoutComputeTimesOfTheMethodAreNoCalibrationEither() {
    CostTable t =
        CostSnapshot.builder().links(S1, S2, LAN).compute(S1, "other", 1).build();
    Choice c = choose(t, new Timeline(), Input.at(S3, 5000, 0));
    assertThat(c.chosen()).isEqualTo(S3);
    assertThat(c.fallback()).contains("no compute time of m");
  }

  @Test
  void withNoArgumentHeldByACandidateTheFallbackKeepsTheCallersOrder() {
    Choice c = choose(
        CostSnapshot.empty(), new Timeline(), new Input(C, 100, 0, true, java.util.Map.of()));
    assertThat(c.chosen()).isEqualTo(S1);
    assertThat(c.fallback()).contains("lowest load");
  }

  @Test
  void aServerThatNeverRanTheMethodBorrowsTheOthersMeanAndTheNoteSaysSo() {
    CostTable t = CostSnapshot.builder()
        .links(C, S1, LAN)
        .links(C, S2, LAN)
        .links(S1, S2, LAN)
        .compute(S1, "m", 0.2)
        .build();
    Estimate e = Predictor.estimate(
        t, new Timeline(), new Call("m", C, List.of(), null), S2, 0, List.of(S1, S2));
    assertThat(e.compute()).isEqualTo(0.2);
    assertThat(e.notes()).anyMatch(n -> n.contains("not run on " + S2));
  }

  @Test
  void anUnmeasuredLinkIsAssumedTheSlowest() {
    CostTable t = CostSnapshot.builder()
        .links(C, S1, LAN)
        .link(S1, S3, WAN)
        .compute(S3, "m", 0.01)
        .build();
    Estimate e =
        Predictor.estimate(t, new Timeline(), new Call("m", C, List.of(), null), S3, 0, ALL);
    assertThat(e.arrival()).isCloseTo(WAN.ts(), within(1e-12));
    assertThat(e.notes()).anyMatch(n -> n.contains("not measured yet"));
  }

  @Test
  void tiesGoToTheFirstCandidate() {
    Choice c = choose(mixed().build(), new Timeline());
    assertThat(c.chosen()).isEqualTo(S1);
  }
}
