package org.gridrmi.examples.matmul;

import Jama.Matrix;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.Traffic;
import org.gridrmi.examples.matmul.Matmul.Algorithm;
import org.gridrmi.examples.matmul.Matmul.Mechanism;
import org.gridrmi.examples.matmul.Matmul.Placement;
import org.gridrmi.ref.GridException;

/**
 * The distributed matrix multiply of Rahimi, Wainer and Lewis: {@code C = A B} for two random n x n matrices on k
 * {@link MatmulWorker} servers, with the simple parallel algorithm (SPA: worker i multiplies row block i of A by
 * all of B) and Cannon's algorithm (the paper's modified Cannon: A's row blocks stay, B's column blocks rotate
 * around the ring of workers), each in two placements:
 * <ul>
 *   <li>plain: as in the paper, the manager (this client) hands every block to a worker and takes it back, plain
 *       RMI calls that block;</li>
 *   <li>improved: every block is a {@code RemoteReference}; the manager issues all steps at once and a worker
 *       fetches its neighbour's block from that neighbour, so only the initial blocks and C touch the client.</li>
 * </ul>
 * {@link Matmul} does the splitting and the calls (see its internal package for each algorithm); this program
 * checks each product against a local JAMA multiply and prints the times and the bytes through the client.
 *
 * <p>{@code MatmulClient jini://HOST:PORT} uses the first k servers (by name) that offer MatmulWorker (the stock
 * server does); {@code MatmulClient rmi://HOST:PORT...} the servers given. {@code --n N} (default 200) and
 * {@code --k K} (default 2, or the number of rmi:// addresses). Exit code 2 for a wrong argument, 1 when the grid
 * fails (its message is printed) or a product is wrong.
 */
public final class MatmulClient {
  private static final String USAGE =
      "usage: MatmulClient (jini://HOST:PORT | rmi://HOST:PORT...) [--n N] [--k K]";
  private static final Pattern ADDRESS = Pattern.compile("(jini|rmi)://[^/:\\s]+:\\d{1,5}");

  private MatmulClient() {}

  public static void main(String[] args) {
    List<String> addresses = new ArrayList<>();
    int n = 200;
    int k = 0;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--n") && i + 1 < args.length) n = positive("--n", args[++i]);
      else if (args[i].equals("--k") && i + 1 < args.length) k = positive("--k", args[++i]);
      else if (ADDRESS.matcher(args[i]).matches()) addresses.add(args[i]);
      else exitWithUsage("unknown argument, or an option without its value: " + args[i]);
    }
    boolean viaLookup = addresses.size() == 1 && addresses.get(0).startsWith("jini://");
    if (!viaLookup
        && (addresses.isEmpty() || !addresses.stream().allMatch(a -> a.startsWith("rmi://")))) {
      exitWithUsage("give one jini:// address or one or more rmi:// addresses");
    }
    if (k == 0) k = viaLookup ? 2 : addresses.size();
    if (n < k)
      exitWithUsage(
          "--n " + n + " is smaller than --k " + k + ": each worker needs a row of A at least");

    Matrix a = Matrix.random(n, n);
    Matrix b = Matrix.random(n, n);
    long start = System.nanoTime();
    Matrix expected = a.times(b);
    double localMillis = (System.nanoTime() - start) / 1e6;

    boolean allCorrect = true;
    try (Grid grid = Grid.connect(addresses.toArray(String[]::new));
        Matmul matmul = Matmul.connect(
            grid, k)) { // fails with NOT_FOUND if fewer than k servers offer MatmulWorker
      System.out.printf(
          Locale.ROOT,
          "C = A B, A and B %dx%d, on %d workers %s%n",
          n,
          n,
          k,
          matmul.workers().stream().map(ServerInfo::name).toList());
      System.out.printf(Locale.ROOT, "  %-20s %8.1f ms%n", "local JAMA:", localMillis);
      for (Algorithm algorithm : List.of(Algorithm.SPA, Algorithm.CANNON_1D)) {
        for (Placement placement : Placement.values()) {
          // The plain placement sends blocks as serialized JAMA matrices (the paper's RMI with
          // Serializable). The
          // improved one moves them as references, which the async path transfers in the bulk
          // codec's format (CODEC).
          Mechanism mechanism =
              placement == Placement.PLAIN ? Mechanism.SERIALIZABLE : Mechanism.CODEC;
          matmul.multiply(
              a, b, algorithm, mechanism, placement); // once untimed: connections, classes, JIT
          Traffic before = grid.traffic();
          start = System.nanoTime();
          Matrix c = matmul.multiply(a, b, algorithm, mechanism, placement);
          double millis = (System.nanoTime() - start) / 1e6;
          Traffic traffic = grid.traffic().since(before);
          double error = c.minus(expected).normInf();
          boolean correct = error <= 1e-9 * expected.normInf();
          allCorrect &= correct;
          System.out.printf(
              Locale.ROOT,
              "  %-20s %8.1f ms; through the client: %,d bytes sent, %,d received; "
                  + "||C - A B|| = %.1e %s%n",
              algorithm.label + ", " + placement.label + ":",
              millis,
              traffic.sentBytes(),
              traffic.receivedBytes(),
              error,
              correct ? "(correct)" : "(WRONG)");
        }
      }
    } catch (
        GridException
            e) { // one exception type for everything that fails on the grid, with a status
      System.err.println("MatmulClient: " + e.getMessage());
      System.exit(1);
    }
    if (!allCorrect) {
      System.err.println("MatmulClient: a product differs from the local one");
      System.exit(1);
    }
  }

  private static int positive(String option, String value) {
    try {
      int v = Integer.parseInt(value);
      if (v >= 1 && v <= 5000) return v;
    } catch (NumberFormatException e) {
      // reported below
    }
    exitWithUsage(option + " must be a number from 1 to 5000, got " + value);
    return 0;
  }

  private static void exitWithUsage(String problem) {
    System.err.println("MatmulClient: " + problem + "; " + USAGE);
    System.exit(2);
  }
}
