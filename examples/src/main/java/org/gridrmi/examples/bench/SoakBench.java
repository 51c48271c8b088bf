package org.gridrmi.examples.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.examples.LocalGrid;
import org.gridrmi.examples.ServerJvm;
import org.gridrmi.examples.cli.GridOptions;
import org.gridrmi.examples.soak.SoakOps;
import org.gridrmi.examples.soak.SoakOpsAsync;
import org.gridrmi.examples.soak.SoakOpsImpl;
import org.gridrmi.examples.soak.SoakRun;
import org.gridrmi.perf.bench.CsvWriter;
import org.gridrmi.perf.bench.Figure;
import org.gridrmi.perf.bench.LinePlot;
import org.gridrmi.perf.bench.Stats;
import org.gridrmi.server.GridServerMain;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gridrmi bench soak}: many client threads run composed three-call chains across server JVMs, optionally
 * killing one server (kill -9) halfway, and count every chain's end: done, failed (by status), lost (no answer
 * within its deadline; expected 0) and duplicated calls (a (token, stage) a server ran twice; expected 0).
 */
@Command(name = "soak", mixinStandardHelpOptions = true,
    description = "Soak: N client threads run chains produce>transform>consume across server JVMs; "
        + "counts done, failed, lost and duplicated; server heap and store before/after; p50/p99.")
public final class SoakBench implements Callable<Integer> {
  @Mixin GridOptions options;

  @Option(names = "--clients", description = "client threads (default ${DEFAULT-VALUE})")
  int clients = 8;

  @Option(names = "--calls", description = "chains in total, shared by all client threads; each chain is 3 calls "
      + "(default ${DEFAULT-VALUE})")
  int calls = 2000;

  @Option(names = "--servers", description = "server JVMs (default ${DEFAULT-VALUE})")
  int servers = 3;

  @Option(names = "--kill-one", description = "kill -9 the last server when half the chains have ended")
  boolean killOne;

  @Option(names = "--size", description = "bytes each chain moves from server to server (default ${DEFAULT-VALUE})")
  int size = 16 * 1024;

  @Option(names = "--millis", description = "compute time of produce and transform, ms (default ${DEFAULT-VALUE})")
  int millis = 2;

  @Option(names = "--deadline", description = "deadline of each call, e.g. 20s (default ${DEFAULT-VALUE})",
      converter = GridServerMain.DurationConverter.class)
  Duration deadline = Duration.ofSeconds(20);

  @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  @Override
  public Integer call() throws Exception {
    if (clients < 1 || calls < 1 || servers < 2) {
      throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
          "need --clients >= 1, --calls >= 1 and --servers >= 2");
    }
    Duration grace = Duration.ofSeconds(10);
    try (LocalGrid local = new LocalGrid(out.resolve("soak-logs"), options.serverArgs())) {
      System.out.printf("soak: starting %d server JVMs on link %s...%n", servers, options.link());
      List<String> addresses = local.startServers(servers, List.of("--lease", "10s",
          "--service", SoakOps.class.getName() + "=" + SoakOpsImpl.class.getName()));
      try (Grid grid = options.grid().connect(addresses.toArray(String[]::new)).build()) {
        List<ServerInfo> infos = addresses.stream().map(a -> grid.servers().stream()
            .filter(s -> s.address().equals(a)).findFirst().orElseThrow()).toList();
        SoakRun run = new SoakRun(grid, infos, size, millis, deadline, grace);
        for (int i = 0; i < 3 * servers; i++) run.chain(0, -1 - i, new HashMap<>()); // warm up classes, sockets
        Map<String, long[]> before = probe(grid, infos, Set.of(), 0);
        ServerJvm victim = local.servers().get(servers - 1);
        if (killOne) {
          run.atHalf(() -> {
            victim.kill();
            run.markDead(victim.address()); // what the lookup service would soon tell clients
            System.out.printf("soak: killed %s (%s, pid %d) with kill -9 after %d of %d chains%n", victim.name(),
                victim.address(), victim.pid(), calls / 2, calls);
          });
        }
        System.out.printf("soak: %d client threads, %d chains in total (3 calls each: SoakOps.produce > transform >"
            + " consume on up to 3 servers), %d B per hop, call deadline %s%s%n", clients, calls, size, deadline,
            killOne ? ", one server killed halfway" : "");
        List<SoakRun.Outcome> outcomes = run.run(clients, calls, 1);
        Set<String> gone = killOne ? Set.of(victim.address()) : Set.of();
        Map<String, long[]> after = probe(grid, infos, gone, before.values().stream().mapToLong(v -> v[0]).max()
            .orElse(0));
        report(outcomes, infos, before, after, gone, run);
      }
    }
    return 0;
  }

  /** Per server: {values held, heap after GC, callsRun, token duplicates}; waits for releases to land first. */
  private static Map<String, long[]> probe(Grid grid, List<ServerInfo> infos, Set<String> gone, long baseline)
      throws InterruptedException {
    Map<String, long[]> m = new LinkedHashMap<>();
    for (ServerInfo s : infos) {
      if (gone.contains(s.address())) continue;
      long deadline = System.currentTimeMillis() + 15_000; // releases are sent asynchronously
      while (grid.stats(s).values() > baseline && System.currentTimeMillis() < deadline) Thread.sleep(100);
      SoakOps probe = grid.plain(SoakOps.class, s);
      m.put(s.address(), new long[] {grid.stats(s).values(), probe.heapAfterGc(), grid.stats(s).callsRun(),
          probe.duplicates()});
    }
    return m;
  }

  private void report(List<SoakRun.Outcome> outcomes, List<ServerInfo> infos, Map<String, long[]> before,
      Map<String, long[]> after, Set<String> gone, SoakRun run) throws Exception {
    Map<String, Integer> byOutcome = new TreeMap<>();
    outcomes.forEach(o -> byOutcome.merge(o.outcome(), 1, Integer::sum));
    int done = byOutcome.getOrDefault("DONE", 0);
    int lost = byOutcome.getOrDefault("LOST", 0) + (calls - outcomes.size());
    Map<String, Integer> failed = new TreeMap<>(byOutcome);
    failed.remove("DONE");
    failed.remove("LOST");
    int failedCount = failed.values().stream().mapToInt(Integer::intValue).sum();

    // duplicates: within a server (its ledger counts repeats), and across servers (the same token and stage
    // recorded by two servers); the killed server's ledger died with it
    long within = 0;
    long across = 0;
    Set<Long> seen = new HashSet<>();
    long runDelta = 0;
    for (ServerInfo s : infos) {
      if (gone.contains(s.address())) continue;
      within += after.get(s.address())[3] - before.get(s.address())[3];
      runDelta += after.get(s.address())[2] - before.get(s.address())[2];
      for (long k : run.grid().plain(SoakOps.class, s).ledger()) if (k >= 0 && !seen.add(k)) across++;
    }
    long submitted = 3L * calls;
    long excess = Math.max(0, runDelta - submitted);
    long duplicated = within + across + excess;

    double[] lat = outcomes.stream().filter(o -> o.outcome().equals("DONE"))
        .mapToDouble(o -> o.latencyNanos() / 1e6).toArray();
    System.out.println();
    System.out.printf("%-22s %d of %d%n", "chains done:", done, calls);
    System.out.printf("%-22s %d %s%n", "chains failed:", failedCount, failed.isEmpty() ? "" : failed.toString());
    System.out.printf("%-22s %d (expected 0: chains that neither completed nor failed within deadline + grace)%n",
        "lost:", lost);
    System.out.printf("%-22s %d (expected 0: %d repeats within a server, %d across servers, %d calls run beyond "
        + "those submitted; survivors ran %d calls of %d submitted)%n", "duplicated:", duplicated, within, across,
        excess, runDelta, submitted);
    for (ServerInfo s : infos) {
      long[] b = before.get(s.address());
      long[] a = after.get(s.address());
      if (a == null) {
        System.out.printf("%-22s values %d -> (killed), heap after GC %.1f MB -> (killed)%n", s.name() + ":", b[0],
            b[1] / 1e6);
      } else {
        System.out.printf("%-22s values %d -> %d, heap after GC %.1f MB -> %.1f MB (%+.1f MB)%n", s.name() + ":",
            b[0], a[0], b[1] / 1e6, a[1] / 1e6, (a[1] - b[1]) / 1e6);
      }
    }
    if (lat.length > 0) {
      System.out.printf("latency of done chains: p50 %.1f ms, p99 %.1f ms, max %.1f ms; %.0f chains/s%n",
          Stats.percentile(lat, 50), Stats.percentile(lat, 99), Stats.percentile(lat, 100),
          calls / ((outcomes.stream().mapToLong(o -> o.startNanos() + o.latencyNanos()).max().orElse(1)) / 1e9));
    } else {
      System.out.println("latency: no chain completed, p99 n/a");
    }
    writeFiles(outcomes);
  }

  private void writeFiles(List<SoakRun.Outcome> outcomes) throws Exception {
    String name = killOne ? "soak-kill" : "soak";
    Path csv = out.resolve(name + ".csv");
    try (CsvWriter w = CsvWriter.create(csv, "token", "client", "start_ms", "latency_ms", "outcome", "route")) {
      for (SoakRun.Outcome o : outcomes) {
        w.row(o.token(), o.client(), String.format("%.3f", o.startNanos() / 1e6),
            String.format("%.3f", o.latencyNanos() / 1e6), o.outcome(), o.route());
      }
    }
    Path png = latencyFigure(outcomes, "Soak on " + options.link() + ": chain latency over time ("
        + clients + " clients" + (killOne ? ", one server killed" : "") + ")").writePng(out.resolve(name + ".png"));
    System.out.printf("wrote %s and %s%n", csv, png);
  }

  /**
   * The picture: p50 and p99 latency of the chains that completed, per one-second window of their start time, and
   * the chains that failed in each window; it shows a kill's effect and any drift over the run.
   */
  static Figure latencyFigure(List<SoakRun.Outcome> outcomes, String title) {
    Map<Long, List<Double>> windows = new TreeMap<>();
    Map<Long, Integer> failures = new TreeMap<>();
    for (SoakRun.Outcome o : outcomes) {
      long sec = o.startNanos() / 1_000_000_000L;
      if (o.outcome().equals("DONE")) windows.computeIfAbsent(sec, k -> new ArrayList<>()).add(o.latencyNanos() / 1e6);
      else failures.merge(sec, 1, Integer::sum);
    }
    LinePlot plot = new LinePlot(title, "second of the run (chain start, s)",
        "latency (ms); failed chains (count)");
    if (!windows.isEmpty()) {
      double[] x = windows.keySet().stream().mapToDouble(Long::doubleValue).toArray();
      plot.series("p50 latency", x, windows.values().stream().mapToDouble(l -> Stats.percentile(
          l.stream().mapToDouble(Double::doubleValue).toArray(), 50)).toArray());
      plot.series("p99 latency", x, windows.values().stream().mapToDouble(l -> Stats.percentile(
          l.stream().mapToDouble(Double::doubleValue).toArray(), 99)).toArray());
    }
    if (!failures.isEmpty()) {
      plot.series("failed chains", failures.keySet().stream().mapToDouble(Long::doubleValue).toArray(),
          failures.values().stream().mapToDouble(Integer::doubleValue).toArray());
    }
    return Figure.of(plot.chart());
  }
}
