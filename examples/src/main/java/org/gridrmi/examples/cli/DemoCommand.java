package org.gridrmi.examples.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gridrmi.client.Grid;
import org.gridrmi.examples.LocalGrid;
import org.gridrmi.examples.fig2.Fig2Comparison;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.svd.SvdExperiment;
import org.gridrmi.examples.svd.SvdModel;
import org.gridrmi.lookup.LookupServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gridrmi demo}: the paper in a minute. Starts an embedded lookup service and two server JVMs on an
 * emulated wide-area link, runs the Fig. 2 composition across them (the 1 MiB intermediate goes S1 to S2, not
 * through the client), then the SVD solver of section 4 in its three placements over several n, prints the tables,
 * writes CSV and PNG under results/ (demo-fig2-*: bars of time and client bytes; demo-svd-*: runtime over n with
 * the model dashed, and the ratio to ideal), and stops everything it started.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Fig. 2 composition across two servers, then the SVD solver (plain/improved/ideal) over several n"
        + " on an emulated wide-area link; writes CSV and PNG under results/.")
public final class DemoCommand implements Callable<Integer> {
  private static final int MIB = 1 << 20;

  @Mixin GridOptions options;

  /**
   * Four sizes show the Fig. 10 shape (plain grows with the n^2 bytes it moves, improved stays on ideal); on
   * paper-wan plain takes 0.6 s at n = 50 and 2.4 s at n = 200, so one run of all four costs about 6.5 s.
   */
  @Option(names = "--n", split = ",", description = "SVD system sizes (default ${DEFAULT-VALUE})")
  List<Integer> sizes = List.of(50, 100, 150, 200);

  @Option(names = "--runs", description = "measured runs per placement and n, and of Fig. 2 (default ${DEFAULT-VALUE})")
  int runs = 3;

  /** One solve per run: the median of three runs stands against noise, and four n fit in the minute. */
  @Option(names = "--reps", description = "solves per placement in each SVD run, the fastest kept (default"
      + " ${DEFAULT-VALUE}; bench svd uses " + SvdExperiment.DEFAULT_REPETITIONS + ")")
  int reps = 1;

  @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  @Override
  public Integer call() throws Exception {
    options.defaultLink("paper-wan"); // the demo's default: the paper's WAN
    String linkSpec = options.link();
    long t0 = System.nanoTime();
    System.out.println("GridRMI demo on link " + linkSpec);
    try (LookupServer lookup = LookupServer.start(0, "gridrmi-demo");
         LocalGrid local = new LocalGrid(out.resolve("logs"), options.serverArgs())) {
      System.out.println("lookup service at " + lookup.url());
      // the servers join the lookup service; the client finds them there, as in the paper's Fig. 1
      List<String> serverArgs = List.of("--lookup", lookup.url(), "--join-lease", "5s");
      List<String> addresses = local.startServers(2, serverArgs);
      System.out.println("servers S1 " + addresses.get(0) + ", S2 " + addresses.get(1) + " (up after "
          + seconds(t0) + ")");
      try (Grid grid = options.grid().connect(lookup.url()).build()) {
        awaitServers(grid, 2, Duration.ofSeconds(60));
        System.out.println("both servers found through the lookup service after " + seconds(t0) + ": "
            + grid.servers().stream().map(s -> s.name() + " (" + s.attributes().get("cores") + " cores, load "
            + s.attributes().get("load") + ")").toList());
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        // Fig. 2: method1 on S1 makes 1 MiB, method2 on S2 consumes it; plain RMI routes it through the client
        Fig2Comparison fig2 = Fig2Comparison.measure(grid, grid.server("S1"), grid.server("S2"), MIB, runs);
        System.out.println();
        fig2.print(System.out);
        Path fig2Csv = fig2.writeCsv(out.resolve("demo-fig2-" + stamp + ".csv"));
        Path fig2Png = fig2.figure(linkSpec).writePng(out.resolve("demo-fig2-" + stamp + ".png"));
        System.out.println("wrote " + fig2Csv + " and " + fig2Png);

        SvdExperiment svd = new SvdExperiment(grid, grid.server("S1"), SvdModel.forLink(linkSpec,
            out.resolve("calibration.properties")), 42).repetitions(reps);
        System.out.println();
        svd.run(sizes, runs, System.err);
        svd.printTable(System.out, linkSpec);
        Path csv = svd.writeCsv(out.resolve("demo-svd-" + stamp + ".csv"));
        Path png = svd.writePng(out.resolve("demo-svd-" + stamp + ".png"), linkSpec);
        System.out.println("wrote " + csv + " and " + png);
      }
    }
    System.out.println("demo done in " + seconds(t0) + "; lookup service and servers stopped");
    return 0;
  }

  private static void awaitServers(Grid grid, int count, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (grid.servers(Fig2Ops.class).size() < count) {
      if (System.nanoTime() > deadline) {
        throw new org.gridrmi.ref.GridException(org.gridrmi.ref.Status.UNAVAILABLE, "only "
            + grid.servers().size() + " of " + count + " servers registered with the lookup service within " + timeout);
      }
      Thread.sleep(100);
    }
  }

  private static String seconds(long t0) {
    return String.format(Locale.ROOT, "%.1f s", (System.nanoTime() - t0) / 1e9);
  }
}
