package org.gridrmi.jama;

import Jama.Matrix;
import org.gridrmi.jama.internal.Checks;
import org.gridrmi.ref.Task;

/**
 * The paper's {@code Adjust} task (Figs. 8/9): turns the diagonal Sigma of an SVD into its pseudo-inverse Sigma+,
 * replacing each diagonal value whose magnitude is above a tolerance by its reciprocal, and every other one by 0
 * (a zero or negligible singular value means a direction in which A is singular; inverting it would amplify noise).
 *
 * <p>The default tolerance is the one of Numerical Recipes (and of MATLAB's {@code rank}/{@code pinv}):
 * {@code max(m, n) * sigma_max * 2^-52}, where 2^-52 is the double machine epsilon. Sigma alone does not carry the
 * shape m x n of the matrix it came from, so {@link #Adjust()} takes max(m, n) to be Sigma's order n, which is
 * exact for square systems (the case study); {@link #forShape} uses the true shape for a tall A, and
 * {@link #Adjust(double)} fixes an absolute tolerance.
 *
 * <p>Input: a square matrix with zeros off the diagonal (as {@link MatrixOps#svdS} returns); anything else fails
 * with {@code INVALID_ARGUMENT}. A NaN on the diagonal stays NaN and is left out of sigma_max; an infinite value becomes 0 (and
 * makes the default tolerance infinite, so every value becomes 0). The
 * input is never modified. Immutable and serializable: it runs on the server through {@link MatrixOps#execTask}.
 */
public final class Adjust implements Task<Matrix, Matrix> {
  private static final long serialVersionUID = 1L;
  /** The double machine epsilon, 2^-52. */
  public static final double EPSILON = Math.ulp(1.0);

  /** An absolute tolerance, or -1 to use the relative default. */
  private final double tolerance;
  /** max(m, n) for the relative default, or 0 to take Sigma's order. */
  private final int maxDimension;

  /** Sigma+ with the default tolerance, max(m, n) taken as Sigma's order. */
  public Adjust() {
    this(-1, 0);
  }

  /**
   * Sigma+ with an absolute tolerance: values with {@code |sigma| <= tolerance} become 0.
   *
   * @param tolerance finite, &gt;= 0
   * @throws IllegalArgumentException otherwise
   */
  public Adjust(double tolerance) {
    this(requireTolerance(tolerance), 0);
  }

  private Adjust(double tolerance, int maxDimension) {
    this.tolerance = tolerance;
    this.maxDimension = maxDimension;
  }

  /**
   * Sigma+ with the default relative tolerance for the SVD of an {@code rows x cols} matrix:
   * {@code max(rows, cols) * sigma_max * 2^-52}.
   *
   * @throws IllegalArgumentException if a dimension is not positive
   */
  public static Adjust forShape(int rows, int cols) {
    if (rows <= 0 || cols <= 0) {
      throw new IllegalArgumentException(
          "Adjust.forShape: dimensions must be positive, got " + rows + "x" + cols);
    }
    return new Adjust(-1, Math.max(rows, cols));
  }

  /** The tolerance this task applies to {@code sigma}: the absolute one, or the default relative rule. */
  public double toleranceFor(Matrix sigma) {
    if (tolerance >= 0) {
      return tolerance;
    }
    int n = sigma.getRowDimension();
    double max = 0;
    for (int i = 0; i < n; i++) {
      double v = Math.abs(sigma.get(i, i));
      if (v > max) { // skips a NaN, which Math.max would spread to the tolerance and so to every
        // entry
        max = v;
      }
    }
    return (maxDimension > 0 ? maxDimension : n) * max * EPSILON;
  }

  /**
   * Sigma+.
   *
   * @param sigma a square, diagonal matrix
   * @return a new matrix of the same shape, the pseudo-inverse of {@code sigma}
   * @throws org.gridrmi.ref.GridException {@code INVALID_ARGUMENT} if {@code sigma} is null, not square or has a
   *     non-zero entry off the diagonal
   */
  @Override
  public Matrix apply(Matrix sigma) {
    Checks.notNull("Adjust", "sigma", sigma);
    int n = sigma.getRowDimension();
    if (sigma.getColumnDimension() != n) {
      throw Checks.invalid("Adjust: expects the square diagonal Sigma of an SVD (svdS), got a "
          + Checks.shape(sigma) + " matrix");
    }
    double[][] s = sigma.getArray();
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (i != j && s[i][j] != 0) { // NaN off the diagonal is refused too: != 0 is true for NaN
          throw Checks.invalid("Adjust: expects a diagonal Sigma, but entry (" + i + "," + j
              + ") of the " + Checks.shape(sigma) + " matrix is " + s[i][j]);
        }
      }
    }
    double tol = toleranceFor(sigma);
    Matrix plus = new Matrix(n, n);
    for (int i = 0; i < n; i++) {
      double v = s[i][i];
      // NaN: keep it visible (NaN > tol is false, so test it first) rather than silently drop a
      // direction
      plus.set(i, i, Double.isNaN(v) ? Double.NaN : Math.abs(v) > tol ? 1.0 / v : 0.0);
    }
    return plus;
  }

  private static double requireTolerance(double tolerance) {
    if (!(tolerance >= 0) || Double.isInfinite(tolerance)) {
      throw new IllegalArgumentException(
          "Adjust: tolerance must be finite and >= 0, got " + tolerance);
    }
    return tolerance;
  }

  @Override
  public String toString() {
    return tolerance >= 0
        ? "Adjust(tolerance=" + tolerance + ")"
        : "Adjust(max(m,n)=" + (maxDimension > 0 ? maxDimension : "order of Sigma")
            + " * sigma_max * 2^-52)";
  }
}
