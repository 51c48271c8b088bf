package org.gridrmi.perf.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.gridrmi.perf.placement.PredictorTest.ALL;
import static org.gridrmi.perf.placement.PredictorTest.C;
import static org.gridrmi.perf.placement.PredictorTest.LAN;
import static org.gridrmi.perf.placement.PredictorTest.S1;
import static org.gridrmi.perf.placement.PredictorTest.S2;
import static org.gridrmi.perf.placement.PredictorTest.S3;
import static org.gridrmi.perf.placement.PredictorTest.WAN;

import java.util.List;
import org.gridrmi.perf.placement.Schedule.Arg;
import org.gridrmi.perf.placement.Schedule.Step;
import org.junit.jupiter.api.Test;

/** Whole compositions under the model, on hand-made tables. */
class ScheduleTest {
  static final double LIMIT = 1 << 20;

  @Test
  void aTwoCallChainAcrossServersIsTheSumOfItsTerms() {
    CostTable t = PredictorTest.mixed().resultBytes("m", 10_000).build();
    Schedule s = new Schedule(
        C,
        List.of(
            new Step("m", List.of(new Arg.Put(0, 1000)), false),
            new Step("m", List.of(new Arg.Result(0)), true)),
        LIMIT);
    double first = LAN.seconds(1000) + 0.010; // the batch with the put, then compute
    double second =
        Math.max(first, LAN.ts() + LAN.ts()) + LAN.seconds(10_000) + 0.010; // fetched from S1 on S2
    double total = second + LAN.seconds(10_000); // the client's fetch of the result
    assertThat(s.simulate(t, new String[] {S1, S2})).isCloseTo(total, within(1e-12));
  }

  @Test
  void theExhaustiveSearchFindsTheMinimumOfEveryAssignment() {
    CostTable t = PredictorTest.mixed()
        .compute(S3, "m", 0.001)
        .compute(S1, "m", 0.030)
        .resultBytes("m", 200_000)
        .resultBytes("small", 8)
        .compute(S1, "small", 0.001)
        .compute(S2, "small", 0.001)
        .compute(S3, "small", 0.001)
        .build();
    Schedule s = new Schedule(
        C,
        List.of(
            new Step("m", List.of(new Arg.Put(0, 100_000)), false),
            new Step("m", List.of(new Arg.Result(0)), false),
            new Step("m", List.of(new Arg.Put(0, 100_000), new Arg.Result(1)), false),
            new Step("small", List.of(new Arg.Result(2)), true)),
        LIMIT);
    double min = Double.POSITIVE_INFINITY;
    for (int code = 0; code < 81; code++) {
      String[] a = new String[4];
      for (int i = 0, c = code; i < 4; i++, c /= 3) a[i] = ALL.get(c % 3);
      min = Math.min(min, s.simulate(t, a));
    }
    String[] best = s.best(t, ALL);
    assertThat(s.simulate(t, best)).isCloseTo(min, within(1e-12));
    assertThat(s.simulate(t, best)).isLessThanOrEqualTo(s.simulate(t, s.greedy(t, ALL)) + 1e-12);
  }

  @Test
  void independentChainsSpreadOverTheServersThreads() {
    // four chains of two 1 s calls; one thread per server: the greedy policy puts them side by side
    CostSnapshot.Builder b = CostSnapshot.builder()
        .links(C, S1, LAN)
        .links(C, S2, LAN)
        .links(S1, S2, LAN)
        .resultBytes("m", 1000)
        .threads(S1, 1)
        .threads(S2, 1);
    b.compute(S1, "m", 1).compute(S2, "m", 1);
    CostTable t = b.build();
    List<Step> steps = new java.util.ArrayList<>();
    for (int c = 0; c < 2; c++) {
      steps.add(new Step("m", List.of(), false));
      steps.add(new Step("m", List.of(new Arg.Result(steps.size() - 1)), true));
    }
    Schedule s = new Schedule(C, steps, LIMIT);
    String[] g = s.greedy(t, List.of(S1, S2));
    assertThat(g).containsExactly(S1, S1, S2, S2);
    assertThat(s.simulate(t, g)).isLessThan(2.1);
    assertThat(s.simulate(t, new String[] {S1, S1, S1, S1})).isGreaterThan(4);
  }

  @Test
  void theSearchOverTwelveCallsOnFourServersBeatsEverySimplerAssignment() {
    String s4 = "rmi://s4:1";
    List<String> four = List.of(S1, S2, S3, s4);
    CostSnapshot.Builder b = PredictorTest.mixed()
        .links(C, s4, WAN)
        .links(S1, s4, WAN)
        .links(S2, s4, WAN)
        .links(S3, s4, LAN)
        .resultBytes("m", 320_000)
        .resultBytes("v", 1600);
    for (String s : four) b.compute(s, "v", 0.0005);
    b.compute(s4, "m", 0.010).compute(S3, "m", 0.030);
    CostTable t = b.build();
    List<Step> steps = new java.util.ArrayList<>();
    steps.add(new Step("m", List.of(new Arg.Held(0, S3, 320_000)), false));
    for (int i = 1; i < 6; i++) steps.add(new Step("m", List.of(new Arg.Result(i - 1)), false));
    for (int i = 6; i < 12; i++) steps.add(new Step("v", List.of(new Arg.Result(i - 1)), i == 11));
    Schedule s = new Schedule(C, steps, LIMIT);
    double best = s.simulate(t, s.best(t, four));
    assertThat(best).isLessThanOrEqualTo(s.simulate(t, s.greedy(t, four)) + 1e-12);
    for (String one : four) {
      String[] all = new String[12];
      java.util.Arrays.fill(all, one);
      assertThat(best).isLessThanOrEqualTo(s.simulate(t, all) + 1e-12);
    }
  }

  @Test
  void withResultSizesAloneTheGreedyPolicyIsLocality() {
    CostTable sizesOnly =
        PredictorTest.mixed().resultBytes("m", 500_000).build().resultSizesOnly();
    Schedule s = new Schedule(
        C,
        List.of(
            new Step("m", List.of(new Arg.Held(0, S3, 1_000_000)), false),
            new Step("m", List.of(new Arg.Result(0), new Arg.Held(1, S1, 1000)), true)),
        LIMIT);
    assertThat(s.greedy(sizesOnly, ALL)).containsExactly(S3, S3);
  }

  @Test
  void aValueFetchedOnceIsThereForTheNextCallOnTheSameServer() {
    CostTable t = PredictorTest.mixed().resultBytes("m", 8).build();
    Arg a = new Arg.Held(0, S3, 1_000_000);
    Schedule twice = new Schedule(
        C,
        List.of(
            new Step("m", List.of(a), false), new Step("m", List.of(a, new Arg.Result(0)), true)),
        LIMIT);
    Schedule once = new Schedule(
        C,
        List.of(new Step("m", List.of(a), false), new Step("m", List.of(new Arg.Result(0)), true)),
        LIMIT);
    // the second use of the value on S1 finds its replica: no second WAN transfer
    assertThat(twice.simulate(t, new String[] {S1, S1}))
        .isCloseTo(once.simulate(t, new String[] {S1, S1}), within(1e-9));
  }

  @Test
  void onlyEarlierResultsCanBeArguments() {
    assertThatThrownBy(() ->
            new Schedule(C, List.of(new Step("m", List.of(new Arg.Result(0)), true)), LIMIT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("earlier");
  }

  @Test
  void aLargeArgumentOnTheWanSideKeepsTheChainThere() {
    CostTable t = PredictorTest.mixed().resultBytes("m", 1_000_000).build();
    Schedule s = new Schedule(
        C,
        List.of(
            new Step("m", List.of(), false),
            new Step("m", List.of(new Arg.Result(0)), false),
            new Step("m", List.of(new Arg.Result(1)), false)),
        LIMIT);
    String[] onS3 = {S3, S3, S3};
    String[] split = {S3, S1, S1};
    assertThat(s.simulate(t, onS3))
        .isLessThan(s.simulate(t, split) - WAN.seconds(1_000_000) + 0.05);
  }
}
