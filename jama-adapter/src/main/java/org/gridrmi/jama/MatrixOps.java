package org.gridrmi.jama;

import Jama.Matrix;
import Jama.SingularValueDecomposition;
import org.gridrmi.ref.GridService;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.Task;

/**
 * Fine-grained dense linear algebra over JAMA, as a GridRMI service: the server side of the paper's SVD case study
 * (section 4, Figs. 8-10). {@link JamaMatrixOps} implements it; GridRMI's processor generates {@code MatrixOpsAsync}
 * from it, in which every {@code Matrix} and {@code SingularValueDecomposition} parameter and every result is a
 * {@code RemoteReference}.
 *
 * <p>Contracts common to every method:
 * <ul>
 *   <li>Arguments are never modified (a localized argument is the very object held in the server's value store)
 *       and every result is a fresh object.</li>
 *   <li>A null argument fails with {@link Status#INVALID_ARGUMENT} naming the parameter; mismatched shapes fail with
 *       {@code INVALID_ARGUMENT} naming the operation and both shapes, such as
 *       {@code "times: inner dimensions differ: 3x4 times 5x2"}.</li>
 *   <li>NaN and infinite entries are computed as JAMA computes them (IEEE arithmetic), except where JAMA would never
 *       return: see {@link #svd} and {@link #norm2}.</li>
 *   <li>No two methods share a name: the async view turns every reference parameter into a
 *       {@code RemoteReference}, so overloads would collide.</li>
 * </ul>
 * Shapes are written {@code rows x cols}.
 */
@GridService
public interface MatrixOps {

  /**
   * The singular value decomposition {@code a = U S V'} (JAMA's; {@code a} must have at least as many rows as
   * columns, and no more than {@code 2^31-1} entries as any JAMA matrix).
   *
   * @param a an m x n matrix, m &gt;= n &gt;= 1, all entries finite
   * @return the decomposition, with U m x n, S n x n, V n x n
   * @throws org.gridrmi.ref.GridException {@code INVALID_ARGUMENT} if {@code a} is empty, wider than tall, has a
   *     NaN or infinite entry, or has entries so large ({@code max|a_ij| * sqrt(m n) > 2^1000}) that JAMA's
   *     iteration overflows: JAMA would loop forever on the last two, so they are refused instead
   */
  SingularValueDecomposition svd(Matrix a);

  /**
   * The left singular vectors of a decomposition.
   *
   * @param d a decomposition of an m x n matrix
   * @return U, m x n, orthonormal columns
   */
  Matrix svdU(SingularValueDecomposition d);

  /**
   * The singular values of a decomposition as a diagonal matrix.
   *
   * @param d a decomposition of an m x n matrix
   * @return Sigma, n x n, diagonal, non-increasing non-negative entries; the input of {@link Adjust}
   */
  Matrix svdS(SingularValueDecomposition d);

  /**
   * The right singular vectors of a decomposition.
   *
   * @param d a decomposition of an m x n matrix
   * @return V, n x n, orthogonal
   */
  Matrix svdV(SingularValueDecomposition d);

  /**
   * The product {@code a b}.
   *
   * @param a m x k
   * @param b k x n
   * @return m x n
   * @throws org.gridrmi.ref.GridException {@code INVALID_ARGUMENT} if the inner dimensions differ
   */
  Matrix times(Matrix a, Matrix b);

  /**
   * The product of a matrix and a scalar (named apart from {@link #times} so the async view has no overloads).
   *
   * @param a any matrix
   * @param s the factor
   * @return {@code s a}, the shape of {@code a}
   */
  Matrix scale(Matrix a, double s);

  /**
   * The transpose.
   *
   * @param a m x n
   * @return {@code a'}, n x m
   */
  Matrix transpose(Matrix a);

  /**
   * The difference {@code a - b}.
   *
   * @throws org.gridrmi.ref.GridException {@code INVALID_ARGUMENT} if the shapes differ
   */
  Matrix minus(Matrix a, Matrix b);

  /**
   * The sum {@code a + b}.
   *
   * @throws org.gridrmi.ref.GridException {@code INVALID_ARGUMENT} if the shapes differ
   */
  Matrix plus(Matrix a, Matrix b);

  /**
   * The infinity norm, the largest absolute row sum (the paper's residual norm).
   *
   * @return the norm; 0 for an empty matrix, NaN if an entry is NaN
   */
  double normInf(Matrix a);

  /**
   * The 2-norm, the largest singular value. Accepts every matrix (wide ones too).
   *
   * @return the norm; 0 for an empty matrix, NaN if an entry is NaN, +Infinity if an entry is infinite and none is
   *     NaN (JAMA's own {@code norm2} would loop forever on both)
   */
  double norm2(Matrix a);

  /**
   * The solution of {@code a x = b}: exact (LU) for square {@code a}, least squares (QR) for tall {@code a}.
   *
   * @param a m x n, m &gt;= n
   * @param b m x k, one column per right-hand side
   * @return x, n x k
   * @throws org.gridrmi.ref.GridException {@code INVALID_ARGUMENT} if the row counts differ, or if {@code a} is
   *     singular (square) or rank deficient (otherwise); use {@link #solveSvd} for those
   */
  Matrix solve(Matrix a, Matrix b);

  /**
   * The inverse of a square matrix, or the least-squares pseudo-inverse of a tall one of full rank.
   *
   * @param a m x n, m &gt;= n
   * @return n x m
   * @throws org.gridrmi.ref.GridException {@code INVALID_ARGUMENT} if {@code a} is singular or rank deficient
   */
  Matrix inverse(Matrix a);

  /**
   * The whole SVD solver of Figs. 8/9 inside this one call (the paper's "ideal" placement): SVD, {@link Adjust}
   * with its default tolerance, {@code x = V S+ U' b}, and the residual {@code r = normInf(a x - b)}.
   *
   * @param a m x n, m &gt;= n, as for {@link #svd}; may be singular: its negligible singular values are dropped
   * @param b m x k
   * @return x (n x k) and r
   * @throws org.gridrmi.ref.GridException {@code INVALID_ARGUMENT} as for {@link #svd}, or if the row counts differ
   */
  SolveResult solveSvd(Matrix a, Matrix b);

  /**
   * Runs user code next to the data, as the paper's {@code execTask} (Fig. 9). The task travels by value; its class
   * must be loadable by the server (see {@link Task}).
   *
   * @param task the code to run, never null
   * @param arg its argument, as resolved on the server (may be null if the task accepts null)
   * @param <T> the argument type
   * @param <R> the result type
   * @return what the task returns
   * @throws org.gridrmi.ref.GridException what the task throws if it is a {@code GridException}; any other
   *     unchecked exception unchanged; a checked one wrapped with {@code REMOTE_FAILURE} naming the task class
   */
  <T, R> R execTask(Task<T, R> task, T arg);

  /**
   * A matrix of uniformly distributed entries in [0, 1), made on the server: benchmark data that never crosses the
   * network. The same seed gives the same matrix on every server and JVM.
   *
   * @param rows &gt;= 0
   * @param cols &gt;= 0
   * @param seed the seed of a {@link java.util.SplittableRandom}
   * @throws org.gridrmi.ref.GridException {@code INVALID_ARGUMENT} for negative dimensions,
   *     {@code RESOURCE_EXHAUSTED} above {@link MatrixCodec#DEFAULT_MAX_ELEMENTS} entries
   */
  Matrix random(int rows, int cols, long seed);

  /**
   * The identity: ones on the main diagonal, zeros elsewhere.
   *
   * @param rows &gt;= 0
   * @param cols &gt;= 0
   * @throws org.gridrmi.ref.GridException as for {@link #random}
   */
  Matrix identity(int rows, int cols);
}
