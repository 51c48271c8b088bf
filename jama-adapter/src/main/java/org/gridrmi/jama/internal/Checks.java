package org.gridrmi.jama.internal;

import Jama.Matrix;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * Argument checks shared by the JAMA adapter. JAMA itself reports bad shapes with a bare
 * {@code IllegalArgumentException("Matrix inner dimensions must agree.")}, which names neither the operation nor the
 * shapes; on a grid the caller only sees the message, so every check here names both.
 */
public final class Checks {
  private Checks() {}

  /** {@code "3x4"}: the form every message in this module uses for a shape. */
  public static String shape(Matrix m) {
    return m.getRowDimension() + "x" + m.getColumnDimension();
  }

  /** Fails with {@link Status#INVALID_ARGUMENT} naming {@code op} and {@code param} if {@code value} is null. */
  public static <V> V notNull(String op, String param, V value) {
    if (value == null) {
      throw invalid(op + ": argument '" + param + "' is null");
    }
    return value;
  }

  /** Checks {@code a.cols == b.rows} for {@code a * b}. */
  public static void innerDimensions(String op, Matrix a, Matrix b) {
    if (a.getColumnDimension() != b.getRowDimension()) {
      throw invalid(op + ": inner dimensions differ: " + shape(a) + " times " + shape(b));
    }
  }

  /** Checks that {@code a} and {@code b} have the same shape, for element-wise operations. */
  public static void sameShape(String op, Matrix a, Matrix b) {
    if (a.getRowDimension() != b.getRowDimension()
        || a.getColumnDimension() != b.getColumnDimension()) {
      throw invalid(op + ": shapes differ: " + shape(a) + " and " + shape(b));
    }
  }

  /** Checks that {@code a} and {@code b} have the same number of rows, as {@code A x = b} needs. */
  public static void sameRows(String op, Matrix a, Matrix b) {
    if (a.getRowDimension() != b.getRowDimension()) {
      throw invalid(op + ": row counts differ: a is " + shape(a) + ", b is " + shape(b));
    }
  }

  /** Checks a requested matrix size before anything is allocated. */
  public static void dimensions(String op, int rows, int cols, long maxElements) {
    if (rows < 0 || cols < 0) {
      throw invalid(op + ": negative dimensions " + rows + "x" + cols);
    }
    long elements = (long) rows * cols;
    if (elements > maxElements) {
      throw new GridException(
          Status.RESOURCE_EXHAUSTED,
          op + ": " + rows + "x" + cols + " = " + elements + " elements exceeds the maximum of "
              + maxElements);
    }
  }

  /** An {@link Status#INVALID_ARGUMENT} failure with {@code message}. */
  public static GridException invalid(String message) {
    return new GridException(Status.INVALID_ARGUMENT, message);
  }

  /** An {@link Status#INVALID_ARGUMENT} failure with {@code message} caused by {@code cause}. */
  public static GridException invalid(String message, Throwable cause) {
    return new GridException(Status.INVALID_ARGUMENT, message, cause);
  }
}
