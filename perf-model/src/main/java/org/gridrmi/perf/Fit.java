package org.gridrmi.perf;

import java.util.Locale;
import org.gridrmi.runtime.cost.LineFit;

/**
 * An ordinary least-squares straight line y = intercept + slope x with its coefficient of determination (computed by
 * remote-ref's {@code LineFit}, which the nodes' online link estimates share). Used by
 * {@code gridrmi calibrate} to fit one-way message time = t_s + n t_w to measured (n, time) points.
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
      throw new IllegalArgumentException("x and y differ in length: " + x.length + " vs " + y.length);
    }
    LineFit f = LineFit.of(x, y, x.length);
    return new Fit(f.intercept(), f.slope(), f.r2(), f.points());
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
    return String.format(Locale.ROOT, "y = %.6g + %.6g x (R^2 %.5f, %d points)", intercept, slope, r2, points);
  }
}
