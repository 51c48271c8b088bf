package org.gridrmi.jama.internal;

import Jama.Matrix;
import Jama.SingularValueDecomposition;

/**
 * Runs JAMA's SVD only on inputs for which it terminates and is correct.
 *
 * <p>Measured on JAMA 1.0.3 (see {@code SafeSvdTest}): its SVD loops forever, with no iteration limit and no way
 * to interrupt it, on a matrix with a NaN or infinite entry, and on finite matrices whose Householder phase
 * overflows (a 5x5 matrix with entries near 1e308); it throws {@code ArrayIndexOutOfBoundsException} for an empty
 * matrix and for fewer rows than columns (the ChangeLog says m &lt; n was never supported). On a server a hung
 * call would hold a pool thread forever, so these inputs are refused up front instead of "computed as JAMA does".
 */
public final class SafeSvd {
  /**
   * Largest allowed {@code max|a_ij| * sqrt(rows * cols)} (an upper bound of the Frobenius norm, which bounds every
   * intermediate of the orthogonal Householder steps); 2^1000 leaves a 2^23 margin below overflow.
   */
  public static final double MAX_FROBENIUS_BOUND = Math.scalb(1.0, 1000);

  private SafeSvd() {}

  /**
   * JAMA's SVD of {@code a}, or {@code INVALID_ARGUMENT} naming why JAMA cannot decompose it.
   *
   * @param op the operation name for messages
   */
  public static SingularValueDecomposition svd(String op, Matrix a) {
    int m = a.getRowDimension();
    int n = a.getColumnDimension();
    if (m == 0 || n == 0) {
      throw Checks.invalid(op + ": cannot decompose an empty " + Checks.shape(a) + " matrix");
    }
    if (m < n) {
      throw Checks.invalid(op + ": JAMA's SVD needs rows >= columns, got " + Checks.shape(a)
          + "; decompose the transpose instead (A' = V S U')");
    }
    double[][] data = a.getArray();
    double max = 0;
    for (int i = 0; i < m; i++) {
      double[] row = data[i];
      for (int j = 0; j < n; j++) {
        double v = Math.abs(row[j]);
        if (!(v <= Double.MAX_VALUE)) { // NaN or infinite: JAMA's iteration never converges
          throw Checks.invalid(op + ": entry (" + i + "," + j + ") of the " + Checks.shape(a)
              + " matrix is " + row[j] + "; JAMA's SVD does not terminate on non-finite entries");
        }
        max = Math.max(max, v);
      }
    }
    if (max * Math.sqrt((double) m * n) > MAX_FROBENIUS_BOUND) {
      throw Checks.invalid(op + ": entries too large for JAMA's SVD (max |a_ij| = " + max + " in a "
          + Checks.shape(a)
          + " matrix; it overflows and never terminates above max|a_ij|*sqrt(m*n) = 2^1000)"
          + "; scale the matrix first");
    }
    return a.svd();
  }

  /**
   * The 2-norm (largest singular value) of {@code a}: NaN if an entry is NaN, +Infinity if an entry is infinite,
   * 0 for an empty matrix. Unlike {@link #svd} it accepts every input: it transposes a wide matrix and scales by a
   * power of two (exact) so JAMA never sees values that overflow.
   */
  public static double norm2(Matrix a) {
    int m = a.getRowDimension();
    int n = a.getColumnDimension();
    if (m == 0 || n == 0) {
      return 0;
    }
    double max = 0;
    boolean infinite = false;
    for (double[] row : a.getArray()) {
      for (int j = 0; j < n; j++) {
        double v = Math.abs(row[j]);
        if (Double.isNaN(v)) {
          return Double.NaN;
        }
        infinite |= v == Double.POSITIVE_INFINITY;
        max = Math.max(max, v);
      }
    }
    if (infinite) {
      return Double.POSITIVE_INFINITY;
    }
    if (max == 0) {
      return 0;
    }
    int exponent = Math.getExponent(max);
    Matrix scaled =
        a.times(Math.scalb(1.0, -exponent)); // entries now in (-2, 2): no overflow inside JAMA
    if (m < n) {
      scaled = scaled.transpose(); // same singular values; JAMA needs m >= n
    }
    return Math.scalb(scaled.svd().norm2(), exponent);
  }
}
