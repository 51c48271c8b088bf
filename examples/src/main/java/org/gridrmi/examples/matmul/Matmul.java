package org.gridrmi.examples.matmul;

import Jama.Matrix;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.gridrmi.client.Grid;
import org.gridrmi.client.GridScope;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.examples.matmul.internal.ImprovedAlgorithms;
import org.gridrmi.examples.matmul.internal.PlainAlgorithms;
import org.gridrmi.examples.matmul.internal.RmiSlotClient;
import org.gridrmi.examples.matmul.internal.SlotClient;
import org.gridrmi.examples.matmul.internal.SocketSlotClient;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * The manager of the paper's distributed matrix multiply: k {@link MatmulWorker} servers of a {@link Grid},
 * three algorithms, three transfer mechanisms, two placements.
 *
 * <p>Every argument is checked before any block is sent: non-conformable matrices, a k that does not fit the
 * algorithm (2-D Cannon needs a square k; every algorithm needs at least one row/column per part) and the socket
 * mechanism with the improved placement fail with {@link Status#INVALID_ARGUMENT}; fewer workers than asked fail
 * in {@link #connect} with {@link Status#NOT_FOUND}. Not thread-safe: one multiply at a time.
 */
public final class Matmul implements AutoCloseable {
  /** The algorithms; {@link #label} is the name used in tables and CSV. */
  public enum Algorithm {
    /** Simple parallel algorithm: worker i gets row block i of A and all of B. */
    SPA("spa"),
    /** Cannon on a ring of k workers: A row blocks stay, B column blocks rotate (the row/column variant). */
    CANNON_1D("cannon-1d"),
    /** Classic Cannon on a sqrt(k) x sqrt(k) grid, pre-skewed by the manager, A shifting left and B up. */
    CANNON_2D("cannon-2d");

    public final String label;

    Algorithm(String label) {
      this.label = label;
    }
  }

  /** How blocks travel. */
  public enum Mechanism {
    /** RMI with Java's default serialization of {@link Matrix} (the paper's Serializable). */
    SERIALIZABLE("serializable"),
    /** The bulk matrix codec: {@link MatrixBlock} on plain RMI, and what the async path uses (Externalizable). */
    CODEC("codec"),
    /** A raw TCP socket protocol written for the benchmark (plain placement only). */
    SOCKET("socket");

    public final String label;

    Mechanism(String label) {
      this.label = label;
    }
  }

  /** Where blocks go between steps. */
  public enum Placement {
    /** Every block through the manager, as in the paper. */
    PLAIN("plain"),
    /** Blocks as remote references, shifted worker to worker; only distribution and gather touch the manager. */
    IMPROVED("improved");

    public final String label;

    Placement(String label) {
      this.label = label;
    }
  }

  private static final AtomicLong RUNS = new AtomicLong();
  private final Grid grid;
  private final List<ServerInfo> workers;
  private final ExecutorService pool;
  private List<SlotClient> sockets;
  /** The emulated link of the raw socket baseline: the run's, so that it crosses the same link as RMI. */
  private String socketLink = "loopback";

  private Matmul(Grid grid, List<ServerInfo> workers) {
    this.grid = grid;
    this.workers = workers;
    this.pool = Executors.newFixedThreadPool(workers.size(), r -> {
      Thread t = new Thread(r, "matmul-manager");
      t.setDaemon(true);
      return t;
    });
  }

  /** Bytes this JVM sent over the {@link Mechanism#SOCKET} mechanism's connections so far. */
  public static long socketBytesSent() {
    return SocketSlotClient.SENT.get();
  }

  /** Bytes this JVM received over the {@link Mechanism#SOCKET} mechanism's connections so far. */
  public static long socketBytesReceived() {
    return SocketSlotClient.RECEIVED.get();
  }

  /**
   * Uses the first {@code k} servers (by name) of {@code grid} that offer {@link MatmulWorker}.
   *
   * @throws GridException INVALID_ARGUMENT if k &lt; 1, NOT_FOUND if fewer than k workers are registered
   */
  public static Matmul connect(Grid grid, int k) {
    if (k < 1)
      throw new GridException(
          Status.INVALID_ARGUMENT, "matmul needs at least 1 worker, asked for " + k);
    List<ServerInfo> all = new ArrayList<>(grid.servers(MatmulWorker.class));
    if (all.size() < k) {
      throw new GridException(
          Status.NOT_FOUND,
          "matmul asked for " + k + " workers but only " + all.size()
              + " server(s) offer " + MatmulWorker.class.getSimpleName() + ": "
              + all.stream().map(ServerInfo::name).toList());
    }
    all.sort(Comparator.comparing(ServerInfo::name));
    return new Matmul(grid, List.copyOf(all.subList(0, k)));
  }

  /** The emulated link ({@code loopback}, {@code lan}, ...) the raw socket baseline sends through. */
  public Matmul socketLink(String profile) {
    this.socketLink = profile;
    return this;
  }

  /** The workers in use, in order (worker i*q+j is grid cell (i, j) of 2-D Cannon). */
  public List<ServerInfo> workers() {
    return workers;
  }

  /**
   * {@code a b}, computed by the workers.
   *
   * @throws GridException INVALID_ARGUMENT for bad input (see the class comment), before any work starts
   */
  public Matrix multiply(
      Matrix a, Matrix b, Algorithm algorithm, Mechanism mechanism, Placement placement) {
    int q = check(a, b, algorithm, mechanism, placement, workers.size());
    if (placement == Placement.IMPROVED) {
      List<MatmulWorkerAsync> views =
          workers.stream().map(s -> grid.async(MatmulWorkerAsync.class, s)).toList();
      ImprovedAlgorithms alg = new ImprovedAlgorithms(grid, views);
      try (GridScope scope = grid.scope()) { // releases every block of this run on every worker
        return switch (algorithm) {
          case SPA -> alg.spa(a, b);
          case CANNON_1D -> alg.cannon1d(a, b);
          case CANNON_2D -> alg.cannon2d(a, b, q);
        };
      }
    }
    PlainAlgorithms alg =
        new PlainAlgorithms(slots(mechanism), pool, "run" + RUNS.incrementAndGet() + ".");
    return switch (algorithm) {
      case SPA -> alg.spa(a, b);
      case CANNON_1D -> alg.cannon1d(a, b);
      case CANNON_2D -> alg.cannon2d(a, b, q);
    };
  }

  /**
   * Checks the arguments of {@link #multiply} for {@code k} workers.
   *
   * @return the grid side q for 2-D Cannon (0 otherwise)
   * @throws GridException INVALID_ARGUMENT naming what does not fit
   */
  public static int check(
      Matrix a, Matrix b, Algorithm algorithm, Mechanism mechanism, Placement placement, int k) {
    if (a == null || b == null || algorithm == null || mechanism == null || placement == null) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "matmul: matrices, algorithm, mechanism and placement are " + "required");
    }
    if (a.getColumnDimension() != b.getRowDimension()) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "matmul: non-conformable matrices: " + shape(a) + " times " + shape(b)
              + " (inner dimensions differ)");
    }
    if (mechanism == Mechanism.SOCKET && placement == Placement.IMPROVED) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "matmul: the raw socket baseline has the plain placement only");
    }
    int q = 0;
    int parts = k;
    if (algorithm == Algorithm.CANNON_2D) {
      q = (int) Math.round(Math.sqrt(k));
      if (q * q != k) {
        throw new GridException(
            Status.INVALID_ARGUMENT,
            "matmul: 2-D Cannon needs a square number of workers "
                + "(sqrt(k) x sqrt(k) grid), got k=" + k);
      }
      parts = q;
    }
    int smallest = switch (algorithm) {
      case SPA -> a.getRowDimension();
      case CANNON_1D -> Math.min(a.getRowDimension(), b.getColumnDimension());
      case CANNON_2D ->
        Math.min(Math.min(a.getRowDimension(), a.getColumnDimension()), b.getColumnDimension());
    };
    if (smallest < parts) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "matmul: " + algorithm.label + " splits " + shape(a)
              + " times " + shape(b) + " into " + parts + " parts per dimension; a dimension of "
              + smallest
              + " is too small");
    }
    return q;
  }

  private List<SlotClient> slots(Mechanism mechanism) {
    if (mechanism == Mechanism.SOCKET) {
      if (sockets == null) {
        List<SlotClient> s = new ArrayList<>();
        for (ServerInfo w : workers) {
          int port = grid.plain(MatmulWorker.class, w).socketPort(socketLink);
          s.add(new SocketSlotClient(
              URI.create(w.address()).getHost(),
              port,
              org.gridrmi.runtime.net.LinkProfiles.parse(socketLink)));
        }
        sockets = s;
      }
      return sockets;
    }
    boolean codec = mechanism == Mechanism.CODEC;
    return workers.stream()
        .<SlotClient>map(w -> new RmiSlotClient(grid.plain(MatmulWorker.class, w), codec))
        .toList();
  }

  private static String shape(Matrix m) {
    return m.getRowDimension() + "x" + m.getColumnDimension();
  }

  /** Closes the socket connections and the manager's threads (not the Grid). */
  @Override
  public void close() {
    if (sockets != null) sockets.forEach(SlotClient::close);
    pool.shutdownNow();
  }
}
