package org.gridrmi.benchmarks.transfer;

import Jama.Matrix;
import java.lang.management.ManagementFactory;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * {@link TransferOps}. A value of a given size is made once and handed out again while the size and type stay the
 * same, so the benchmark times moving it, not filling it (the store still holds each call's result as a value of its
 * own). Only the last value made is kept, whatever its type: keeping one per type held a 256 MB {@code double[]}
 * through every later {@code Matrix} round, a live set no user's service would add to a default-heap server's.
 * The checksum reads every 64th element and the last, enough to catch a wrong or shifted value at a fraction of a
 * full pass; the tests check transfers bit for bit.
 */
public class TransferOpsImpl implements TransferOps {
  /** The largest double[] or Matrix made: 2^28 doubles (2 GiB). */
  public static final int MAX_ELEMENTS = 1 << 28;
  /** The largest double[][] made: 2^30 doubles (8 GiB), past what one Java array holds. */
  public static final long MAX_ROWS_ELEMENTS = 1L << 30;

  private static final int STRIDE = 64;
  private double[] lastDoubles = new double[0];
  private Matrix lastMatrix = new Matrix(0, 0);
  private double[][] lastRows = new double[0][0];

  @Override
  public synchronized double[] doubles(int n) {
    check(n, "doubles(" + n + ")");
    if (lastDoubles.length != n) {
      forget(); // the old ones may go before the new one is made
      double[] v = new double[n];
      for (int i = 0; i < n; i++) v[i] = content(i);
      lastDoubles = v;
    }
    return lastDoubles;
  }

  @Override
  public synchronized Matrix matrix(int rows, int cols) {
    check((long) rows * cols, "matrix(" + rows + ", " + cols + ")");
    if (lastMatrix.getRowDimension() != rows || lastMatrix.getColumnDimension() != cols) {
      forget();
      lastMatrix = new Matrix(fill(rows, cols), rows, cols);
    }
    return lastMatrix;
  }

  @Override
  public synchronized double[][] rows(int rows, int cols) {
    check((long) rows * cols, MAX_ROWS_ELEMENTS, "rows(" + rows + ", " + cols + ")");
    if (lastRows.length != rows || rows > 0 && lastRows[0].length != cols) {
      forget();
      lastRows = fill(rows, cols);
    }
    return lastRows;
  }

  /** Lets go of every value kept (under the lock of the call that makes a new one). */
  private void forget() {
    lastDoubles = new double[0];
    lastMatrix = new Matrix(0, 0);
    lastRows = new double[0][0];
  }

  private static double[][] fill(int rows, int cols) {
    double[][] a = new double[rows][cols];
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) a[r][c] = content((long) r * cols + c);
    }
    return a;
  }

  @Override
  public long rowsChecksum(double[][] v) {
    int cols = v.length == 0 ? 0 : v[0].length;
    return checksum((long) v.length * cols, i -> v[(int) (i / cols)][(int) (i % cols)]);
  }

  private static void check(long n, String call) {
    check(n, MAX_ELEMENTS, call);
  }

  private static void check(long n, long max, String call) {
    if (n < 0 || n > max) {
      throw new GridException(
          Status.INVALID_ARGUMENT, call + ": size out of range 0.." + max + " elements");
    }
  }

  @Override
  public long checksum(double[] v) {
    return checksum(v.length, i -> v[(int) i]);
  }

  @Override
  public long matrixChecksum(Matrix m) {
    int cols = m.getColumnDimension();
    double[][] a = m.getArray();
    return checksum((long) m.getRowDimension() * cols, i -> a[(int) (i / cols)][(int) (i % cols)]);
  }

  /** The checksum of {@code n} elements, {@code at(i)} the i-th: what a value made here must give. */
  public static long checksum(long n, java.util.function.LongToDoubleFunction at) {
    long h = n;
    for (long i = 0; i < n; i += STRIDE)
      h = h * 31 + Double.doubleToRawLongBits(at.applyAsDouble(i));
    if (n > 0) h = h * 31 + Double.doubleToRawLongBits(at.applyAsDouble(n - 1));
    return h;
  }

  /** The element at {@code index} of every value made here: varied bits, so no layer can compress them away. */
  public static double content(long index) {
    return Double.longBitsToDouble(0x3ff0000000000000L | (index * 0x9E3779B97F4A7C15L >>> 12));
  }

  @Override
  public long allocatedBytes() {
    com.sun.management.ThreadMXBean t =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long sum = 0;
    for (long a : t.getThreadAllocatedBytes(t.getAllThreadIds())) sum += Math.max(0, a);
    return sum;
  }

  @Override
  public long compilationMillis() {
    return jitMillis();
  }

  /** This JVM's {@link #compilationMillis}. */
  public static long jitMillis() {
    java.lang.management.CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported()
        ? jit.getTotalCompilationTime()
        : -1;
  }

  @Override
  public long collectGarbage() {
    System.gc();
    Runtime rt = Runtime.getRuntime();
    return rt.totalMemory() - rt.freeMemory();
  }
}
