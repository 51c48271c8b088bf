package org.gridrmi.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.gridrmi.cli.report.CsvWriter;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.LinePlot;
import org.gridrmi.runtime.LifetimeSimulation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gridrmi bench lifetime}: the deterministic simulation of value lifetime ({@link LifetimeSimulation}) over many
 * seeds, or one seed replayed; see docs/reference-counting.md, "The simulation".
 */
@Command(
    name = "lifetime",
    mixinStandardHelpOptions = true,
    description =
        "The deterministic simulation of value lifetime: --seeds N seeds (0..N-1), or --seed S alone;"
            + " every invariant checked after every step. Exit code 1 if any seed broke one.")
public final class LifetimeBench implements Callable<Integer> {
  @Option(names = "--seeds", description = "how many seeds, from 0 (default ${DEFAULT-VALUE})")
  int seeds = 1000;

  @Option(
      names = "--seed",
      description = "replay this one seed (prints its last events whatever happened)")
  Long seed;

  @Option(
      names = "--steps",
      description = "steps per seed, at least 100 (default ${DEFAULT-VALUE})")
  int steps = LifetimeSimulation.DEFAULT_STEPS;

  @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  /** Failing seeds whose whole report is printed (the others: one line each). */
  static final int REPORTED = 5;

  @Override
  public Integer call() throws Exception {
    if (steps < 100) {
      System.err.println("--steps must be at least 100: " + steps);
      return 2;
    }
    if (seed == null && seeds < 1) {
      System.err.println("--seeds must be positive: " + seeds);
      return 2;
    }
    // the runtime logs each lost peer and lapsed lease: thousands of lines a seed, on purpose
    Logger quiet = Logger.getLogger("org.gridrmi");
    Level before = quiet.getLevel();
    quiet.setLevel(Level.OFF);
    try {
      return seed != null ? replay(seed) : sweep();
    } finally {
      quiet.setLevel(before);
    }
  }

  private int replay(long s) {
    LifetimeSimulation.Outcome o = LifetimeSimulation.run(s, steps);
    System.out.println(o.violations() > 0 ? o.report() : "seed " + s + ": every invariant kept");
    if (o.violations() == 0) {
      System.out.println("  last events:");
      o.lastEvents().forEach(e -> System.out.println("    " + e));
    }
    // the same as this seed's trace_hash in lifetime.csv: the replay ran the same events
    System.out.println("trace_hash=" + Long.toHexString(o.traceHash()));
    System.out.println(summary(1, o.steps(), List.of(o)));
    return o.violations() > 0 ? 1 : 0;
  }

  private int sweep() throws Exception {
    long start = System.nanoTime();
    List<LifetimeSimulation.Outcome> outcomes = new ArrayList<>(seeds);
    long totalSteps = 0;
    int failing = 0;
    // no "seed" or "violat" in the header: a script that greps for the first one finds a failing
    // seed
    System.out.printf(
        Locale.ROOT, "%8s %10s %12s %10s %8s%n", "runs", "steps", "messages", "failing", "seconds");
    long messages = 0;
    for (long s = 0; s < seeds; s++) {
      LifetimeSimulation.Outcome o = LifetimeSimulation.run(s, steps);
      outcomes.add(o);
      totalSteps += o.steps();
      messages += o.messages();
      if (o.violations() > 0) {
        failing++;
        if (failing <= REPORTED) System.out.println(o.report());
        else System.out.println("seed " + s + ": " + o.firstViolation());
      }
      if ((s + 1) % 1000 == 0 || s + 1 == seeds) {
        System.out.printf(
            Locale.ROOT,
            "%8d %10d %12d %10d %8.1f%n",
            s + 1,
            totalSteps,
            messages,
            failing,
            (System.nanoTime() - start) / 1e9);
      }
    }
    write(outcomes);
    System.out.println("@Idempotent calls made again from their lineage (their owner was down): "
        + outcomes.stream().mapToLong(LifetimeSimulation.Outcome::remade).sum());
    System.out.println(summary(seeds, totalSteps, outcomes));
    return failing > 0 ? 1 : 0;
  }

  /** The last line, every count summed over the seeds. */
  static String summary(
      long seedCount, long totalSteps, List<LifetimeSimulation.Outcome> outcomes) {
    return String.format(
        Locale.ROOT,
        "lifetime: seeds=%d steps=%d freed_while_referenced=%d leaked=%d duplicated=%d overdue=%d",
        seedCount,
        totalSteps,
        outcomes.stream()
            .mapToLong(LifetimeSimulation.Outcome::freedWhileReferenced)
            .sum(),
        outcomes.stream().mapToLong(LifetimeSimulation.Outcome::leaked).sum(),
        outcomes.stream().mapToLong(LifetimeSimulation.Outcome::duplicated).sum(),
        outcomes.stream().mapToLong(LifetimeSimulation.Outcome::overdue).sum());
  }

  /** lifetime.csv (a row per seed) and lifetime.png (violations so far, per invariant, against the seed). */
  private void write(List<LifetimeSimulation.Outcome> outcomes) throws Exception {
    Files.createDirectories(out);
    Path csv = out.resolve("lifetime.csv");
    try (CsvWriter w = CsvWriter.create(
        csv,
        "seed",
        "steps",
        "messages",
        "remade",
        "freed_while_referenced",
        "leaked",
        "duplicated",
        "overdue",
        "trace_hash",
        "first_violation")) {
      for (LifetimeSimulation.Outcome o : outcomes) {
        w.row(
            o.seed(),
            o.steps(),
            o.messages(),
            o.remade(),
            o.freedWhileReferenced(),
            o.leaked(),
            o.duplicated(),
            o.overdue(),
            Long.toHexString(o.traceHash()),
            o.firstViolation() == null ? "" : o.firstViolation());
      }
    }
    double[] x = new double[outcomes.size()];
    double[][] y = new double[4][outcomes.size()];
    long[] sums = new long[4];
    for (int i = 0; i < outcomes.size(); i++) {
      LifetimeSimulation.Outcome o = outcomes.get(i);
      x[i] = o.seed();
      sums[0] += o.freedWhileReferenced();
      sums[1] += o.leaked();
      sums[2] += o.duplicated();
      sums[3] += o.overdue();
      for (int k = 0; k < 4; k++) y[k][i] = sums[k];
    }
    LinePlot plot = new LinePlot(
            "Lifetime simulation: invariants broken so far, over " + outcomes.size() + " seeds",
            "seed",
            "violations (cumulative)")
        .yFromZero();
    String[] names = {"freed_while_referenced", "leaked", "duplicated", "overdue"};
    for (int k = 0; k < 4; k++) plot.series(names[k], x, y[k]);
    Path png = Figure.of(plot.chart()).writePng(out.resolve("lifetime.png"));
    System.out.println("wrote " + csv + " and " + png);
  }
}
