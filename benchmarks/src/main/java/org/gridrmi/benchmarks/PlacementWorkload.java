package org.gridrmi.benchmarks;

import Jama.Matrix;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.gridrmi.examples.fig2.Fig2OpsAsync;
import org.gridrmi.jama.Adjust;
import org.gridrmi.jama.MatrixOpsAsync;
import org.gridrmi.perf.placement.Schedule;
import org.gridrmi.perf.placement.Schedule.Arg;
import org.gridrmi.perf.placement.Schedule.Step;
import org.gridrmi.ref.AsyncView;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.runtime.store.ValueSizes;

/**
 * A composition {@code bench placement} runs under every placement: as calls made through views ({@link #run}) and as
 * the model sees it ({@link #schedule}), step for step in the same order.
 */
abstract class PlacementWorkload {
  /** Which view makes each call: step {@code step} of unit {@code unit} (a chain, or the one solve). */
  interface Placer {
    <V extends AsyncView<?>> V view(Class<V> type, int step, int unit);
  }

  abstract String name();

  /** Makes what a run starts from (untimed, in the caller's scope, so that it is released with the run). */
  void prepare() {}

  /** The composition as the model sees it, {@code client} being the Grid's node in the estimates. */
  abstract Schedule schedule(String client);

  /** Makes every call, then waits for the results the client fetches; the references of every step, in order. */
  abstract List<RemoteReference<?>> run(Placer placer);

  /**
   * The paper's SVD solver (Fig. 9) on A (n x n) and b (n x 1), made afresh before each run on one server (so that no
   * other server holds a replica of them from an earlier run).
   */
  static final class Svd extends PlacementWorkload {
    private final MatrixOpsAsync holderView;
    private final String holder;
    private final int n;
    private long seed;
    private RemoteReference<Matrix> a;
    private RemoteReference<Matrix> b;
    private double aBytes;
    private double bBytes;

    /** @param holderView a view on the server that makes A and b, whose address is {@code holder} */
    Svd(MatrixOpsAsync holderView, String holder, int n, long seed) {
      this.holderView = holderView;
      this.holder = holder;
      this.n = n;
      this.seed = seed;
    }

    @Override
    String name() {
      return "svd";
    }

    /** A and b made on their server; the client sees them once, so it knows their sizes (done values). */
    @Override
    void prepare() {
      a = holderView.random(n, n, seed++);
      b = holderView.random(n, 1, seed++);
      aBytes = ValueSizes.of(a.get());
      bBytes = ValueSizes.of(b.get());
    }

    @Override
    Schedule schedule(String client) {
      Arg av = new Arg.Held(0, holder, aBytes);
      Arg bv = new Arg.Held(1, holder, bBytes);
      List<Step> s = List.of(
          step("svd", false, av),
          step("svdU", false, r(0)),
          step("svdS", false, r(0)),
          step("svdV", false, r(0)),
          step("execTask", false, r(2)),
          step("transpose", false, r(1)),
          step("times", false, r(5), bv),
          step("times", false, r(4), r(6)),
          step("times", true, r(3), r(7)),
          step("times", false, av, r(8)),
          step("minus", false, r(9), bv),
          step("normInf", true, r(10)));
      return new Schedule(client, s, PUSH_LIMIT);
    }

    private static Step step(String method, boolean fetched, Arg... args) {
      return new Step("MatrixOps." + method, List.of(args), fetched);
    }

    @Override
    List<RemoteReference<?>> run(Placer p) {
      var d = v(p, 0).svd(a);
      var u = v(p, 1).svdU(d);
      var s = v(p, 2).svdS(d);
      var vv = v(p, 3).svdV(d);
      var sPlus = v(p, 4).execTask(new Adjust(), s);
      var ut = v(p, 5).transpose(u);
      var t1 = v(p, 6).times(ut, b);
      var t2 = v(p, 7).times(sPlus, t1);
      var x = v(p, 8).times(vv, t2);
      var ax = v(p, 9).times(a, x);
      var err = v(p, 10).minus(ax, b);
      var r = v(p, 11).normInf(err);
      CompletableFuture.allOf(x.toCompletableFuture(), r.toCompletableFuture())
          .join(); // both fetches at once
      return List.of(d, u, s, vv, sPlus, ut, t1, t2, x, ax, err, r);
    }

    private static MatrixOpsAsync v(Placer p, int step) {
      return p.view(MatrixOpsAsync.class, step, 0);
    }
  }

  /** Independent chains {@code checksum(method2(method1(size, millis), size, millis))}, all made at once. */
  static final class Chains extends PlacementWorkload {
    private final int count;
    private final int size;
    private final int millis;

    Chains(int count, int size, int millis) {
      this.count = count;
      this.size = size;
      this.millis = millis;
    }

    @Override
    String name() {
      return "chains";
    }

    @Override
    Schedule schedule(String client) {
      List<Step> s = new ArrayList<>();
      for (int c = 0; c < count; c++) {
        int first = s.size();
        s.add(new Step("Fig2Ops.method1", List.of(), false));
        s.add(new Step("Fig2Ops.method2", List.of(r(first)), false));
        s.add(new Step("Fig2Ops.checksum", List.of(r(first + 1)), true));
      }
      return new Schedule(client, s, PUSH_LIMIT);
    }

    @Override
    List<RemoteReference<?>> run(Placer p) {
      List<RemoteReference<?>> refs = new ArrayList<>();
      List<CompletableFuture<?>> fetched = new ArrayList<>();
      for (int c = 0; c < count; c++) {
        int step = refs.size();
        var one = p.view(Fig2OpsAsync.class, step, c).method1(size, millis);
        var two = p.view(Fig2OpsAsync.class, step + 1, c).method2(one, size, millis);
        var sum = p.view(Fig2OpsAsync.class, step + 2, c).checksum(two);
        refs.addAll(List.of(one, two, sum));
        fetched.add(sum.toCompletableFuture());
      }
      CompletableFuture.allOf(fetched.toArray(CompletableFuture[]::new)).join();
      return refs;
    }
  }

  /** The largest value a client's batch carries (as {@code AsyncHandler}); none is put here. */
  static final double PUSH_LIMIT = 1 << 20;

  static Arg r(int step) {
    return new Arg.Result(step);
  }
}
