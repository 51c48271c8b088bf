package org.gridrmi.examples.matmul.internal;

import Jama.Matrix;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/** Partitions (uneven when the order does not divide) and a parallel for over workers. */
public final class Blocks {
  private Blocks() {}

  /** Offsets of {@code parts} near-equal ranges of {@code 0..n}: part p is {@code [o[p], o[p+1])}. */
  public static int[] split(int n, int parts) {
    int[] o = new int[parts + 1];
    for (int p = 0; p <= parts; p++) o[p] = (int) ((long) p * n / parts);
    return o;
  }

  /** The block of {@code m} with rows {@code [r[i], r[i+1])} and columns {@code [c[j], c[j+1])}. */
  public static Matrix block(Matrix m, int[] r, int i, int[] c, int j) {
    return m.getMatrix(r[i], r[i + 1] - 1, c[j], c[j + 1] - 1);
  }

  /** All columns of a row range. */
  public static int[] whole(int n) {
    return new int[] {0, n};
  }

  /** Runs {@code body(0..k-1)} on {@code pool} and waits for all; the first failure is rethrown. */
  public static void parallel(ExecutorService pool, int k, IntConsumer body) {
    List<Future<?>> fs = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      int w = i;
      fs.add(pool.submit(() -> body.accept(w)));
    }
    RuntimeException first = null;
    for (Future<?> f : fs) {
      try {
        f.get();
      } catch (ExecutionException e) {
        if (first == null)
          first = e.getCause() instanceof RuntimeException r
              ? r
              : new GridException(
                  Status.INTERNAL, "worker step failed: " + e.getCause(), e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new GridException(Status.CANCELLED, "interrupted");
      }
    }
    if (first != null) throw first;
  }
}
