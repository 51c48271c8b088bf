package org.gridrmi.examples.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.Traffic;
import org.gridrmi.examples.LocalGrid;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.fig2.Fig2OpsAsync;
import org.gridrmi.examples.svd.SvdExperiment;
import org.gridrmi.examples.svd.SvdModel;
import org.gridrmi.lookup.LookupServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gridrmi demo}: the paper in two minutes. Starts an embedded lookup service and two server JVMs on an
 * emulated wide-area link, runs the Fig. 2 composition across them (the 1 MB intermediate goes S1 to S2, not through
 * the client), then the SVD solver of section 4 in its three placements, prints the table, writes CSV and PNG
 * under results/, and stops everything it started.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Fig. 2 composition across two servers, then the SVD solver (plain/improved/ideal) on an emulated"
        + " wide-area link; writes CSV and PNG under results/.")
public final class DemoCommand implements Callable<Integer> {
  private static final int MB = 1 << 20;

  @Mixin
  LinkOption link;

  @Option(names = "--n", description = "SVD system size (default ${DEFAULT-VALUE})")
  int n = 200;

  @Option(names = "--runs", description = "measured runs per placement (default ${DEFAULT-VALUE})")
  int runs = 3;

  @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  @Override
  public Integer call() throws Exception {
    if (System.getProperty("gridrmi.link") == null) link.set("paper-wan"); // the demo's default: the paper's WAN
    String linkSpec = LinkOption.current();
    long t0 = System.nanoTime();
    System.out.println("GridRMI demo on link " + linkSpec);
    try (LookupServer lookup = LookupServer.start(0, "gridrmi-demo");
         LocalGrid local = new LocalGrid(out.resolve("logs"))) {
      System.out.println("lookup service at " + lookup.url());
      // the servers join the lookup service; the client finds them there, as in the paper's Fig. 1
      List<String> serverArgs = List.of("--lookup", lookup.url(), "--join-lease", "5s");
      List<String> addresses = local.startServers(2, serverArgs);
      System.out.println("servers S1 " + addresses.get(0) + ", S2 " + addresses.get(1) + " (up after "
          + seconds(t0) + ")");
      try (Grid grid = Grid.connect(lookup.url())) {
        awaitServers(grid, 2, Duration.ofSeconds(60));
        System.out.println("both servers found through the lookup service after " + seconds(t0) + ": "
            + grid.servers().stream().map(s -> s.name() + " (" + s.attributes().get("cores") + " cores, load "
            + s.attributes().get("load") + ")").toList());
        fig2(grid, grid.server("S1"), grid.server("S2"));
        SvdExperiment svd = new SvdExperiment(grid, grid.server("S1"), SvdModel.forLink(linkSpec,
            out.resolve("calibration.properties")), 42);
        System.out.println();
        svd.run(List.of(n), runs, System.err);
        svd.printTable(System.out, linkSpec);
        String base = "demo-svd-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path csv = svd.writeCsv(out.resolve(base + ".csv"));
        Path png = svd.writePng(out.resolve(base + ".png"), linkSpec);
        System.out.println("wrote " + csv + " and " + png);
      }
    }
    System.out.println("demo done in " + seconds(t0) + "; lookup service and servers stopped");
    return 0;
  }

  /** Fig. 2: method1 on S1 makes 1 MB, method2 on S2 consumes it; plain RMI routes it through the client. */
  private static void fig2(Grid grid, ServerInfo s1, ServerInfo s2) {
    Fig2OpsAsync on1 = grid.async(Fig2OpsAsync.class, s1);
    Fig2OpsAsync on2 = grid.async(Fig2OpsAsync.class, s2);
    Fig2Ops plain1 = grid.plain(Fig2Ops.class, s1);
    Fig2Ops plain2 = grid.plain(Fig2Ops.class, s2);
    on2.method2(on1.method1(16, 0), 16, 0).get(Duration.ofSeconds(60)); // warm up connections and classes
    plain2.method2(plain1.method1(16, 0), 16, 0);

    Traffic before = Grid.traffic();
    long start = System.nanoTime();
    byte[] viaClient = plain2.method2(plain1.method1(MB, 0), 16, 0);
    double plainMs = (System.nanoTime() - start) / 1e6;
    Traffic plain = Grid.traffic().since(before);

    before = Grid.traffic();
    start = System.nanoTime();
    byte[] direct = on2.method2(on1.method1(MB, 0), 16, 0).get(Duration.ofSeconds(60));
    double improvedMs = (System.nanoTime() - start) / 1e6;
    Traffic improved = Grid.traffic().since(before);

    System.out.println();
    System.out.println("Fig. 2: y = S2.method2(S1.method1()), intermediate " + MB + " B");
    System.out.printf(Locale.ROOT, "  plain RMI:    %8.1f ms, client received %9d B (%.2f x the intermediate)%n",
        plainMs, plain.receivedBytes(), plain.receivedBytes() / (double) MB);
    System.out.printf(Locale.ROOT, "  improved RMI: %8.1f ms, client received %9d B (%.4f x the intermediate)%n",
        improvedMs, improved.receivedBytes(), improved.receivedBytes() / (double) MB);
    System.out.println("  same result: " + java.util.Arrays.equals(viaClient, direct));
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
