package org.gridrmi.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FitTest {
  @Test
  void recoversExactLineOfThePaperTestbed() {
    double ts = 0.021, tw = 323e-9; // 323 us per KB
    double[] n = {0, 20_000, 40_000, 80_000, 120_000, 200_000};
    double[] t = new double[n.length];
    for (int i = 0; i < n.length; i++) t[i] = ts + n[i] * tw;
    Fit f = Fit.line(n, t);
    assertThat(f.intercept()).isCloseTo(ts, within(1e-12));
    assertThat(f.slope()).isCloseTo(tw, within(1e-15));
    assertThat(f.r2()).isCloseTo(1.0, within(1e-12));
    assertThat(f.points()).isEqualTo(6);
    assertThat(f.isGood()).isTrue();
    assertThat(f.at(100_000)).isCloseTo(0.0533, within(1e-9));
  }

  @Test
  void handComputedRSquared() {
    // points (0,1) (1,3) (2,2): mean y 2, slope 0.5, intercept 1.5, residuals -0.5, 1, -0.5 ->
    // SSres 1.5, SStot 2
    Fit f = Fit.line(new double[] {0, 1, 2}, new double[] {1, 3, 2});
    assertThat(f.slope()).isCloseTo(0.5, within(1e-12));
    assertThat(f.intercept()).isCloseTo(1.5, within(1e-12));
    assertThat(f.r2()).isCloseTo(0.25, within(1e-12));
  }

  @Test
  void noisyLineStillGoodAndCloseToTruth() {
    SplittableRandom r = new SplittableRandom(7);
    double[] n = new double[11], t = new double[11];
    for (int i = 0; i < n.length; i++) {
      n[i] = i * 20_000;
      t[i] = 0.005 + n[i] * 50e-9 + (r.nextDouble() - 0.5) * 0.0005; // +-0.25 ms jitter
    }
    Fit f = Fit.line(n, t);
    assertThat(f.isGood()).isTrue();
    assertThat(f.intercept()).isCloseTo(0.005, within(0.0005));
    assertThat(f.slope()).isCloseTo(50e-9, within(5e-9));
  }

  @Test
  void detectsPoorFit() {
    // no dependence on size at all, only noise: R^2 far below 0.9
    double[] n = {0, 10, 20, 30, 40, 50};
    double[] t = {5, 1, 6, 2, 5, 1};
    Fit f = Fit.line(n, t);
    assertThat(f.r2()).isLessThan(0.9);
    assertThat(f.isGood()).isFalse();
  }

  @Test
  void refusesDegenerateInput() {
    assertThatThrownBy(() -> Fit.line(new double[] {1, 2}, new double[] {1, 2}))
        .hasMessageContaining("at least 3");
    assertThatThrownBy(() -> Fit.line(new double[] {1, 1, 1}, new double[] {1, 2, 3}))
        .hasMessageContaining("all x");
    assertThatThrownBy(() -> Fit.line(new double[] {1, 2, 3}, new double[] {1, 2}))
        .hasMessageContaining("differ");
    assertThatThrownBy(() -> Fit.line(new double[] {1, 2, 3}, new double[] {1, Double.NaN, 3}))
        .hasMessageContaining("not finite");
  }
}
