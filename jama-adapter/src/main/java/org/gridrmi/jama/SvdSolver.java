package org.gridrmi.jama;

import Jama.Matrix;
import Jama.SingularValueDecomposition;
import java.util.Objects;

/**
 * The paper's SVD linear solver (section 4) as a sequence of fine-grained {@link MatrixOps} calls, so that one code
 * path runs in every placement: against a plain RMI proxy (Fig. 8, every intermediate value travels through the
 * client), and inside a server against {@link JamaMatrixOps} itself (the "ideal" placement,
 * {@link MatrixOps#solveSvd}). The improved placement (Fig. 9) makes the same calls on the generated async view.
 *
 * <p>Steps: {@code svd = svd(A)}; U, S, V; {@code S+ = Adjust(S)}; {@code x = V (S+ (U' b))};
 * {@code r = normInf(A x - b)}. The products are taken right to left as in Fig. 8, so each is a matrix times a
 * thin n x k block (O(n^2 k)) rather than forming the n x n inverse (O(n^3)).
 */
public final class SvdSolver {
  /** Where the solver applies {@link Adjust}. */
  public enum AdjustAt {
    /** On the caller's side, as a local method call (Fig. 8): S travels to the caller and S+ back. */
    CALLER,
    /** Next to the data, through {@link MatrixOps#execTask} (Fig. 9). */
    SERVICE
  }

  private SvdSolver() {}

  /**
   * Solves {@code a x = b} as Fig. 8 does, applying {@link Adjust} (default tolerance) on the caller's side.
   *
   * @param ops where the matrix operations run
   * @param a m x n, m &gt;= n, finite entries
   * @param b m x k
   * @return x and the residual
   * @throws org.gridrmi.ref.GridException as the {@link MatrixOps} calls throw them ({@code INVALID_ARGUMENT} for
   *     bad shapes or entries)
   */
  public static SolveResult solve(MatrixOps ops, Matrix a, Matrix b) {
    return solve(ops, a, b, AdjustAt.CALLER, new Adjust());
  }

  /**
   * Solves {@code a x = b} with a chosen {@link Adjust} and placement of it.
   *
   * @param ops where the matrix operations run
   * @param a m x n, m &gt;= n, finite entries
   * @param b m x k
   * @param where where {@code adjust} runs
   * @param adjust the Sigma to Sigma+ step (its tolerance decides how a singular {@code a} is treated)
   * @return x and the residual
   */
  public static SolveResult solve(
      MatrixOps ops, Matrix a, Matrix b, AdjustAt where, Adjust adjust) {
    Objects.requireNonNull(ops, "ops");
    Objects.requireNonNull(where, "where");
    Objects.requireNonNull(adjust, "adjust");
    SingularValueDecomposition svd = ops.svd(a);
    Matrix u = ops.svdU(svd);
    Matrix s = ops.svdS(svd);
    Matrix v = ops.svdV(svd);
    Matrix sPlus = where == AdjustAt.CALLER ? adjust.apply(s) : ops.execTask(adjust, s);
    Matrix x = ops.times(v, ops.times(sPlus, ops.times(ops.transpose(u), b)));
    double r = ops.normInf(ops.minus(ops.times(a, x), b));
    return new SolveResult(x, r);
  }
}
