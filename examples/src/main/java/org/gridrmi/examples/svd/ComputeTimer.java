package org.gridrmi.examples.svd;

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

  public ComputeTimer(Matrix b, int repetitions) {
    if (repetitions < 1) throw new IllegalArgumentException("repetitions must be >= 1: " + repetitions);
    this.b = b;
    this.repetitions = repetitions;
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
