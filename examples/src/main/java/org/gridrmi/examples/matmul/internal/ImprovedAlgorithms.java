package org.gridrmi.examples.matmul.internal;

import static org.gridrmi.examples.matmul.internal.Blocks.block;
import static org.gridrmi.examples.matmul.internal.Blocks.split;
import static org.gridrmi.examples.matmul.internal.Blocks.whole;

import Jama.Matrix;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.client.Grid;
import org.gridrmi.examples.matmul.MatmulWorkerAsync;
import org.gridrmi.ref.RemoteReference;

/**
 * The improved placement: every block is a {@link RemoteReference}. The manager puts each initial block once (a put
 * value is pushed to the first worker that takes it, and only it), then issues every step as a future at once; a
 * worker's next step takes its neighbour's block by reference, which the worker fetches from that neighbour
 * ({@code keep} makes the fetched copy the worker's own, so the next neighbour fetches it from there: a true
 * shift). The manager receives only the final C blocks.
 */
public final class ImprovedAlgorithms {
  private static final Duration WAIT = Duration.ofMinutes(2);
  private final Grid grid;
  private final List<MatmulWorkerAsync> w;

  public ImprovedAlgorithms(Grid grid, List<MatmulWorkerAsync> workers) {
    this.grid = grid;
    this.w = workers;
  }

  /** SPA: B goes to worker 0 once; the other workers fetch it from worker 0, not from the manager. */
  public Matrix spa(Matrix a, Matrix b) {
    int k = w.size();
    int[] r = split(a.getRowDimension(), k);
    RemoteReference<Matrix> shared = w.get(0).keep(grid.put(b));
    List<RemoteReference<Matrix>> c = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      c.add(w.get(i).times(grid.put(block(a, r, i, whole(a.getColumnDimension()), 0)), shared));
    }
    return gather(a.getRowDimension(), b.getColumnDimension(), c, i -> new int[] {r[i], 0});
  }

  /** Cannon 1-D (ring), as {@link PlainAlgorithms#cannon1d}, the B column blocks moving worker to worker. */
  public Matrix cannon1d(Matrix a, Matrix b) {
    int k = w.size();
    int[] r = split(a.getRowDimension(), k);
    int[] cs = split(b.getColumnDimension(), k);
    int[] all = whole(a.getColumnDimension());
    List<RemoteReference<Matrix>> aRef = new ArrayList<>();
    List<RemoteReference<Matrix>> bRef = new ArrayList<>();
    List<RemoteReference<Matrix>> c = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      aRef.add(grid.put(block(a, r, i, all, 0)));
      bRef.add(w.get(i).keep(grid.put(block(b, all, 0, cs, i))));
      c.add(w.get(i).zeros(r[i + 1] - r[i], b.getColumnDimension()));
    }
    for (int step = 0; step < k; step++) {
      if (step > 0) {
        List<RemoteReference<Matrix>> next = new ArrayList<>();
        for (int i = 0; i < k; i++)
          next.add(w.get(i).keep(bRef.get((i + 1) % k))); // from the right neighbour
        bRef = next;
      }
      for (int i = 0; i < k; i++) {
        c.set(
            i,
            w.get(i).multiplyAccumulate(c.get(i), aRef.get(i), bRef.get(i), 0, cs[(i + step) % k]));
      }
    }
    return gather(a.getRowDimension(), b.getColumnDimension(), c, i -> new int[] {r[i], 0});
  }

  /** Cannon 2-D, as {@link PlainAlgorithms#cannon2d}, A and B blocks moving worker to worker. */
  public Matrix cannon2d(Matrix a, Matrix b, int q) {
    int[] r = split(a.getRowDimension(), q);
    int[] m = split(a.getColumnDimension(), q);
    int[] cs = split(b.getColumnDimension(), q);
    int k = q * q;
    List<RemoteReference<Matrix>> aRef = new ArrayList<>();
    List<RemoteReference<Matrix>> bRef = new ArrayList<>();
    List<RemoteReference<Matrix>> c = new ArrayList<>();
    for (int x = 0; x < k; x++) {
      int i = x / q;
      int j = x % q;
      int d = (i + j) % q;
      aRef.add(w.get(x).keep(grid.put(block(a, r, i, m, d))));
      bRef.add(w.get(x).keep(grid.put(block(b, m, d, cs, j))));
      c.add(w.get(x).zeros(r[i + 1] - r[i], cs[j + 1] - cs[j]));
    }
    for (int step = 0; step < q; step++) {
      if (step > 0) {
        List<RemoteReference<Matrix>> na = new ArrayList<>();
        List<RemoteReference<Matrix>> nb = new ArrayList<>();
        for (int x = 0; x < k; x++) {
          int i = x / q;
          int j = x % q;
          na.add(w.get(x).keep(aRef.get(i * q + (j + 1) % q))); // from the right neighbour
          nb.add(w.get(x).keep(bRef.get(((i + 1) % q) * q + j))); // from the neighbour below
        }
        aRef = na;
        bRef = nb;
      }
      for (int x = 0; x < k; x++)
        c.set(x, w.get(x).multiplyAccumulate(c.get(x), aRef.get(x), bRef.get(x), 0, 0));
    }
    return gather(
        a.getRowDimension(), b.getColumnDimension(), c, x -> new int[] {r[x / q], cs[x % q]});
  }

  /** Fetches every C block once (all fetches in flight together) and assembles the product. */
  private static Matrix gather(
      int rows,
      int cols,
      List<RemoteReference<Matrix>> parts,
      java.util.function.IntFunction<int[]> origin) {
    var futures = parts.stream().map(RemoteReference::toCompletableFuture).toList();
    Matrix c = new Matrix(rows, cols);
    for (int x = 0; x < parts.size(); x++) {
      Matrix part = parts.get(x).get(WAIT);
      int[] o = origin.apply(x);
      c.setMatrix(
          o[0],
          o[0] + part.getRowDimension() - 1,
          o[1],
          o[1] + part.getColumnDimension() - 1,
          part);
    }
    futures.size(); // all fetches were started before the first wait
    return c;
  }
}
