package org.gridrmi.benchmarks.harness;

import java.util.Arrays;
import java.util.Collection;

/** Order statistics of measurements. Inputs are not modified. */
public final class Stats {
  private Stats() {}

  /** The median; the mean of the two middle values for an even count. @throws IllegalArgumentException if empty */
  public static double median(double... values) {
    return percentile(values, 50);
  }

  public static double median(Collection<? extends Number> values) {
    return median(values.stream().mapToDouble(Number::doubleValue).toArray());
  }

  /**
   * The p-th percentile, 0 &le; p &le; 100, by linear interpolation between closest ranks (the R-7 / Excel
   * definition: p = 0 is the minimum, 100 the maximum, 50 the median).
   *
   * @throws IllegalArgumentException if {@code values} is empty or p is outside [0, 100]
   */
  public static double percentile(double[] values, double p) {
    if (values.length == 0) throw new IllegalArgumentException("no values");
    if (!(p >= 0 && p <= 100))
      throw new IllegalArgumentException("percentile must be in [0, 100]: " + p);
    double[] v = values.clone();
    Arrays.sort(v);
    double rank = p / 100 * (v.length - 1);
    int lo = (int) Math.floor(rank);
    int hi = Math.min(lo + 1, v.length - 1);
    return v[lo] + (rank - lo) * (v[hi] - v[lo]);
  }

  /** The arithmetic mean. @throws IllegalArgumentException if empty */
  public static double mean(double... values) {
    if (values.length == 0) throw new IllegalArgumentException("no values");
    return Arrays.stream(values).sum() / values.length;
  }
}
