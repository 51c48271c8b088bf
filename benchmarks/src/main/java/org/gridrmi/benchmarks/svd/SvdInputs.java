package org.gridrmi.benchmarks.svd;

import Jama.Matrix;
import java.util.SplittableRandom;

/** The benchmark's systems: A = random + n I (diagonally dominant, so well conditioned), b random; seeded. */
public final class SvdInputs {
  private SvdInputs() {}

  /** A random n x n matrix with entries in [0, 1) plus n on the diagonal. */
  public static Matrix wellConditioned(int n, long seed) {
    Matrix a = random(n, n, seed);
    for (int i = 0; i < n; i++) a.set(i, i, a.get(i, i) + n);
    return a;
  }

  /** A random rows x cols matrix with entries in [0, 1). */
  public static Matrix random(int rows, int cols, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Matrix m = new Matrix(rows, cols);
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) m.set(i, j, rnd.nextDouble());
    }
    return m;
  }
}
