package org.gridrmi.perf;

import java.util.Locale;

/**
 * An ordinary least-squares straight line y = intercept + slope x with its coefficient of determination. The one
 * implementation of the fit: {@code gridrmi calibrate} fits one-way message time = t_s + n t_w to measured
 * (n, time) points with it, and the nodes' online link estimates (the runtime's {@code LinkSamples}) fit their
 * recent round trips.
 *
 * @param intercept the fitted value at x = 0 (t_s when x is bytes and y seconds)
 * @param slope the fitted increase of y per unit of x (t_w)
 * @param r2 the coefficient of determination 1 - SS_res / SS_tot; 1 for a perfect fit, also when every y is
 *     equal and fitted exactly; may be below 0 only for a constrained fit, never for this one
 * @param points how many points were fitted
 */
public record Fit(double intercept, double slope, double r2, int points) {

  /**
   * Fits a line to the points (x_i, y_i) by least squares.
   *
   * @throws IllegalArgumentException if the arrays differ in length, hold fewer than 3 points, hold a non-finite
   *     value, or all x are equal (the slope is then undetermined)
   */
  public static Fit line(double[] x, double[] y) {
    if (x.length != y.length) {
      throw new IllegalArgumentException(
          "x and y differ in length: " + x.length + " vs " + y.length);
    }
    return line(x, y, x.length);
  }

  /**
   * Fits a line to the first {@code n} points (x_i, y_i) by least squares (a ring of samples fills its arrays
   * gradually).
   *
   * @throws IllegalArgumentException if the arrays differ in length or are shorter than {@code n}, {@code n} is below
   *     3, a value is not finite, or all x are equal (the slope is then undetermined)
   */
  public static Fit line(double[] x, double[] y, int n) {
    if (x.length != y.length) {
      throw new IllegalArgumentException(
          "x and y differ in length: " + x.length + " vs " + y.length);
    }
    if (n > x.length)
      throw new IllegalArgumentException(n + " points asked of arrays of " + x.length);
    if (n < 3) throw new IllegalArgumentException("a fit needs at least 3 points, got " + n);
    double mx = 0, my = 0;
    for (int i = 0; i < n; i++) {
      if (!Double.isFinite(x[i]) || !Double.isFinite(y[i])) {
        throw new IllegalArgumentException(
            "point " + i + " is not finite: (" + x[i] + ", " + y[i] + ")");
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
    if (sxx == 0)
      throw new IllegalArgumentException("all x are equal (" + mx + "): the slope is undetermined");
    double slope = sxy / sxx;
    double intercept = my - slope * mx;
    double ssRes = 0;
    for (int i = 0; i < n; i++) {
      double r = y[i] - (intercept + slope * x[i]);
      ssRes += r * r;
    }
    // centred data: SS_res = SS_tot - slope * S_xy; computed directly to avoid cancellation
    double r2 = syy == 0 ? (ssRes == 0 ? 1 : 0) : 1 - ssRes / syy;
    return new Fit(intercept, slope, r2, n);
  }

  /** The fitted y at x. */
  public double at(double x) {
    return intercept + slope * x;
  }

  /** Whether R^2 reaches {@link Calibration#MIN_GOOD_R2}. */
  public boolean isGood() {
    return r2 >= Calibration.MIN_GOOD_R2;
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT, "y = %.6g + %.6g x (R^2 %.5f, %d points)", intercept, slope, r2, points);
  }
}
