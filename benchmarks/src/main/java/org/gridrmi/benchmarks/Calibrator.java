package org.gridrmi.benchmarks;

import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.gridrmi.benchmarks.harness.Stats;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.fig2.Fig2OpsImpl;
import org.gridrmi.perf.Calibration;
import org.gridrmi.perf.Fit;
import org.gridrmi.runtime.net.LinkShaper;
import org.gridrmi.server.GridServer;

/**
 * Measures the model's link parameters on the real path (used by {@code gridrmi calibrate} and by benchmarks that
 * need a calibration of their own).
 *
 * <p><b>t_s, t_w</b>: plain-RMI round trips {@code Fig2Ops.echo(byte[n])} to a server, n bytes each way. The
 * convention is the paper's one-way message time t(n) = t_s + n t_w, so a round trip costs 2 t_s + 2 n t_w; the
 * median round trip of each size is halved and a least-squares line through (n, rtt/2) gives t_s (intercept) and
 * t_w (slope). RMI and serialization overhead fall into t_s/t_w, as the paper counts them.
 *
 * <p><b>tau_s, tau_w</b>: the same echo fit against a {@link GridServer} started in this JVM and reached through an
 * unshaped loopback socket: serialization plus a local socket, the cost eq. 3 (lazy RMI on one server) charges per
 * transfer. GridRMI's improved path on one server is localized (eq. 4/7): it takes the value from memory and pays
 * neither, so tau is reported for the model's eq. 3 and not used by the Fig. 7 prediction.
 */
public final class Calibrator {
  /** Default sizes: 0..200 KB in steps of 20 KB (KB = 1000 B). */
  public static final int[] DEFAULT_SIZES = {
    0, 20_000, 40_000, 60_000, 80_000, 100_000, 120_000, 140_000, 160_000, 180_000, 200_000
  };

  private final int[] sizes;
  private final int reps;
  private final PrintStream progress;

  /**
   * @param sizes byte-array sizes to echo, at least 3 distinct
   * @param reps round trips per size (the median is used), &ge; 1
   * @param progress where progress lines go (stderr)
   */
  public Calibrator(int[] sizes, int reps, PrintStream progress) {
    if (sizes.length < 3) throw new IllegalArgumentException("calibration needs at least 3 sizes");
    if (reps < 1) throw new IllegalArgumentException("reps must be >= 1: " + reps);
    this.sizes = sizes.clone();
    this.reps = reps;
    this.progress = progress;
  }

  /** One fitted line with the medians it was fitted to. */
  public record Measurement(Fit fit, int[] sizes, double[] oneWaySeconds) {
    /** The table of medians and fitted values, milliseconds. */
    public void print(PrintStream out, String title) {
      out.println(title);
      out.printf(Locale.ROOT, "  %10s %14s %14s %9s%n", "bytes", "one-way ms", "fit ms", "resid %");
      for (int i = 0; i < sizes.length; i++) {
        double f = fit.at(sizes[i]);
        out.printf(
            Locale.ROOT,
            "  %10d %14.3f %14.3f %+9.2f%n",
            sizes[i],
            oneWaySeconds[i] * 1e3,
            f * 1e3,
            (oneWaySeconds[i] - f) / f * 100);
      }
    }
  }

  /** Fits t_s/t_w by plain echo round trips to {@code server} over the link in force. */
  public Measurement measureLink(Grid grid, ServerInfo server) {
    Fig2Ops plain = grid.plain(Fig2Ops.class, server);
    return measure(plain, "link", reps);
  }

  /** Fits tau_s/tau_w: echo round trips to a server in this JVM through an unshaped loopback socket. */
  public Measurement measureLocalSocket() {
    try (GridServer local = GridServer.builder()
            .name("calibrate-local")
            .host("127.0.0.1")
            .port(0)
            .export(Fig2Ops.class, new Fig2OpsImpl())
            .start();
        Grid grid = Grid.connect(local.address())) {
      // a local round trip is short and noisy on a shared machine: take more of them
      return measure(
          grid.plain(Fig2Ops.class, grid.servers().get(0)), "local socket", Math.max(21, 3 * reps));
    }
  }

  private Measurement measure(Fig2Ops plain, String what, int reps) {
    int max = 0;
    for (int s : sizes) max = Math.max(max, s);
    // warm-up: connection set-up, class loading, JIT of the serialization path
    byte[] big = new byte[max];
    for (int i = 0; i < 20; i++) plain.echo(new byte[0]);
    for (int i = 0; i < 5; i++) plain.echo(big);
    List<List<Double>> samples = new ArrayList<>();
    for (int s : sizes) samples.add(new ArrayList<>());
    byte[][] payloads = new byte[sizes.length][];
    for (int i = 0; i < sizes.length; i++) payloads[i] = new byte[sizes[i]];
    for (int r = 0; r < reps; r++) {
      progress.printf(
          Locale.ROOT,
          "calibrate %s: round %d/%d (%d sizes up to %d B)%n",
          what,
          r + 1,
          reps,
          sizes.length,
          max);
      // sizes interleaved within each round, so a slow phase of the machine spreads over all sizes
      for (int i = 0; i < sizes.length; i++) {
        long t0 = System.nanoTime();
        byte[] back = plain.echo(payloads[i]);
        long rtt = System.nanoTime() - t0;
        if (back.length != sizes[i])
          throw new IllegalStateException("echo returned " + back.length + " bytes");
        samples.get(i).add(rtt / 2e9);
      }
    }
    double[] x = new double[sizes.length], y = new double[sizes.length];
    for (int i = 0; i < sizes.length; i++) {
      x[i] = sizes[i];
      y[i] = Stats.median(samples.get(i));
    }
    return new Measurement(Fit.line(x, y), sizes.clone(), y);
  }

  /** The calibration file's content for a link fit and an optional local-socket fit. */
  public static Calibration toCalibration(
      Measurement link, Measurement local, String linkDescription) {
    // a poor local-socket fit is not used: tau is then stored as 0, "not measured" (the caller
    // reports it)
    boolean useTau = local != null && local.fit().isGood();
    double tauS = useTau ? Math.max(0, local.fit().intercept()) : 0;
    double tauW = useTau ? Math.max(0, local.fit().slope()) : 0;
    return new Calibration(
        Math.max(0, link.fit().intercept()),
        Math.max(0, link.fit().slope()),
        tauS,
        tauW,
        Math.max(0, link.fit().r2()),
        linkDescription,
        Instant.now().toString());
  }

  /** The description a calibration records for a link, compared by benchmarks that reuse a file. */
  public static String linkDescription(LinkShaper link) {
    return link.describe();
  }
}
