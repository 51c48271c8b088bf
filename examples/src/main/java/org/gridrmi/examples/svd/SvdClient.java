package org.gridrmi.examples.svd;

import Jama.Matrix;
import Jama.SingularValueDecomposition;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.gridrmi.client.Grid;
import org.gridrmi.client.GridScope;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.Traffic;
import org.gridrmi.jama.Adjust;
import org.gridrmi.jama.MatrixOps;
import org.gridrmi.jama.MatrixOpsAsync;
import org.gridrmi.jama.SolveResult;
import org.gridrmi.jama.SvdSolver;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;

/**
 * The paper's case study (section 4): the linear system {@code A x = b} solved by singular value decomposition,
 * {@code A = U S V'} and {@code x = V S+ U' b}, as a composition of fine-grained {@link MatrixOps} calls on one
 * server. Run three ways, as in the paper's Fig. 10: plain RMI (Fig. 8: every intermediate matrix comes to the
 * client and goes back), improved (Fig. 9: the same calls on the async view; only x and r come back) and ideal (the
 * whole solver in one server call). For each it prints the residual {@code r = ||A x - b||} (infinity norm), the
 * time and the bytes through the client.
 *
 * <p>{@code SvdClient jini://HOST:PORT} or {@code SvdClient rmi://HOST:PORT}: a server offering MatrixOps (the stock
 * server does). {@code --n N} sets the order of A (default 200). Exit code 2 for a wrong argument, 1 when the grid
 * fails (its message is printed).
 */
public final class SvdClient {
  private static final String USAGE =
      "usage: SvdClient (jini://HOST:PORT | rmi://HOST:PORT) [--n N]";
  private static final Pattern ADDRESS = Pattern.compile("(jini|rmi)://[^/:\\s]+:\\d{1,5}");

  private SvdClient() {}

  public static void main(String[] args) {
    String address = null;
    int n = 200;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--n") && i + 1 < args.length) n = orderArgument(args[++i]);
      else if (ADDRESS.matcher(args[i]).matches() && address == null) address = args[i];
      else
        exitWithUsage(
            "unknown argument, an option without its value or a second address: " + args[i]);
    }
    if (address == null) exitWithUsage("give the address of a lookup service or of a server");

    try (Grid grid = Grid.connect(address)) {
      ServerInfo server = grid.choose(MatrixOps.class, s -> true);
      MatrixOps plain = grid.plain(MatrixOps.class, server);
      MatrixOpsAsync srv = grid.async(MatrixOpsAsync.class, server);

      // One small solve of each, not timed: the first calls open connections, load classes and warm
      // the JIT.
      Matrix a0 = wellConditioned(20);
      Matrix b0 = Matrix.random(20, 1);
      SvdSolver.solve(plain, a0, b0);
      improved(grid, srv, a0, b0);

      Matrix a = wellConditioned(n);
      Matrix b = Matrix.random(n, 1);
      System.out.printf(Locale.ROOT, "SVD solver on %s: A x = b, A %dx%d%n", server.name(), n, n);
      // Fig. 8, plain RMI: SvdSolver.solve makes exactly the paper's calls on any MatrixOps, here
      // the plain view:
      // svd, U, S, V come to the client, Adjust runs here, S+ goes back, and so on for each
      // product.
      report(grid, "plain (Fig. 8)", () -> SvdSolver.solve(plain, a, b));
      report(grid, "improved (Fig. 9)", () -> improved(grid, srv, a, b));
      // The lower bound: the same composition inside one call on the server.
      report(grid, "ideal", () -> srv.solveSvd(grid.put(a), grid.put(b)).get());
    } catch (
        GridException
            e) { // one exception type for everything that fails on the grid, with a status
      System.err.println("SvdClient: " + e.getMessage());
      System.exit(1);
    }
  }

  /**
   * The paper's Fig. 9, line by line. Each call on {@code srv} returns a {@link RemoteReference} at once
   * (future-based) and runs on the server as soon as its arguments exist; a reference passed to the next call is
   * resolved on the server by a map look-up, without a copy (localized). So the client sends the whole chain in
   * one go and receives only x and r.
   */
  private static SolveResult improved(Grid grid, MatrixOpsAsync srv, Matrix A, Matrix b) {
    try (GridScope scope =
        grid.scope()) { // on close, releases on the server every value made in this block
      RemoteReference<Matrix> rA = grid.put(A); // sent with the first call that takes it
      RemoteReference<Matrix> rb = grid.put(b);
      // decompose
      RemoteReference<SingularValueDecomposition> svd = srv.svd(rA);
      RemoteReference<Matrix> U = srv.svdU(svd);
      RemoteReference<Matrix> S = srv.svdS(svd);
      RemoteReference<Matrix> V = srv.svdV(svd);
      // adjust: S -> S+. The Adjust task travels to the server (a small object) and runs next to S,
      // rather than
      // S travelling to the client
      S = srv.execTask(new Adjust(), S);
      // compute result: x = V (S+ (U' b)), then r = ||A x - b||
      RemoteReference<Matrix> rx = srv.times(V, srv.times(S, srv.times(srv.transpose(U), rb)));
      RemoteReference<Matrix> err = srv.minus(srv.times(rA, rx), rb);
      RemoteReference<Double> rr = srv.normInf(err);
      // only now does the client wait: get() blocks until the value exists and brings it here
      Matrix x = rx.get();
      double r = rr.get();
      return new SolveResult(x, r);
    }
  }

  private static void report(Grid grid, String variant, Supplier<SolveResult> solver) {
    Traffic before = grid.traffic();
    long start = System.nanoTime();
    SolveResult result = solver.get();
    double millis = (System.nanoTime() - start) / 1e6;
    Traffic traffic = grid.traffic().since(before);
    System.out.printf(
        Locale.ROOT,
        "  %-18s residual ||A x - b|| = %.3e in %.1f ms; through the client: %,d bytes "
            + "sent, %,d received%n",
        variant + ":",
        result.residual(),
        millis,
        traffic.sentBytes(),
        traffic.receivedBytes());
  }

  /** A random n x n matrix (entries in [0, 1)) plus n I: diagonally dominant, so well conditioned. */
  private static Matrix wellConditioned(int n) {
    return Matrix.random(n, n).plus(Matrix.identity(n, n).times(n));
  }

  private static int orderArgument(String value) {
    try {
      int n = Integer.parseInt(value);
      if (n >= 1 && n <= 5000) return n;
    } catch (NumberFormatException e) {
      // reported below
    }
    exitWithUsage("--n must be a matrix order from 1 to 5000, got " + value);
    return 0;
  }

  private static void exitWithUsage(String problem) {
    System.err.println("SvdClient: " + problem + "; " + USAGE);
    System.exit(2);
  }
}
