package org.gridrmi.runtime.cost;

/**
 * An ordinary least-squares straight line y = intercept + slope x with its coefficient of determination. The one
 * implementation of the fit: the nodes' online link estimates ({@link LinkSamples}) use it, and so does perf-model's
 * {@code Fit} (which {@code gridrmi calibrate} uses), which cannot be used here since perf-model depends on the
 * modules that learn link costs.
 *
 * @param intercept the fitted value at x = 0
 * @param slope the fitted increase of y per unit of x
 * @param r2 the coefficient of determination 1 - SS_res / SS_tot; 1 for a perfect fit, also when every y is equal
 *     and fitted exactly
 * @param points how many points were fitted
 */
public record LineFit(double intercept, double slope, double r2, int points) {

  /**
   * Fits a line to the first {@code n} points (x_i, y_i) by least squares.
   *
   * @throws IllegalArgumentException if the arrays differ in length or are shorter than {@code n}, {@code n} is below
   *     3, a value is not finite, or all x are equal (the slope is then undetermined)
   */
  public static LineFit of(double[] x, double[] y, int n) {
    if (x.length != y.length) {
      throw new IllegalArgumentException("x and y differ in length: " + x.length + " vs " + y.length);
    }
    if (n > x.length) throw new IllegalArgumentException(n + " points asked of arrays of " + x.length);
    if (n < 3) throw new IllegalArgumentException("a fit needs at least 3 points, got " + n);
    double mx = 0, my = 0;
    for (int i = 0; i < n; i++) {
      if (!Double.isFinite(x[i]) || !Double.isFinite(y[i])) {
        throw new IllegalArgumentException("point " + i + " is not finite: (" + x[i] + ", " + y[i] + ")");
      }
      mx += x[i];
      my += y[i];
    }
    mx /= n;
    my /= n;
    double sxx = 0, sxy = 0, syy = 0;
    for (int i = 0; i < n; i++) {
      double dx = x[i] - mx, dy = y[i] - my;
      sxx += dx * dx;
      sxy += dx * dy;
      syy += dy * dy;
    }
    if (sxx == 0) throw new IllegalArgumentException("all x are equal (" + mx + "): the slope is undetermined");
    double slope = sxy / sxx;
    double intercept = my - slope * mx;
    double ssRes = 0;
    for (int i = 0; i < n; i++) {
      double r = y[i] - (intercept + slope * x[i]);
      ssRes += r * r;
    }
    // centred data: SS_res = SS_tot - slope * S_xy; computed directly to avoid cancellation
    double r2 = syy == 0 ? (ssRes == 0 ? 1 : 0) : 1 - ssRes / syy;
    return new LineFit(intercept, slope, r2, n);
  }
}
