package org.gridrmi.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Each equation on the paper's testbed (section 3.6) and on small cases computed by hand. */
class CostModelTest {
  private static final double MS = 1e-3;
  private final CostModel paper = new CostModel(CostParameters.paperTestbed());
  private final Composition fig2 = Composition.twoCalls(100e3, 100e3, 0.5, 0.5);

  private double comm(CostModel m, Variant v, Composition c) {
    return m.predict(v, c).commSeconds() / MS;
  }

  private double total(CostModel m, Variant v, Composition c) {
    return m.predict(v, c).totalSeconds() / MS;
  }

  @Test
  void paperTestbed() {
    // eq.1: 4*21 + (2*100 + 100) KB * 0.323 ms/KB = 84 + 96.9
    assertThat(comm(paper, Variant.PLAIN, fig2)).isCloseTo(180.9, within(1e-9));
    assertThat(total(paper, Variant.PLAIN, fig2)).isCloseTo(1180.9, within(1e-9));
    // eq.2: 6*21 + (64 B + 200 KB) * 0.323 ms/KB
    assertThat(comm(paper, Variant.LAZY_ACROSS, fig2))
        .isCloseTo(126 + 200.064 * 0.323, within(1e-9));
    // eq.3 with tau = 0 equals eq.4: 4*21 + (64 B + 100 KB) * 0.323
    assertThat(comm(paper, Variant.LAZY_ONE_SERVER, fig2))
        .isCloseTo(84 + 100.064 * 0.323, within(1e-9));
    assertThat(comm(paper, Variant.LOCALIZED_ONE_SERVER, fig2))
        .isCloseTo(84 + 100.064 * 0.323, within(1e-9));
    // eq.5: 21 + max(500, 2(21 + 0.010336) + 21) + 32.3 + 500 + 21 + 32.3
    assertThat(total(paper, Variant.FUTURE_ACROSS, fig2)).isCloseTo(1106.6, within(1e-9));
    assertThat(comm(paper, Variant.FUTURE_ACROSS, fig2)).isCloseTo(106.6, within(1e-9));
    // eq.6 = eq.5 when t1 dominates
    assertThat(total(paper, Variant.FUTURE_ACROSS_ASSUMED, fig2)).isCloseTo(1106.6, within(1e-9));
    // eq.7: 21 + 500 + 500 + 21 + 32.3
    assertThat(total(paper, Variant.FUTURE_ONE_SERVER, fig2)).isCloseTo(1074.3, within(1e-9));
    assertThat(total(paper, Variant.LOWER_BOUND, fig2)).isCloseTo(1074.3, within(1e-9));
  }

  @Test
  void eq3AddsTheLocalSocket() {
    CostModel m = new CostModel(
        CostParameters.paperTestbed().withLocalSocket(new LinkCost(2 * MS, 10e-6 / 1000)));
    // + 2 tau_s + n1 tau_w = 4 ms + 100 KB * 10 us/KB = 5 ms
    assertThat(comm(m, Variant.LAZY_ONE_SERVER, fig2) - comm(m, Variant.LOCALIZED_ONE_SERVER, fig2))
        .isCloseTo(5, within(1e-9));
  }

  /** t_s = 1, t_w = 0.01 per byte, n_r = 10, n1 = 100, n2 = 50 (units: ms and bytes, scaled to SI). */
  @Test
  void smallHandComputedCases() {
    CostModel m = new CostModel(new CostParameters(
        new LinkCost(1 * MS, 0.01 * MS), new LinkCost(0.5 * MS, 0.001 * MS), 10));
    Composition c = Composition.twoCalls(100, 50, 3 * MS, 4 * MS);
    assertThat(comm(m, Variant.PLAIN, c)).isCloseTo(4 + 250 * 0.01, within(1e-9)); // 6.5
    assertThat(total(m, Variant.PLAIN, c)).isCloseTo(13.5, within(1e-9));
    assertThat(comm(m, Variant.LAZY_ACROSS, c)).isCloseTo(6 + 170 * 0.01, within(1e-9)); // 7.7
    assertThat(comm(m, Variant.LAZY_ONE_SERVER, c))
        .isCloseTo(4 + 70 * 0.01 + 1 + 0.1, within(1e-9)); // 5.8
    assertThat(comm(m, Variant.LOCALIZED_ONE_SERVER, c)).isCloseTo(4.7, within(1e-9));
    // eq.5: 1 + max(3, 2(1 + 0.1) + 1 = 3.2) + 1 + 4 + 1 + 0.5 = 10.7: here the reference round
    // trip dominates
    assertThat(total(m, Variant.FUTURE_ACROSS, c)).isCloseTo(10.7, within(1e-9));
    // eq.6 ignores that: 1 + 3 + 1 + 4 + 1 + 0.5 = 10.5
    assertThat(total(m, Variant.FUTURE_ACROSS_ASSUMED, c)).isCloseTo(10.5, within(1e-9));
    // eq.7 max form: method2 arrives at 1 + 2.2 = 3.2, before method1 ends at 4; 4 + 4 + 1 + 0.5
    assertThat(total(m, Variant.FUTURE_ONE_SERVER, c)).isCloseTo(9.5, within(1e-9));
    assertThat(comm(m, Variant.FUTURE_ONE_SERVER, c)).isCloseTo(2.5, within(1e-9));
    assertThat(total(m, Variant.LOWER_BOUND, c)).isCloseTo(2 + 0.5 + 7, within(1e-9));
  }

  @Test
  void eq7MaxFormWaitsForTheSecondCallWhenTheFirstIsShort() {
    CostModel m =
        new CostModel(new CostParameters(new LinkCost(1 * MS, 0.01 * MS), LinkCost.ZERO, 10));
    Composition c = Composition.twoCalls(100, 50, 1 * MS, 4 * MS);
    // call 2 arrives at 1 + 2(1 + 0.1) = 3.2 > F1 = 2: 3.2 + 4 + 1 + 0.5
    assertThat(total(m, Variant.FUTURE_ONE_SERVER, c)).isCloseTo(8.7, within(1e-9));
  }

  @Test
  void chainOfThreeCalls() {
    CostModel m =
        new CostModel(new CostParameters(new LinkCost(1 * MS, 0.01 * MS), LinkCost.ZERO, 10));
    // n0 = 20, n1 = 100, n2 = 200, n3 = 50; t = 10, 20, 30 ms
    Composition c =
        new Composition(20, new double[] {100, 200, 50}, new double[] {10 * MS, 20 * MS, 30 * MS});
    // plain: 6 t_s + (20 + 2*300 + 50) t_w = 6 + 6.7
    assertThat(comm(m, Variant.PLAIN, c)).isCloseTo(12.7, within(1e-9));
    // lazy across: 10 t_s + (20 + 4*10 + 300 + 50) t_w = 10 + 4.1
    assertThat(comm(m, Variant.LAZY_ACROSS, c)).isCloseTo(14.1, within(1e-9));
    // localized one server: 6 t_s + (20 + 40 + 50) t_w = 6 + 1.1
    assertThat(comm(m, Variant.LOCALIZED_ONE_SERVER, c)).isCloseTo(7.1, within(1e-9));
    // future across: A1 = 1.2, F1 = 11.2; A2 = 3.4, B2 = max(11.2, 4.4) + 1 = 12.2, F2 = 32.2;
    // A3 = 5.6, B3 = max(32.2, 6.6) + 2 = 34.2, F3 = 64.2; total = 64.2 + 1.5
    assertThat(total(m, Variant.FUTURE_ACROSS, c)).isCloseTo(65.7, within(1e-9));
    assertThat(total(m, Variant.FUTURE_ACROSS_ASSUMED, c)).isCloseTo(2 + 3.7 + 60, within(1e-9));
    // future one server: 1.2 + 60 + 1.5
    assertThat(total(m, Variant.FUTURE_ONE_SERVER, c)).isCloseTo(62.7, within(1e-9));
    assertThat(total(m, Variant.LOWER_BOUND, c)).isCloseTo(2 + 0.7 + 60, within(1e-9));
  }

  @Test
  void chainOfOneCallIsOneCallForEveryVariant() {
    CostModel m = new CostModel(
        new CostParameters(new LinkCost(1 * MS, 0.01 * MS), new LinkCost(0.3 * MS, 0), 10));
    Composition c = new Composition(100, new double[] {50}, new double[] {5 * MS});
    for (Variant v : Variant.values())
      assertThat(total(m, v, c)).as(v.name()).isCloseTo(8.5, within(1e-9));
  }

  @Test
  void chainOfTwoIsThePaperForRandomInputs() {
    java.util.Random r = new java.util.Random(1);
    for (int i = 0; i < 200; i++) {
      double ts = r.nextDouble() * 0.05, tw = r.nextDouble() * 1e-6, nr = 32;
      double n1 = r.nextDouble() * 1e6,
          n2 = r.nextDouble() * 1e6,
          t1 = r.nextDouble(),
          t2 = r.nextDouble();
      CostModel m = new CostModel(CostParameters.of(ts, tw));
      Composition c = Composition.twoCalls(n1, n2, t1, t2);
      double eq5 = ts + Math.max(t1, 2 * (ts + nr * tw) + ts) + n1 * tw + t2 + ts + n2 * tw;
      assertThat(m.predict(Variant.FUTURE_ACROSS, c).totalSeconds()).isCloseTo(eq5, within(1e-12));
      assertThat(m.predict(Variant.PLAIN, c).commSeconds())
          .isCloseTo(4 * ts + (2 * n1 + n2) * tw, within(1e-12));
      assertThat(m.predict(Variant.LAZY_ACROSS, c).commSeconds())
          .isCloseTo(6 * ts + (2 * nr + n1 + n2) * tw, within(1e-12));
      if (t1 >= 2 * (ts + nr * tw)) {
        assertThat(m.predict(Variant.FUTURE_ONE_SERVER, c).totalSeconds())
            .isCloseTo(ts + t1 + t2 + ts + n2 * tw, within(1e-12));
      }
    }
  }

  @Test
  void recommendationAcrossServers() {
    Recommendation r = paper.recommend(fig2, CallLayout.ACROSS_SERVERS);
    assertThat(r.choice()).isEqualTo(Recommendation.Choice.IMPROVED);
    assertThat(r.reason())
        .isEqualTo(
            "across servers: predicted 1106.6 ms vs 1180.9 ms with plain RMI (eq. 5 vs eq. 1),"
                + " 74.3 ms less");
    assertThat(r.savingSeconds()).isCloseTo(0.0743, within(1e-9));
    assertThat(r.ruleAgrees()).isTrue();
    assertThat(r.ruleLine())
        .isEqualTo("rule of thumb (section 3.5, across servers: improved if t_i > 2(t_s + n_r t_w))"
            + " agrees: t1 = 500.0 ms > 2(t_s + n_r t_w) = 42.0 ms");
  }

  /**
   * A 30 ms method1 does not outlast the 42 ms reference trip, so the rule of thumb says plain; but plain RMI also
   * carries the 100 KB through the client twice, and eq. 5 (669.6 ms) beats eq. 1 (710.9 ms).
   */
  @Test
  void whereTheRuleOfThumbDisagreesThePredictionDecidesAndTheRuleSaysWhy() {
    Recommendation r =
        paper.recommend(Composition.twoCalls(100e3, 100e3, 0.030, 0.5), CallLayout.ACROSS_SERVERS);
    assertThat(r.choice()).isEqualTo(Recommendation.Choice.IMPROVED);
    assertThat(r.plainSeconds()).isCloseTo(0.7109, within(1e-9));
    assertThat(r.improvedSeconds())
        .isCloseTo(0.669620672, within(1e-12)); // 21 + 63.02 + 32.3 + 500 + 53.3
    assertThat(r.ruleAgrees()).isFalse();
    assertThat(r.ruleOfThumb().choice()).isEqualTo(Recommendation.Choice.PLAIN);
    assertThat(r.ruleOfThumb().check()).isEqualTo("t1 = 30.0 ms <= 2(t_s + n_r t_w) = 42.0 ms");
    assertThat(r.ruleLine())
        .contains(
            "disagrees: t1 = 30.0 ms <= 2(t_s + n_r t_w) = 42.0 ms would choose plain RMI;",
            "n1 = 100 KB through the client and back (2 n1 t_w = 64.6 ms)",
            "so improved is predicted 41.3 ms faster");
  }

  @Test
  void recommendationOnOneServer() {
    Recommendation fig = paper.recommend(fig2, CallLayout.ONE_SERVER);
    assertThat(fig.choice()).isEqualTo(Recommendation.Choice.IMPROVED);
    assertThat(fig.ruleOfThumb().check()).isEqualTo("n1 = 100 KB > 2 n_r = 64 B");
    // 16 B is less than two references, but call 2 still goes out while call 1 computes: eq. 7
    // saves 2 t_s
    Recommendation p =
        paper.recommend(Composition.twoCalls(16, 100e3, 0.5, 0.5), CallLayout.ONE_SERVER);
    assertThat(p.choice()).isEqualTo(Recommendation.Choice.IMPROVED);
    assertThat(p.ruleOfThumb().choice()).isEqualTo(Recommendation.Choice.PLAIN);
    assertThat(p.ruleLine())
        .contains("n1 = 16 B <= 2 n_r = 64 B would choose plain RMI", "2 t_s = 42.0 ms");
    Composition chain =
        new Composition(0, new double[] {1e5, 8, 1e5}, new double[] {0.5, 0.5, 0.5});
    assertThat(paper.recommend(chain, CallLayout.ONE_SERVER).ruleOfThumb().check())
        .isEqualTo("n2 = 8 B <= 2 n_r = 64 B");
  }

  @Test
  void whereThePredictionsTieItIsPlainAndARuleThatSaysImprovedIsToldWhy() {
    Recommendation r =
        new CostModel(CostParameters.of(0, 0)).recommend(fig2, CallLayout.ACROSS_SERVERS);
    assertThat(r.choice()).isEqualTo(Recommendation.Choice.PLAIN);
    assertThat(r.reason()).contains("predicted 1000.0 ms with either");
    assertThat(r.ruleOfThumb().choice()).isEqualTo(Recommendation.Choice.IMPROVED);
    assertThat(r.ruleLine()).contains("disagrees", "the predicted times are equal (1000.0 ms)");
  }

  @Test
  void aSingleCallIsPlain() {
    Recommendation r = paper.recommend(
        new Composition(0, new double[] {1e3}, new double[] {0.1}), CallLayout.ONE_SERVER);
    assertThat(r.choice()).isEqualTo(Recommendation.Choice.PLAIN);
    assertThat(r.ruleAgrees()).isTrue();
    assertThat(r.reason()).startsWith("a single call composes nothing");
  }

  /** The recommendation is the variant with the smaller predicted time, whatever the rule of thumb says. */
  @Test
  void recommendationFollowsThePredictedTimes() {
    java.util.Random r = new java.util.Random(12);
    for (int i = 0; i < 500; i++) {
      CostModel m = new CostModel(new CostParameters(
          new LinkCost(r.nextDouble() * 0.05, r.nextDouble() * 1e-6), LinkCost.ZERO, 32));
      Composition c = Composition.twoCalls(
          r.nextDouble() * 1e5, r.nextDouble() * 1e5, r.nextDouble() * 0.1, r.nextDouble() * 0.1);
      for (CallLayout p : CallLayout.values()) {
        Recommendation rec = m.recommend(c, p);
        assertThat(rec.choice())
            .as("%s %s", c, p)
            .isEqualTo(
                rec.improvedSeconds() < rec.plainSeconds()
                    ? Recommendation.Choice.IMPROVED
                    : Recommendation.Choice.PLAIN);
      }
    }
  }

  @Test
  void variantsPerLayout() {
    assertThat(Variant.of(CallLayout.ONE_SERVER))
        .containsExactly(
            Variant.PLAIN,
            Variant.LAZY_ONE_SERVER,
            Variant.LOCALIZED_ONE_SERVER,
            Variant.FUTURE_ONE_SERVER,
            Variant.LOWER_BOUND);
    assertThat(Variant.improved(CallLayout.ACROSS_SERVERS)).isEqualTo(Variant.FUTURE_ACROSS);
  }
}
