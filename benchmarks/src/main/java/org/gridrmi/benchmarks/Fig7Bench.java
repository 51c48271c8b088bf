package org.gridrmi.benchmarks;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gridrmi.benchmarks.harness.Progress;
import org.gridrmi.benchmarks.harness.Warmup;
import org.gridrmi.cli.GridOptions;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.fig2.Fig2OpsAsync;
import org.gridrmi.perf.Calibration;
import org.gridrmi.perf.Composition;
import org.gridrmi.perf.CostModel;
import org.gridrmi.perf.Variant;
import org.gridrmi.ref.RemoteReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gridrmi bench fig7}: the paper's Fig. 7. One server JVM (via {@link LocalGrid}); method1 and method2 each
 * sleep 500 ms on it and return {@code size} bytes. Three versions per size: plain RMI
 * ({@code method2(method1(n), n)}, the result of method1 travels to the client and back), improved (two async
 * calls on the same server; the client holds references and futures and gets only method2's result) and the
 * lower bound (one plain call {@code both} sleeping 1000 ms).
 *
 * <p>The model (perf-model's {@link CostModel}, with t_s/t_w from a calibration of the same link):
 * <ul>
 *   <li>plain: eq. 1, 4 t_s + (2 n1 + n2) t_w + t1 + t2;
 *   <li>improved: eq. 7 in its max form ({@link Variant#FUTURE_ONE_SERVER}), t_s + t1 + t2 + t_s + n2 t_w. GridRMI
 *       differs from the paper's Fig. 5 in two places, both hidden under t1 so eq. 7 still describes it: the client
 *       picks result ids itself and pipelines method1 and method2 (usually in one batch), so the reference's trip
 *       to the client and back (the 2(t_s + n_r t_w) inside eq. 5's max) does not happen at all; and the client's
 *       get() is a long-poll fetch sent right after the batch is accepted (2 t_s), which is already waiting when
 *       method2 finishes, so only the reply t_s + n2 t_w is paid. method1's result stays in the server's memory
 *       (localized, no tau);
 *   <li>lower bound: {@link Variant#LOWER_BOUND}, 2 t_s + n2 t_w + t1 + t2.
 * </ul>
 * The request bytes of the calls (a few hundred) are in the calibrated t_s, as the paper counts them.
 */
@Command(
    name = "fig7",
    mixinStandardHelpOptions = true,
    description = {
      "The paper's Fig. 7: plain vs improved RMI vs lower bound for method2(method1(n)) on one server,"
          + " each method sleeping 500 ms. Writes results/fig7.csv and results/fig7.png; prints medians, the share of"
          + " overhead eliminated and the model's error (eq. 1 / eq. 7 / lower bound with calibrated t_s, t_w)."
    })
public final class Fig7Bench implements Callable<Integer> {
  static final String[] HEADER = {
    "size_bytes", "variant", "run", "millis", "model_millis", "client_rx_bytes"
  };
  static final List<String> VARIANTS = List.of("plain", "improved", "lower_bound");
  /** A serialized GridRMI reference: 16 bytes of id plus the owner's address, about a hundred bytes. */
  static final double REFERENCE_BYTES = 100;

  @Mixin
  GridOptions options;

  @Option(
      names = "--sizes",
      description = "result sizes: A..B (10 sizes), A..B:STEP or A,B,C (default ${DEFAULT-VALUE})")
  String sizes = "10KB..100KB";

  @Option(
      names = "--runs",
      description = "measured runs per size and version (default ${DEFAULT-VALUE})")
  int runs = 5;

  @Option(
      names = "--calibration",
      paramLabel = "FILE",
      description =
          "t_s/t_w from `gridrmi calibrate` on the same"
              + " link (default: results/calibration.properties if its link matches, else calibrate first)")
  Path calibration;

  @Option(
      names = "--compute-ms",
      description = "sleep of each method, ms (default ${DEFAULT-VALUE})")
  int computeMillis = 500;

  @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  @Option(
      names = "--warmup",
      description = "unmeasured rounds of the three versions before measuring, without the"
          + " sleeps, " + Warmup.THREADS
          + " at a time, so that both JVMs run compiled code (default ${DEFAULT-VALUE})")
  int warmup = 600;

  @Option(
      names = "--calibration-reps",
      description = "round trips per size if it calibrates (default ${DEFAULT-VALUE})")
  int calibrationReps = 7;

  @Override
  public Integer call() throws Exception {
    int[] sz = Fig7Sizes.parse(sizes);
    if (runs < 1) throw new IllegalArgumentException("--runs must be >= 1: " + runs);
    if (warmup < 0) throw new IllegalArgumentException("--warmup must be >= 0: " + warmup);
    if (computeMillis < 0)
      throw new IllegalArgumentException("--compute-ms must be >= 0: " + computeMillis);
    PrintStream o = System.out;
    if (calibration != null && given() == null) return 2; // refused before any server is started
    try (LocalGrid local = new LocalGrid(out.resolve("logs"), options.serverArgs())) {
      String address = local.startServer("S1", List.of()).address();
      try (Grid grid = options.grid().connect(address).build()) {
        ServerInfo server = grid.servers(Fig2Ops.class).get(0);
        Calibration cal = calibration(grid, server);
        CostModel model = cal == null ? null : new CostModel(cal.toCostParameters(REFERENCE_BYTES));
        o.printf(
            "Fig. 7 on %s: server %s, %d sizes x %d runs, each method %d ms; %s%n",
            Calibrator.linkDescription(options.shaper()),
            address,
            sz.length,
            runs,
            computeMillis,
            cal == null
                ? "no model (no calibration with R^2 >= " + Calibration.MIN_GOOD_R2
                    + " for this link)"
                : String.format(
                    Locale.ROOT,
                    "model t_s %.3f ms, t_w %.2f us/KB",
                    cal.ts() * 1e3,
                    cal.tw() * 1e9));
        Fig7Table table = run(grid, server, sz, model);
        Path csvFile = out.resolve("fig7.csv");
        table.writeCsv(csvFile, HEADER);
        Path png = out.resolve("fig7.png");
        table.writePng(png, "Fig. 7 on " + Calibrator.linkDescription(options.shaper()));
        table.print(o);
        o.println("wrote " + csvFile + " and " + png);
      }
    }
    return 0;
  }

  private Fig7Table run(Grid grid, ServerInfo server, int[] sz, CostModel model) {
    Fig2Ops plain = grid.plain(Fig2Ops.class, server);
    Fig2OpsAsync srv = grid.async(Fig2OpsAsync.class, server);
    List<RemoteReference<?>> held = new ArrayList<>();
    // warm-up: connections, class loading, and the JIT of every path in both JVMs (see Warmup), at
    // every size
    System.err.printf(
        "fig7: warming up (%d rounds of the three versions, %d at a time)%n",
        warmup, Warmup.THREADS);
    Warmup.run(warmup, Warmup.THREADS, r -> {
      List<RemoteReference<?>> refs = new ArrayList<>();
      for (String v : VARIANTS) once(v, plain, srv, sz[r % sz.length], 0, refs);
      refs.forEach(RemoteReference::release);
    });
    settle(plain, held);
    once("plain", plain, srv, sz[0], computeMillis, held);
    Fig7Table table = new Fig7Table(computeMillis);
    Progress progress = new Progress(sz.length * runs);
    for (int size : sz) {
      double t = computeMillis / 1e3;
      Composition c = Composition.twoCalls(size, size, t, t);
      double[] models = model == null
          ? new double[] {Double.NaN, Double.NaN, Double.NaN}
          : new double[] {
            model.predict(Variant.PLAIN, c).totalMillis(),
            model.predict(Variant.FUTURE_ONE_SERVER, c).totalMillis(),
            model.predict(Variant.LOWER_BOUND, c).totalMillis()
          };
      for (int r = 1; r <= runs; r++) {
        progress.step(String.format("fig7: size %d B, run %d/%d", size, r, runs));
        // the versions alternate within a run, so a slow phase of the shared machine hits all three
        // alike
        for (int v = 0; v < VARIANTS.size(); v++) {
          long rx0 = grid.traffic().receivedBytes();
          long t0 = System.nanoTime();
          once(VARIANTS.get(v), plain, srv, size, computeMillis, held);
          double ms = (System.nanoTime() - t0) / 1e6;
          table.add(size, VARIANTS.get(v), r, ms, models[v], grid.traffic().receivedBytes() - rx0);
        }
      }
      settle(plain, held);
    }
    progress.finish();
    return table;
  }

  /**
   * Releases the improved runs' references between sizes, not between runs. A release is sent by the client's I/O
   * thread while the caller goes on; sent between two measured calls it would take the warm RMI connection, and
   * the next call would get an idle one, which JRMP first pings (it probes a pooled connection unused for more
   * than about two round trips): 2 t_s more for that call only. After the releases, one unmeasured null call
   * leaves a warm connection for the next measured one, so every version starts from the same state.
   */
  private static void settle(Fig2Ops plain, List<RemoteReference<?>> held) {
    held.forEach(RemoteReference::release);
    held.clear();
    try {
      Thread.sleep(300); // the releases' round trips (2 t_s each on paper-wan) are over by then
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    plain.noop();
  }

  /** One run of a version; checks the result's size so that a broken path cannot look fast. */
  static void once(
      String variant,
      Fig2Ops plain,
      Fig2OpsAsync srv,
      int size,
      int millis,
      List<RemoteReference<?>> held) {
    byte[] result;
    switch (variant) {
      case "plain" -> result = plain.method2(plain.method1(size, millis), size, millis);
      case "improved" -> {
        RemoteReference<byte[]> r1 = srv.method1(size, millis);
        RemoteReference<byte[]> r2 = srv.method2(r1, size, millis);
        result = r2.get();
        held.add(r1); // released between sizes, see settle()
        held.add(r2);
      }
      case "lower_bound" -> result = plain.both(size, size, 2 * millis);
      default -> throw new IllegalArgumentException("unknown variant " + variant);
    }
    if (result.length != size)
      throw new IllegalStateException(variant + " returned " + result.length + " bytes");
  }

  /**
   * The calibration to predict with: the {@code --calibration} file, a stored one for this link, or a fresh one;
   * null, after saying why, when calibrating found no good fit (the benchmark then measures without the model).
   */
  private Calibration calibration(Grid grid, ServerInfo server) throws IOException {
    String here = Calibrator.linkDescription(options.shaper());
    if (calibration != null) return given();
    Path reuse = out.resolve("calibration.properties");
    if (Files.isRegularFile(reuse)) {
      try {
        Calibration c = Calibration.load(reuse);
        if (c.isGoodFit() && c.link().equals(here)) {
          System.out.println(
              "model parameters from " + reuse + " (same link " + here + ", " + c.date() + ")");
          return c;
        }
        System.err.println(
            "fig7: " + reuse + " is for '" + c.link() + "' (R^2 " + c.r2() + "): not reused");
      } catch (IllegalArgumentException e) {
        System.err.println("fig7: " + reuse + " unreadable (" + e.getMessage() + "): not reused");
      }
    }
    System.out.println(
        "no calibration for " + here + " given: calibrating against the benchmark's server first");
    Calibrator cal = new Calibrator(Calibrator.DEFAULT_SIZES, calibrationReps, System.err);
    for (int attempt = 1; attempt <= 2; attempt++) {
      Calibrator.Measurement m = cal.measureLink(grid, server);
      Calibration c = Calibrator.toCalibration(m, null, here);
      System.out.printf(
          "calibration: t_s %.3f ms, t_w %.2f us/KB, R^2 %.5f%n",
          c.ts() * 1e3, c.tw() * 1e9, c.r2());
      if (c.isGoodFit()) {
        c.store(reuse);
        System.out.println("wrote " + reuse + " (reused by later runs on this link)");
        return c;
      }
      System.out.println("poor fit (R^2 < " + Calibration.MIN_GOOD_R2 + "), not used"
          + (attempt == 1 ? "; retrying" : ""));
    }
    System.out.println(
        "no usable calibration: measuring without the model (its columns stay empty); on a link"
            + " whose round trips are mostly noise, such as loopback, no line fits");
    return null;
  }

  /** The --calibration file if it is usable, or null after saying why not. */
  private Calibration given() throws IOException {
    String here = Calibrator.linkDescription(options.shaper());
    Calibration c = Calibration.load(calibration);
    if (!c.isGoodFit()) {
      System.out.printf(
          "calibration %s has a poor fit (R^2 %.4f < %.1f): not used; run gridrmi calibrate again%n",
          calibration, c.r2(), Calibration.MIN_GOOD_R2);
      return null;
    }
    if (!c.link().equals(here)) {
      System.err.println("warning: " + calibration + " was measured on '" + c.link()
          + "', this run is on '" + here + "'; the model's error will show it");
    }
    System.out.println(
        "model parameters from " + calibration + " (" + c.link() + ", " + c.date() + ")");
    return c;
  }
}
