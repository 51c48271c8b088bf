package org.gridrmi.jama;

import Jama.Matrix;
import Jama.SingularValueDecomposition;
import java.util.SplittableRandom;
import org.gridrmi.jama.internal.Checks;
import org.gridrmi.jama.internal.SafeSvd;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.Task;

/**
 * {@link MatrixOps} by delegation to JAMA 1.0.3, with the argument checks the interface promises. Stateless and
 * thread-safe: one instance serves every call of a server. Export it with
 * {@code GridServer.builder().export(MatrixOps.class, new JamaMatrixOps())}.
 *
 * <p>JAMA's own failures are turned into {@code INVALID_ARGUMENT} messages that name the operation and the shapes,
 * because a remote caller sees only the message. None of the JAMA operations used here modifies its receiver or
 * argument (they all allocate their result), which the localized value store relies on.
 */
public class JamaMatrixOps implements MatrixOps {
  private final long maxElements;

  /** An instance that makes matrices ({@link #random}, {@link #identity}) of up to 2^28 entries. */
  public JamaMatrixOps() {
    this(MatrixCodec.DEFAULT_MAX_ELEMENTS);
  }

  /**
   * An instance with its own limit on the matrices it makes.
   *
   * @param maxElements the largest {@code rows * cols} that {@link #random} and {@link #identity} accept, &gt; 0
   */
  public JamaMatrixOps(long maxElements) {
    if (maxElements <= 0) {
      throw new IllegalArgumentException("maxElements must be positive, got " + maxElements);
    }
    this.maxElements = maxElements;
  }

  @Override
  public SingularValueDecomposition svd(Matrix a) {
    return SafeSvd.svd("svd", Checks.notNull("svd", "a", a));
  }

  @Override
  public Matrix svdU(SingularValueDecomposition d) {
    return Checks.notNull("svdU", "d", d).getU();
  }

  @Override
  public Matrix svdS(SingularValueDecomposition d) {
    return Checks.notNull("svdS", "d", d).getS();
  }

  @Override
  public Matrix svdV(SingularValueDecomposition d) {
    return Checks.notNull("svdV", "d", d).getV();
  }

  @Override
  public Matrix times(Matrix a, Matrix b) {
    Checks.notNull("times", "a", a);
    Checks.notNull("times", "b", b);
    Checks.innerDimensions("times", a, b);
    return a.times(b);
  }

  @Override
  public Matrix scale(Matrix a, double s) {
    return Checks.notNull("scale", "a", a).times(s);
  }

  @Override
  public Matrix transpose(Matrix a) {
    return Checks.notNull("transpose", "a", a).transpose();
  }

  @Override
  public Matrix minus(Matrix a, Matrix b) {
    Checks.notNull("minus", "a", a);
    Checks.notNull("minus", "b", b);
    Checks.sameShape("minus", a, b);
    return a.minus(b);
  }

  @Override
  public Matrix plus(Matrix a, Matrix b) {
    Checks.notNull("plus", "a", a);
    Checks.notNull("plus", "b", b);
    Checks.sameShape("plus", a, b);
    return a.plus(b);
  }

  @Override
  public double normInf(Matrix a) {
    return Checks.notNull("normInf", "a", a).normInf();
  }

  @Override
  public double norm2(Matrix a) {
    return SafeSvd.norm2(Checks.notNull("norm2", "a", a));
  }

  @Override
  public Matrix solve(Matrix a, Matrix b) {
    Checks.notNull("solve", "a", a);
    Checks.notNull("solve", "b", b);
    Checks.sameRows("solve", a, b);
    requireTallOrSquare("solve", a);
    if (a.getColumnDimension() == 0) {
      return new Matrix(
          0, b.getColumnDimension()); // JAMA's LU/QR index out of bounds on empty matrices
    }
    try {
      return a.solve(b);
    } catch (RuntimeException e) {
      throw jamaFailure("solve", a, e);
    }
  }

  @Override
  public Matrix inverse(Matrix a) {
    Checks.notNull("inverse", "a", a);
    requireTallOrSquare("inverse", a);
    if (a.getColumnDimension() == 0) {
      return new Matrix(0, a.getRowDimension());
    }
    try {
      return a.inverse();
    } catch (RuntimeException e) {
      throw jamaFailure("inverse", a, e);
    }
  }

  @Override
  public SolveResult solveSvd(Matrix a, Matrix b) {
    Checks.notNull("solveSvd", "a", a);
    Checks.notNull("solveSvd", "b", b);
    Checks.sameRows("solveSvd", a, b); // before the O(n^3) SVD, not after it
    Adjust adjust =
        Adjust.forShape(Math.max(1, a.getRowDimension()), Math.max(1, a.getColumnDimension()));
    return SvdSolver.solve(
        this, a, b, SvdSolver.AdjustAt.CALLER, adjust); // the caller is this server
  }

  @Override
  public <T, R> R execTask(Task<T, R> task, T arg) {
    Checks.notNull("execTask", "task", task);
    try {
      return task.apply(arg);
    } catch (RuntimeException e) {
      throw e; // GridException and bugs alike keep their type: the runtime reports them with their
      // own status
    } catch (Exception e) {
      throw new GridException(
          Status.REMOTE_FAILURE,
          "execTask: task " + task.getClass().getName() + " failed: " + e,
          e);
    }
  }

  @Override
  public Matrix random(int rows, int cols, long seed) {
    Checks.dimensions("random", rows, cols, maxElements);
    SplittableRandom rnd =
        new SplittableRandom(seed); // specified algorithm: same matrix on every JVM
    double[][] data = new double[rows][cols];
    for (double[] row : data) {
      for (int j = 0; j < cols; j++) {
        row[j] = rnd.nextDouble();
      }
    }
    return new Matrix(data, rows, cols);
  }

  @Override
  public Matrix identity(int rows, int cols) {
    Checks.dimensions("identity", rows, cols, maxElements);
    return Matrix.identity(rows, cols);
  }

  private static void requireTallOrSquare(String op, Matrix a) {
    if (a.getRowDimension() < a.getColumnDimension()) {
      throw Checks.invalid(
          op + ": needs rows >= columns (JAMA solves square systems by LU and tall ones by least"
              + " squares), got a " + Checks.shape(a) + " matrix");
    }
  }

  /** JAMA signals a singular or rank-deficient matrix with a bare RuntimeException; say which call and shape. */
  private static RuntimeException jamaFailure(String op, Matrix a, RuntimeException e) {
    if (e.getClass() == RuntimeException.class) {
      return Checks.invalid(
          op + ": " + lowerFirst(e.getMessage()) + " (" + Checks.shape(a)
              + "); solveSvd handles singular matrices",
          e);
    }
    return e;
  }

  private static String lowerFirst(String s) {
    if (s == null || s.isEmpty()) {
      return "JAMA failed";
    }
    String t = s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    return Character.toLowerCase(t.charAt(0)) + t.substring(1);
  }
}
