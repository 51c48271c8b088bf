package org.gridrmi.benchmarks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.gridrmi.benchmarks.harness.Stats;
import org.gridrmi.benchmarks.soak.ChainRun;
import org.gridrmi.benchmarks.soak.SoakOps;
import org.gridrmi.benchmarks.soak.SoakOpsImpl;
import org.gridrmi.cli.GridOptions;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.cli.ledger.Ledgers;
import org.gridrmi.cli.report.CsvWriter;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.LinePlot;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gridrmi bench soak}: many client threads run composed three-call chains across server JVMs, optionally
 * killing one server (kill -9) halfway, and count every chain's end: done, failed (by status), lost (no answer
 * within its deadline plus a watchdog; expected 0) and duplicated calls (a call to a method that is not
 * {@code @Idempotent} that ran twice, counted from the servers' ledgers; expected 0). A share of the calls go to the
 * {@code @Idempotent} variant of their stage, which GridRMI re-runs when the server holding its value is killed.
 */
@Command(
    name = "soak",
    mixinStandardHelpOptions = true,
    description = "Soak: N client threads run chains produce>transform>consume across server JVMs; "
        + "counts done, failed, lost and duplicated; server heap and store before/after; p50/p99.")
public final class SoakBench implements Callable<Integer> {
  @Mixin
  GridOptions options;

  @picocli.CommandLine.Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = "--clients", description = "client threads (default ${DEFAULT-VALUE})")
  int clients = 8;

  @Option(
      names = "--calls",
      description = "chains in total, shared by all client threads; each chain is 3 calls "
          + "(default ${DEFAULT-VALUE})")
  int calls = 2000;

  @Option(names = "--servers", description = "server JVMs (default ${DEFAULT-VALUE})")
  int servers = 3;

  @Option(
      names = "--kill-one",
      description = "kill -9 the last server when half the chains have ended")
  boolean killOne;

  @Option(
      names = "--size",
      description = "bytes each chain moves from server to server (default ${DEFAULT-VALUE})")
  int size = 16 * 1024;

  @Option(
      names = "--millis",
      description = "compute time of produce and transform, ms (default ${DEFAULT-VALUE})")
  int millis = 2;

  @Option(
      names = "--deadline",
      description = "deadline of each call, e.g. 20s (default ${DEFAULT-VALUE})",
      converter = ServerCommand.DurationConverter.class)
  Duration deadline = Duration.ofSeconds(20);

  @Option(
      names = "--idempotent",
      paramLabel = "SHARE",
      description = "share of the calls made to the @Idempotent "
          + "variant of their stage, 0 to 1 (default ${DEFAULT-VALUE})")
  double idempotent = 0.5;

  @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  @Override
  public Integer call() throws Exception {
    if (clients < 1 || calls < 1 || servers < 2 || !(idempotent >= 0 && idempotent <= 1)) {
      throw new picocli.CommandLine.ParameterException(
          spec.commandLine(),
          "need --clients >= 1, --calls >= 1, --servers >= 2 and --idempotent from 0 to 1");
    }
    Duration grace = Duration.ofSeconds(10);
    Path ledgers = Ledgers.clear(out.resolve("soak-logs").resolve("ledgers"));
    try (LocalGrid local = new LocalGrid(out.resolve("soak-logs"), options.serverArgs())) {
      System.out.printf("soak: starting %d server JVMs on link %s...%n", servers, options.link());
      List<String> addresses = local.startServers(
          servers,
          List.of(
              "--lease",
              "10s",
              "--ledger",
              ledgers.toString(),
              "--service",
              SoakOps.class.getName() + "=" + SoakOpsImpl.class.getName()));
      try (Grid grid = options.grid().connect(addresses.toArray(String[]::new)).build();
          ChainRun run = new ChainRun(
              grid.servers(), new ChainRun.Workload(size, millis, deadline, grace, idempotent))) {
        List<ServerInfo> infos = grid.servers();
        for (int i = 0; i < 3 * servers; i++)
          run.chain(grid, new HashMap<>(), 0, -1 - i); // warm up classes, sockets
        Map<String, long[]> before = probe(grid, infos, Set.of(), 0);
        ServerJvm victim = local.servers().get(servers - 1);
        if (killOne) {
          run.atHalf(() -> {
            victim.kill();
            run.markDead(victim.address()); // what the lookup service would soon tell clients
            System.out.printf(
                "soak: killed %s (%s, pid %d) with kill -9 after %d of %d chains%n",
                victim.name(), victim.address(), victim.pid(), calls / 2, calls);
          });
        }
        System.out.printf(
            "soak: %d client threads, %d chains in total (3 calls each: SoakOps.produce > transform >"
                + " consume on up to 3 servers, %.0f%% of the calls @Idempotent), %d B per hop, call deadline %s%s%n",
            clients,
            calls,
            100 * idempotent,
            size,
            deadline,
            killOne ? ", one server killed halfway" : "");
        List<ChainRun.Outcome> outcomes = run.run(c -> grid, clients, calls, 1, Duration.ZERO);
        Set<String> gone = killOne ? Set.of(victim.address()) : Set.of();
        Map<String, long[]> after = probe(
            grid,
            infos,
            gone,
            before.values().stream().mapToLong(v -> v[0]).max().orElse(0));
        report(outcomes, infos, before, after, gone, Ledgers.read(ledgers));
      }
    }
    return 0;
  }

  /** Per server: {values held, heap after GC}; waits for releases to land first. */
  private static Map<String, long[]> probe(
      Grid grid, List<ServerInfo> infos, Set<String> gone, long baseline)
      throws InterruptedException {
    Map<String, long[]> m = new LinkedHashMap<>();
    for (ServerInfo s : infos) {
      if (gone.contains(s.address())) continue;
      int values = StoreProbe.settledValues(grid, s, baseline, Duration.ofSeconds(15));
      m.put(s.address(), new long[] {values, grid.plain(SoakOps.class, s).heapAfterGc()});
    }
    return m;
  }

  private void report(
      List<ChainRun.Outcome> outcomes,
      List<ServerInfo> infos,
      Map<String, long[]> before,
      Map<String, long[]> after,
      Set<String> gone,
      Ledgers ledgers)
      throws Exception {
    Map<String, Integer> byOutcome = new TreeMap<>();
    outcomes.forEach(o -> byOutcome.merge(o.outcome(), 1, Integer::sum));
    int done = byOutcome.getOrDefault("DONE", 0);
    int lost = byOutcome.getOrDefault("LOST", 0) + (calls - outcomes.size());
    Map<String, Integer> failed = new TreeMap<>(byOutcome);
    failed.remove("DONE");
    failed.remove("LOST");
    int failedCount = failed.values().stream().mapToInt(Integer::intValue).sum();

    // duplicates, from every server's ledger (the killed one's survives it): calls of the measured
    // chains (tokens
    // 1..calls; the warm-up's are negative) to methods that are not @Idempotent that ran more than
    // once
    Ledgers.Tally tally = ledgers.tally(key -> key >= SoakOps.key(1, 0));
    long submitted = 3L * calls;

    double[] lat = outcomes.stream()
        .filter(o -> o.outcome().equals("DONE"))
        .mapToDouble(o -> o.latencyNanos() / 1e6)
        .toArray();
    System.out.println();
    System.out.printf("%-22s %d of %d%n", "chains done:", done, calls);
    System.out.printf(
        "%-22s %d %s%n", "chains failed:", failedCount, failed.isEmpty() ? "" : failed.toString());
    System.out.printf(
        "%-22s %d (expected 0: chains that neither completed nor failed within deadline + grace)%n",
        "lost:", lost);
    System.out.printf(
        "%-22s %d (expected 0: calls not @Idempotent that ran twice, on one server or two, from the "
            + "servers' ledgers; %d of %d calls ran, %d re-runs of @Idempotent calls by recovery)%n",
        "duplicated:", tally.duplicated(), tally.calls(), submitted, tally.idempotentReruns());
    for (ServerInfo s : infos) {
      long[] b = before.get(s.address());
      long[] a = after.get(s.address());
      if (a == null) {
        System.out.printf(
            "%-22s values %d -> (killed), heap after GC %.1f MB -> (killed)%n",
            s.name() + ":", b[0], b[1] / 1e6);
      } else {
        System.out.printf(
            "%-22s values %d -> %d, heap after GC %.1f MB -> %.1f MB (%+.1f MB)%n",
            s.name() + ":", b[0], a[0], b[1] / 1e6, a[1] / 1e6, (a[1] - b[1]) / 1e6);
      }
    }
    if (lat.length > 0) {
      System.out.printf(
          "latency of done chains: p50 %.1f ms, p99 %.1f ms, max %.1f ms; %.0f chains/s%n",
          Stats.percentile(lat, 50),
          Stats.percentile(lat, 99),
          Stats.percentile(lat, 100),
          calls
              / ((outcomes.stream()
                      .mapToLong(o -> o.startNanos() + o.latencyNanos())
                      .max()
                      .orElse(1))
                  / 1e9));
    } else {
      System.out.println("latency: no chain completed, p99 n/a");
    }
    writeFiles(outcomes);
  }

  private void writeFiles(List<ChainRun.Outcome> outcomes) throws Exception {
    String name = killOne ? "soak-kill" : "soak";
    Path csv = out.resolve(name + ".csv");
    try (CsvWriter w =
        CsvWriter.create(csv, "token", "client", "start_ms", "latency_ms", "outcome", "route")) {
      for (ChainRun.Outcome o : outcomes) {
        w.row(
            o.token(),
            o.client(),
            String.format("%.3f", o.startNanos() / 1e6),
            String.format("%.3f", o.latencyNanos() / 1e6),
            o.outcome(),
            o.route());
      }
    }
    Path png = latencyFigure(
            outcomes,
            "Soak on " + options.link() + ": chain latency over time (" + clients + " clients"
                + (killOne ? ", one server killed" : "") + ")")
        .writePng(out.resolve(name + ".png"));
    System.out.printf("wrote %s and %s%n", csv, png);
  }

  /**
   * The picture: p50 and p99 latency of the chains that completed, per one-second window of their start time, and
   * the chains that failed in each window; it shows a kill's effect and any drift over the run.
   */
  static Figure latencyFigure(List<ChainRun.Outcome> outcomes, String title) {
    Map<Long, List<Double>> windows = new TreeMap<>();
    Map<Long, Integer> failures = new TreeMap<>();
    for (ChainRun.Outcome o : outcomes) {
      long sec = o.startNanos() / 1_000_000_000L;
      if (o.outcome().equals("DONE"))
        windows.computeIfAbsent(sec, k -> new ArrayList<>()).add(o.latencyNanos() / 1e6);
      else failures.merge(sec, 1, Integer::sum);
    }
    LinePlot plot = new LinePlot(
        title, "second of the run (chain start, s)", "latency (ms); failed chains (count)");
    if (!windows.isEmpty()) {
      double[] x = windows.keySet().stream().mapToDouble(Long::doubleValue).toArray();
      plot.series(
          "p50 latency",
          x,
          windows.values().stream()
              .mapToDouble(l ->
                  Stats.percentile(l.stream().mapToDouble(Double::doubleValue).toArray(), 50))
              .toArray());
      plot.series(
          "p99 latency",
          x,
          windows.values().stream()
              .mapToDouble(l ->
                  Stats.percentile(l.stream().mapToDouble(Double::doubleValue).toArray(), 99))
              .toArray());
    }
    if (!failures.isEmpty()) {
      plot.series(
          "failed chains",
          failures.keySet().stream().mapToDouble(Long::doubleValue).toArray(),
          failures.values().stream().mapToDouble(Integer::doubleValue).toArray());
    }
    return Figure.of(plot.chart());
  }
}
