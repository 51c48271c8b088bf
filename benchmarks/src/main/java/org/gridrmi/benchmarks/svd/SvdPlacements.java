package org.gridrmi.benchmarks.svd;

import Jama.Matrix;
import Jama.SingularValueDecomposition;
import java.util.Objects;
import org.gridrmi.cli.telemetry.ChainSpans;
import org.gridrmi.client.Grid;
import org.gridrmi.client.GridScope;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.jama.Adjust;
import org.gridrmi.jama.MatrixOps;
import org.gridrmi.jama.MatrixOpsAsync;
import org.gridrmi.jama.SolveResult;
import org.gridrmi.jama.SvdSolver;
import org.gridrmi.ref.RemoteReference;

/**
 * The paper's SVD linear solver (section 4) in its three placements, on one server, all returning x and the
 * residual {@code r = normInf(A x - b)}:
 * <ul>
 *   <li>{@link #plain}: Fig. 8, plain synchronous RMI; every intermediate value travels through the client and
 *       {@link Adjust} runs on the client ({@value #PLAIN_CALLS} remote calls);</li>
 *   <li>{@link #improved}: Fig. 9, the same fine-grained calls on the async view: A and b are put once, every
 *       intermediate stays on the server, {@code Adjust} runs there through {@code execTask}, and only x and r
 *       come back;</li>
 *   <li>{@link #ideal}: the whole solver inside one server call, {@link MatrixOps#solveSvd}.</li>
 * </ul>
 * The three use the same Adjust tolerance for a square A, so they return the same x up to rounding. Values made on
 * the server are released before each method returns.
 */
public final class SvdPlacements {
  /** Remote calls the plain placement makes: svd, U, S, V, transpose, 3 times for x, times, minus, normInf. */
  public static final int PLAIN_CALLS = 11;

  private final Grid grid;
  private final ServerInfo server;

  /**
   * @param grid a connected Grid
   * @param server a server offering {@link MatrixOps}
   */
  public SvdPlacements(Grid grid, ServerInfo server) {
    this.grid = Objects.requireNonNull(grid, "grid");
    this.server = Objects.requireNonNull(server, "server");
  }

  /** Fig. 8: plain RMI, values through the client, Adjust on the client. */
  public SolveResult plain(Matrix a, Matrix b) {
    return SvdSolver.solve(
        grid.plain(MatrixOps.class, server), a, b, SvdSolver.AdjustAt.CALLER, new Adjust());
  }

  /**
   * Fig. 9: the chain of async calls; A and b are pushed with the first batch, Adjust runs on the server, and the
   * client waits only for x and r.
   */
  public SolveResult improved(Matrix a, Matrix b) {
    MatrixOpsAsync srv = grid.async(MatrixOpsAsync.class, server);
    try (GridScope scope = grid.scope()) {
      RemoteReference<Matrix> rA = grid.put(a);
      RemoteReference<Matrix> rb = grid.put(b);
      // decompose
      RemoteReference<SingularValueDecomposition> svd = srv.svd(rA);
      RemoteReference<Matrix> u = srv.svdU(svd);
      RemoteReference<Matrix> s = srv.svdS(svd);
      RemoteReference<Matrix> v = srv.svdV(svd);
      // adjust, next to the data
      RemoteReference<Matrix> sPlus = srv.execTask(new Adjust(), s);
      // compute the result
      RemoteReference<Matrix> rx = srv.times(v, srv.times(sPlus, srv.times(srv.transpose(u), rb)));
      RemoteReference<Matrix> err = srv.minus(srv.times(rA, rx), rb);
      RemoteReference<Double> rr = srv.normInf(err);
      // Ask for r before blocking on x: each get() is its own long-poll to the server, so fetching
      // them one after
      // the other costs one more round trip (2 t_s, measured 42-60 ms on paper-wan at n = 200) than
      // ideal's one
      // result; started together, both answers come back in the same round trip.
      rr.toCompletableFuture(); // starts r's fetch now; rr.get() below then finds it done or in
      // flight
      Matrix x = rx.get();
      double r = rr.get();
      return new SolveResult(x, r);
    }
  }

  /** The ideal placement: the whole solver in one server call ({@link MatrixOps#solveSvd}). */
  public SolveResult ideal(Matrix a, Matrix b) {
    MatrixOpsAsync srv = grid.async(MatrixOpsAsync.class, server);
    try (GridScope scope = grid.scope()) {
      return srv.solveSvd(grid.put(a), grid.put(b)).get();
    }
  }

  /** Runs one placement by name, as one trace ("SVD solver improved n=100") when an SDK records them. */
  public SolveResult run(Variant variant, Matrix a, Matrix b) {
    return ChainSpans.in(
        "SVD solver " + variant.label() + " n=" + a.getRowDimension(), () -> switch (variant) {
          case PLAIN -> plain(a, b);
          case IMPROVED -> improved(a, b);
          case IDEAL -> ideal(a, b);
        });
  }

  /** The placements, by their CSV names. */
  public enum Variant {
    PLAIN,
    IMPROVED,
    IDEAL;

    /** The name used in CSV files and tables: plain, improved, ideal. */
    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }
}
