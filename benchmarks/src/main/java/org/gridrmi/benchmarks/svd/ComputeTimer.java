package org.gridrmi.benchmarks.svd;

import Jama.Matrix;
import java.util.Arrays;
import org.gridrmi.jama.JamaMatrixOps;
import org.gridrmi.ref.Task;

/**
 * Measures, on the server, how long the whole solver ({@link JamaMatrixOps#solveSvd}) takes on A and the carried b:
 * the fastest of a few repetitions, in nanoseconds (the least disturbed by other processes on a shared machine). The model's compute term; it runs through {@code execTask}, so
 * its class must be on the server's class path (it is for servers started by {@code LocalGrid}).
 */
public final class ComputeTimer implements Task<Matrix, Long> {
  private static final long serialVersionUID = 1L;
  private final Matrix b;
  private final int repetitions;

  /** More than any measurement needs: a larger count is a stream that would keep a server busy for nothing. */
  static final int MAX_REPETITIONS = 1_000;

  public ComputeTimer(Matrix b, int repetitions) {
    if (repetitions < 1 || repetitions > MAX_REPETITIONS) {
      throw new IllegalArgumentException(
          "repetitions must be 1.." + MAX_REPETITIONS + ": " + repetitions);
    }
    if (b == null) throw new IllegalArgumentException("b is null");
    this.b = b;
    this.repetitions = repetitions;
  }

  /** A task comes from a client: its fields are checked as the constructor checks its arguments. */
  private void readObject(java.io.ObjectInputStream in)
      throws java.io.IOException, ClassNotFoundException {
    in.defaultReadObject();
    if (repetitions < 1 || repetitions > MAX_REPETITIONS) {
      throw new java.io.InvalidObjectException(
          "ComputeTimer with repetitions " + repetitions + " (1.." + MAX_REPETITIONS + ")");
    }
    if (b == null) throw new java.io.InvalidObjectException("ComputeTimer without its vector b");
  }

  @Override
  public Long apply(Matrix a) {
    JamaMatrixOps ops = new JamaMatrixOps();
    long[] t = new long[repetitions];
    for (int i = 0; i < repetitions; i++) {
      long start = System.nanoTime();
      ops.solveSvd(a, b);
      t[i] = System.nanoTime() - start;
    }
    Arrays.sort(t);
    return t[0];
  }
}
