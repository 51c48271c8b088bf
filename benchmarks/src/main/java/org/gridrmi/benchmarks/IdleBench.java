package org.gridrmi.benchmarks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gridrmi.cli.GridOptions;
import org.gridrmi.cli.LookupCommand;
import org.gridrmi.cli.report.BarPlot;
import org.gridrmi.cli.report.CsvWriter;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.client.Grid;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gridrmi bench idle}: what an idle grid costs. A lookup service and two servers joined to it, each a JVM of
 * its own with default options, are left alone; the CPU time each process used over the window is read from the
 * operating system ({@code ProcessHandle}), as a share of one core. The goal is under 2% each: an idle grid must not
 * eat the cores the benchmarks measure with.
 */
@Command(
    name = "idle",
    mixinStandardHelpOptions = true,
    description =
        "CPU of an idle lookup service and two joined servers over a window (goal: under 2%% of a core each).")
public final class IdleBench implements Callable<Integer> {
  static final double GOAL_PERCENT = 2.0;

  @Mixin
  GridOptions options;

  @Option(names = "--seconds", description = "the idle window (default ${DEFAULT-VALUE})")
  int seconds = 30;

  @Option(
      names = "--join-lease",
      description = "the servers' join lease, e.g. 10s (default: the server's own)")
  String joinLease;

  @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  record Sample(String process, double cpuSeconds, double percentOfCore) {}

  /** The lookup service's arguments with the run's TLS or grid secret options, as the servers get them. */
  private List<String> withSecurity(List<String> args) {
    List<String> all = new ArrayList<>(args);
    all.addAll(options.tls.asArguments(null));
    return all;
  }

  @Override
  public Integer call() throws Exception {
    try (LocalGrid local = new LocalGrid(out.resolve("idle-logs"), options.serverArgs())) {
      int port = LocalGrid.freePorts(1)[0];
      ServerJvm lookup = local.startProcess(
          "lookup",
          LookupCommand.class.getName(),
          withSecurity(List.of("--port", String.valueOf(port), "--host", "127.0.0.1")));
      List<String> join = new ArrayList<>(List.of("--lookup", lookup.address()));
      if (joinLease != null) join.addAll(List.of("--join-lease", joinLease));
      List<ServerJvm> procs = new ArrayList<>(List.of(lookup));
      procs.add(local.startServer("A", join));
      procs.add(local.startServer("B", join));
      try (Grid grid =
          options.grid().connect(lookup.address()).build()) { // both registered, then let alone
        long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (grid.servers().size() < 2 && System.nanoTime() < until) Thread.sleep(100);
      }
      Thread.sleep(5_000); // start-up (class loading, JIT) is not idling
      double[] before = cpu(procs);
      long t0 = System.nanoTime();
      System.out.printf(
          Locale.ROOT, "idle: %d processes left alone for %d s...%n", procs.size(), seconds);
      Thread.sleep(seconds * 1000L);
      double wall = (System.nanoTime() - t0) / 1e9;
      double[] after = cpu(procs);
      List<Sample> samples = new ArrayList<>();
      for (int i = 0; i < procs.size(); i++) {
        double used = after[i] - before[i];
        samples.add(new Sample(procs.get(i).name(), used, 100 * used / wall));
      }
      report(samples, wall);
      return samples.stream().allMatch(s -> s.percentOfCore() < GOAL_PERCENT) ? 0 : 1;
    }
  }

  private static double[] cpu(List<ServerJvm> procs) {
    double[] s = new double[procs.size()];
    for (int i = 0; i < s.length; i++) s[i] = procs.get(i).cpuSeconds();
    return s;
  }

  private void report(List<Sample> samples, double wall) throws Exception {
    System.out.printf(Locale.ROOT, "%-8s %12s %14s%n", "process", "cpu seconds", "% of one core");
    for (Sample s : samples) {
      System.out.printf(
          Locale.ROOT, "%-8s %12.3f %14.2f%n", s.process(), s.cpuSeconds(), s.percentOfCore());
    }
    Path csv = out.resolve("idle.csv");
    CsvWriter.write(
        csv,
        List.of("process", "window_seconds", "cpu_seconds", "percent_of_core"),
        samples.stream()
            .map(s -> List.<Object>of(
                s.process(),
                String.format(Locale.ROOT, "%.1f", wall),
                String.format(Locale.ROOT, "%.3f", s.cpuSeconds()),
                String.format(Locale.ROOT, "%.2f", s.percentOfCore())))
            .toList());
    Path png = figure(samples, wall).writePng(out.resolve("idle.png"));
    double worst = samples.stream().mapToDouble(Sample::percentOfCore).max().orElse(0);
    System.out.printf(
        Locale.ROOT,
        "idle: worst %.2f%% of a core (goal < %.0f%% each) over %.0f s; wrote %s and %s%n",
        worst,
        GOAL_PERCENT,
        wall,
        csv,
        png);
  }

  /** The picture: one bar per process, its share of a core while idle. */
  static Figure figure(List<Sample> samples, double wall) {
    return Figure.of(new BarPlot(
            String.format(
                Locale.ROOT,
                "An idle grid: CPU of each process over %.0f s (goal "
                    + "under %.0f%% of a core each)",
                wall,
                GOAL_PERCENT),
            "process",
            "CPU (% of one core)")
        .bars(
            samples.stream().map(Sample::process).toList(),
            samples.stream().mapToDouble(Sample::percentOfCore).toArray(),
            "%")
        .chart());
  }
}
