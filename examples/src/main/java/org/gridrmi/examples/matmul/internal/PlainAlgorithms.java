package org.gridrmi.examples.matmul.internal;

import static org.gridrmi.examples.matmul.internal.Blocks.block;
import static org.gridrmi.examples.matmul.internal.Blocks.parallel;
import static org.gridrmi.examples.matmul.internal.Blocks.split;
import static org.gridrmi.examples.matmul.internal.Blocks.whole;

import Jama.Matrix;
import java.util.List;
import java.util.concurrent.ExecutorService;

/**
 * The paper's placement: the manager hands every block to the workers and, for Cannon, takes every shifted block
 * back and hands it to the neighbour: each shift passes through the manager. Workers run in parallel (one manager
 * thread per worker, synchronous calls, as with plain RMI).
 */
public final class PlainAlgorithms {
  private final List<SlotClient> w;
  private final ExecutorService pool;
  private final String p; // slot prefix of this run

  public PlainAlgorithms(List<SlotClient> workers, ExecutorService pool, String prefix) {
    this.w = workers;
    this.pool = pool;
    this.p = prefix;
  }

  /** SPA: worker i gets row block i of A and all of B, returns row block i of C. */
  public Matrix spa(Matrix a, Matrix b) {
    int k = w.size();
    int[] r = split(a.getRowDimension(), k);
    Matrix c = new Matrix(a.getRowDimension(), b.getColumnDimension());
    parallel(pool, k, i -> {
      SlotClient s = w.get(i);
      s.store(p + "A", block(a, r, i, whole(a.getColumnDimension()), 0));
      s.store(p + "B", b);
      s.zeros(p + "C", r[i + 1] - r[i], b.getColumnDimension());
      s.multiplyAccumulate(p + "C", p + "A", p + "B", 0, 0);
      c.setMatrix(r[i], r[i + 1] - 1, 0, b.getColumnDimension() - 1, s.load(p + "C"));
    });
    return c;
  }

  /**
   * Cannon 1-D (ring): worker i keeps row block i of A; the column blocks of B rotate one worker to the left per
   * step, k steps, worker i filling the columns of its row block of C one column block at a time.
   */
  public Matrix cannon1d(Matrix a, Matrix b) {
    int k = w.size();
    int[] r = split(a.getRowDimension(), k);
    int[] cs = split(b.getColumnDimension(), k);
    int[] all = whole(a.getColumnDimension());
    parallel(pool, k, i -> {
      SlotClient s = w.get(i);
      s.store(p + "A", block(a, r, i, all, 0));
      s.store(p + "B", block(b, all, 0, cs, i));
      s.zeros(p + "C", r[i + 1] - r[i], b.getColumnDimension());
    });
    Matrix[] held = new Matrix[k];
    for (int step = 0; step < k; step++) {
      int st = step;
      parallel(
          pool,
          k,
          i -> w.get(i).multiplyAccumulate(p + "C", p + "A", p + "B", 0, cs[(i + st) % k]));
      if (step == k - 1) break;
      parallel(
          pool, k, i -> held[i] = w.get(i).load(p + "B")); // every shift comes to the manager...
      parallel(
          pool,
          k,
          i -> w.get(i).store(p + "B", held[(i + 1) % k])); // ...and goes out to the neighbour
    }
    return gather(a.getRowDimension(), b.getColumnDimension(), k, i -> new int[] {r[i], 0});
  }

  /** Cannon 2-D on a q x q grid (worker i*q+j), pre-skewed by the manager; A shifts left, B up, q steps. */
  public Matrix cannon2d(Matrix a, Matrix b, int q) {
    int[] r = split(a.getRowDimension(), q);
    int[] m = split(a.getColumnDimension(), q);
    int[] cs = split(b.getColumnDimension(), q);
    int k = q * q;
    parallel(pool, k, x -> {
      int i = x / q;
      int j = x % q;
      int d = (i + j) % q;
      SlotClient s = w.get(x);
      s.store(p + "A", block(a, r, i, m, d));
      s.store(p + "B", block(b, m, d, cs, j));
      s.zeros(p + "C", r[i + 1] - r[i], cs[j + 1] - cs[j]);
    });
    Matrix[] heldA = new Matrix[k];
    Matrix[] heldB = new Matrix[k];
    for (int step = 0; step < q; step++) {
      parallel(pool, k, x -> w.get(x).multiplyAccumulate(p + "C", p + "A", p + "B", 0, 0));
      if (step == q - 1) break;
      parallel(pool, k, x -> {
        heldA[x] = w.get(x).load(p + "A");
        heldB[x] = w.get(x).load(p + "B");
      });
      parallel(pool, k, x -> {
        int i = x / q;
        int j = x % q;
        w.get(x).store(p + "A", heldA[i * q + (j + 1) % q]);
        w.get(x).store(p + "B", heldB[((i + 1) % q) * q + j]);
      });
    }
    return gather(
        a.getRowDimension(), b.getColumnDimension(), k, x -> new int[] {r[x / q], cs[x % q]});
  }

  private Matrix gather(int rows, int cols, int k, java.util.function.IntFunction<int[]> origin) {
    Matrix c = new Matrix(rows, cols);
    parallel(pool, k, x -> {
      Matrix part = w.get(x).load(p + "C");
      int[] o = origin.apply(x);
      synchronized (c) {
        c.setMatrix(
            o[0],
            o[0] + part.getRowDimension() - 1,
            o[1],
            o[1] + part.getColumnDimension() - 1,
            part);
      }
    });
    parallel(pool, k, x -> w.get(x).clear(p));
    return c;
  }
}
