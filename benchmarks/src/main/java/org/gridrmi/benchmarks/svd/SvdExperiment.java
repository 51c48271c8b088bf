package org.gridrmi.benchmarks.svd;

import Jama.Matrix;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.gridrmi.benchmarks.harness.Progress;
import org.gridrmi.benchmarks.harness.Stats;
import org.gridrmi.benchmarks.harness.Warmup;
import org.gridrmi.benchmarks.svd.SvdPlacements.Variant;
import org.gridrmi.cli.report.CsvWriter;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.Traffic;
import org.gridrmi.jama.MatrixOpsAsync;
import org.gridrmi.jama.SolveResult;

/**
 * The case-study measurement shared by {@code gridrmi bench svd} and {@code gridrmi demo}: a JIT warm-up, then for
 * each n one untimed round, the server's compute time for the whole solver (measured there, the model's compute
 * term), then {@code runs} runs in which every placement solves the same system, in an order rotated per run so
 * that no placement always runs first. A run's time is the fastest of its {@link #repetitions} solves. Client bytes
 * received are {@link Grid#traffic()} deltas around each solve.
 */
public final class SvdExperiment {
  /** The CSV header of the bench. */
  public static final String[] HEADER = {
    "n", "variant", "run", "millis", "model_millis", "client_rx_bytes", "residual"
  };

  /** One timed solve. */
  public record Sample(
      int n,
      Variant variant,
      int run,
      double millis,
      double modelMillis,
      long clientRxBytes,
      double residual) {}

  /** The medians of one placement at one n. */
  public record Summary(
      int n,
      Variant variant,
      double medianMillis,
      double overVsIdeal,
      long clientRxBytes,
      double modelMillis,
      double computeMillis,
      double maxResidual) {}

  /**
   * Solves per placement in one run, unless set otherwise; the run's time is the fastest. Interference from other
   * work on the host only ever adds time, and the host of a shared 2-core machine comes and goes: a 200 x 200 SVD
   * alone in a JVM took a steady 37 ms in one minute and 50-55 ms in the next. The repetitions of the three
   * placements interleave, so such a phase hits all three alike.
   */
  public static final int DEFAULT_REPETITIONS = 3;
  /** Unmeasured rounds of the three placements before the first measurement, unless set otherwise. */
  public static final int DEFAULT_WARMUP_ROUNDS = 100;
  /** The system size of the warm-up: the code paths are those of any n, at a fraction of the time. */
  static final int WARMUP_N = 24;

  private final Grid grid;
  private final ServerInfo server;
  private final SvdModel model;
  private final long seed;
  private final List<Sample> samples = new ArrayList<>();
  private final List<Double> computeMillis = new ArrayList<>();
  private final List<Integer> ns = new ArrayList<>();
  private int warmupRounds = DEFAULT_WARMUP_ROUNDS;
  private int repetitions = DEFAULT_REPETITIONS;

  public SvdExperiment(Grid grid, ServerInfo server, SvdModel model, long seed) {
    this.grid = grid;
    this.server = server;
    this.model = model;
    this.seed = seed;
  }

  /** Sets the unmeasured warm-up rounds (default {@value #DEFAULT_WARMUP_ROUNDS}); 0 measures cold code. */
  public SvdExperiment warmupRounds(int rounds) {
    if (rounds < 0) throw new IllegalArgumentException("--warmup must be >= 0, got " + rounds);
    this.warmupRounds = rounds;
    return this;
  }

  /** Sets the solves per placement in one run (default {@value #DEFAULT_REPETITIONS}); the run keeps the fastest. */
  public SvdExperiment repetitions(int reps) {
    if (reps < 1) throw new IllegalArgumentException("--reps must be >= 1, got " + reps);
    this.repetitions = reps;
    return this;
  }

  /**
   * Measures every placement at every n.
   *
   * @param progress where progress lines go (stderr in the CLI)
   */
  public List<Sample> run(List<Integer> sizes, int runs, PrintStream progress) {
    if (runs < 1) throw new IllegalArgumentException("--runs must be >= 1, got " + runs);
    SvdPlacements placements = new SvdPlacements(grid, server);
    warmUp(placements, sizes, progress);
    MatrixOpsAsync srv = grid.async(MatrixOpsAsync.class, server);
    Progress p = new Progress(sizes.size() * (runs + 1), progress);
    Variant[] order = Variant.values();
    for (int n : sizes) {
      if (n < 1) throw new IllegalArgumentException("--n must be >= 1, got " + n);
      Matrix a = SvdInputs.wellConditioned(n, seed + n);
      Matrix b = SvdInputs.random(n, 1, seed + n + 1);
      p.step("n " + n + ", warm-up");
      for (Variant v : order) placements.run(v, a, b);
      double compute;
      try (var scope = grid.scope()) {
        compute = srv.execTask(new ComputeTimer(b, 3), grid.put(a)).get() / 1e6;
      }
      ns.add(n);
      computeMillis.add(compute);
      for (int r = 1; r <= runs; r++) {
        p.step("n " + n + ", run " + r + "/" + runs);
        Sample[] best = new Sample[order.length];
        for (int rep = 0; rep < repetitions; rep++) {
          for (int k = 0; k < order.length; k++) {
            Variant v = order[(k + r - 1) % order.length];
            Traffic before = grid.traffic();
            long start = System.nanoTime();
            SolveResult res = placements.run(v, a, b);
            double millis = (System.nanoTime() - start) / 1e6;
            long rx = grid.traffic().since(before).receivedBytes();
            double modelMs = model.predict(v, n, compute / 1e3) * 1e3;
            if (best[v.ordinal()] == null || millis < best[v.ordinal()].millis()) {
              best[v.ordinal()] = new Sample(n, v, r, millis, modelMs, rx, res.residual());
            }
          }
        }
        for (int k = 0; k < order.length; k++)
          samples.add(best[order[(k + r - 1) % order.length].ordinal()]);
      }
    }
    return samples; // no "done in" line: the command that runs it prints its own total
  }

  /**
   * Compiles the call paths of both JVMs and JAMA's kernels before anything is timed ({@link Warmup}): rounds of
   * the three placements, {@value Warmup#THREADS} at a time, three in four on a small system (cheap, and the call
   * paths are those of any n) and one in four at the smallest measured n, whose large arrays take serialization
   * and I/O paths of their own. Measured cold, the client spent 0.1-1 ms per async call of the chain, which split
   * it; warmed at the small n only, both JVMs were still compiling during the measured runs, and the compiler
   * threads slowed the server's SVD from 37 to 50-65 ms in some runs, in every placement.
   */
  private void warmUp(SvdPlacements placements, List<Integer> sizes, PrintStream progress) {
    int measured = sizes.stream().mapToInt(Integer::intValue).min().orElse(WARMUP_N);
    if (measured < 1) throw new IllegalArgumentException("--n must be >= 1, got " + measured);
    int small = Math.min(WARMUP_N, measured);
    Matrix[] smallSystem = {
      SvdInputs.wellConditioned(small, seed), SvdInputs.random(small, 1, seed + 1)
    };
    Matrix[] measuredSystem = {
      SvdInputs.wellConditioned(measured, seed), SvdInputs.random(measured, 1, seed + 1)
    };
    progress.printf(
        "warming up: %d rounds of the three placements at n %d and %d, %d at a time%n",
        warmupRounds, small, measured, Warmup.THREADS);
    Warmup.run(warmupRounds, Warmup.THREADS, r -> {
      Matrix[] system = r % 4 == 3 ? measuredSystem : smallSystem;
      for (Variant v : Variant.values()) placements.run(v, system[0], system[1]);
    });
  }

  /** The medians per n and placement, in the order n, then plain, improved, ideal. */
  public List<Summary> summaries() {
    List<Summary> out = new ArrayList<>();
    for (int i = 0; i < ns.size(); i++) {
      int n = ns.get(i);
      double ideal = median(n, Variant.IDEAL);
      for (Variant v : Variant.values()) {
        List<Sample> s = of(n, v);
        double med = median(n, v);
        long rx = Math.round(Stats.median(s.stream().map(Sample::clientRxBytes).toList()));
        double maxRes = s.stream().mapToDouble(Sample::residual).max().orElse(Double.NaN);
        out.add(new Summary(
            n, v, med, med / ideal, rx, s.get(0).modelMillis(), computeMillis.get(i), maxRes));
      }
    }
    return out;
  }

  private List<Sample> of(int n, Variant v) {
    return samples.stream().filter(s -> s.n() == n && s.variant() == v).toList();
  }

  private double median(int n, Variant v) {
    return Stats.median(of(n, v).stream().map(Sample::millis).toList());
  }

  /** Prints the table: n, variant, median ms, overhead vs ideal, client bytes received, model prediction. */
  public void printTable(PrintStream out, String link) {
    out.printf(
        Locale.ROOT, "SVD solver on %s, server %s (%s)%n", link, server.name(), server.address());
    out.printf(
        Locale.ROOT,
        "model: %s; compute = the server's own time for solveSvd, measured in this run%n",
        model.source());
    out.println(
        repetitions == 1
            ? "median of the runs; each run is one solve, the placements interleaved"
            : "median of the runs; each run is the fastest of " + repetitions
                + " solves, the placements interleaved");
    out.printf(
        Locale.ROOT,
        "%5s  %-8s  %10s  %9s  %14s  %11s  %10s  %9s%n",
        "n",
        "variant",
        "median ms",
        "vs ideal",
        "client rx B",
        "model ms",
        "compute ms",
        "residual");
    for (Summary s : summaries()) {
      out.printf(
          Locale.ROOT,
          "%5d  %-8s  %10.1f  %8.2fx  %14d  %11.1f  %10.1f  %9.1e%n",
          s.n(),
          s.variant().label(),
          s.medianMillis(),
          s.overVsIdeal(),
          s.clientRxBytes(),
          s.modelMillis(),
          s.computeMillis(),
          s.maxResidual());
    }
    for (int n : ns) {
      out.printf(
          Locale.ROOT,
          "n=%d on %s: improved/ideal = %.3f, plain/ideal = %.2f%n",
          n,
          link,
          median(n, Variant.IMPROVED) / median(n, Variant.IDEAL),
          median(n, Variant.PLAIN) / median(n, Variant.IDEAL));
    }
  }

  /** Writes the samples as CSV ({@link #HEADER}). */
  public Path writeCsv(Path file) throws IOException {
    try (CsvWriter w = CsvWriter.create(file, HEADER)) {
      for (Sample s : samples) {
        w.row(
            s.n(),
            s.variant().label(),
            s.run(),
            s.millis(),
            s.modelMillis(),
            s.clientRxBytes(),
            String.format(Locale.ROOT, "%.3e", s.residual()));
      }
    }
    return file;
  }

  /**
   * The picture of the medians: runtime over n with the model dashed, and each placement relative to ideal
   * ({@link SvdFigure}).
   */
  public Figure figure(String link) {
    return SvdFigure.of(summaries(), link);
  }

  /** Writes {@link #figure} as PNG; returns {@code file}. */
  public Path writePng(Path file, String link) throws IOException {
    return figure(link).writePng(file);
  }
}
