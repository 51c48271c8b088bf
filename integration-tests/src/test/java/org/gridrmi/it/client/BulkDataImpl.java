package org.gridrmi.it.client;

public class BulkDataImpl implements BulkData {
  /** SplitMix64's finalizer: every input bit changes about half the output bits. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /** The raw bits of element {@code i} of the values made from {@code seed}. */
  static long bits(long seed, long i) {
    return mix(seed * 0x9E3779B97F4A7C15L + i);
  }

  /** The checksum of {@code doubles(n, seed)}, computed element by element without making the array. */
  public static long expected(long n, long seed) {
    long h = n;
    for (long i = 0; i < n; i++) h = mix(h ^ bits(seed, i));
    return h;
  }

  @Override
  public double[] doubles(int n, long seed) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) a[i] = Double.longBitsToDouble(bits(seed, i));
    return a;
  }

  @Override
  public long checksum(double[] data) {
    long h = data.length;
    for (double d : data) h = mix(h ^ Double.doubleToRawLongBits(d));
    return h;
  }

  @Override
  public double[][] rows(int rows, int cols, long seed) {
    double[][] a = new double[rows][cols];
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++)
        a[i][j] = Double.longBitsToDouble(bits(seed, (long) i * cols + j));
    }
    return a;
  }

  @Override
  public long rowsChecksum(double[][] a) {
    long h = a.length == 0 ? 0 : (long) a.length * a[0].length;
    for (double[] row : a) {
      for (double x : row) h = mix(h ^ Double.doubleToRawLongBits(x));
    }
    return h;
  }

  @Override
  public long allocatedBytes() {
    com.sun.management.ThreadMXBean t =
        (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
    long sum = 0;
    for (long a : t.getThreadAllocatedBytes(t.getAllThreadIds())) sum += Math.max(0, a);
    return sum;
  }
}
