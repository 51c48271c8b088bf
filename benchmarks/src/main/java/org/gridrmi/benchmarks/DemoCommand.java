package org.gridrmi.benchmarks;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gridrmi.benchmarks.svd.SvdExperiment;
import org.gridrmi.benchmarks.svd.SvdModel;
import org.gridrmi.cli.GridOptions;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.jama.MatrixOps;
import org.gridrmi.lookup.LookupDirectory;
import org.gridrmi.lookup.LookupServer;
import org.gridrmi.lookup.ServerRecord;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gridrmi demo}: the paper in a minute. Starts an embedded lookup service and two server JVMs on an
 * emulated wide-area link, runs the Fig. 2 composition across them (the 1 MiB intermediate goes S1 to S2, not
 * through the client), then the SVD solver of section 4 in its three placements over several n, prints the tables,
 * writes CSV and PNG under results/ (demo-fig2-*: bars of time and client bytes; demo-svd-*: runtime over n with
 * the model dashed, and the ratio to ideal), and stops everything it started. With {@code --lookup} (or
 * {@code GRIDRMI_LOOKUP}, as a Slurm job of deploy/slurm/gridrmi.sbatch exports it) it runs the same on that grid
 * instead, starting and stopping nothing.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description =
        "Fig. 2 composition across two servers, then the SVD solver (plain/improved/ideal) over several n"
            + " on an emulated wide-area link, or on an existing grid (--lookup, GRIDRMI_LOOKUP); writes CSV and PNG under"
            + " results/.")
public final class DemoCommand implements Callable<Integer> {
  private static final int MIB = 1 << 20;

  @Mixin
  GridOptions options;

  /**
   * Four sizes show the Fig. 10 shape (plain grows with the n^2 bytes it moves, improved stays on ideal); on
   * paper-wan plain takes 0.6 s at n = 50 and 2.4 s at n = 200, so one run of all four costs about 6.5 s.
   */
  @Option(names = "--n", split = ",", description = "SVD system sizes (default ${DEFAULT-VALUE})")
  List<Integer> sizes = List.of(50, 100, 150, 200);

  @Option(
      names = "--runs",
      description = "measured runs per placement and n, and of Fig. 2 (default ${DEFAULT-VALUE})")
  int runs = 3;

  /** One solve per run: the median of three runs stands against noise, and four n fit in the minute. */
  @Option(
      names = "--reps",
      description = "solves per placement in each SVD run, the fastest kept (default"
          + " ${DEFAULT-VALUE}; bench svd uses " + SvdExperiment.DEFAULT_REPETITIONS + ")")
  int reps = 1;

  @Option(
      names = "--lookup",
      paramLabel = "jini://HOST:PORT",
      defaultValue = "${env:GRIDRMI_LOOKUP}",
      description =
          "run on the grid this lookup service lists (default: $GRIDRMI_LOOKUP, as a Slurm job exports"
              + " it) instead of starting a lookup service and two servers")
  String lookup;

  @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  @Override
  public Integer call() throws Exception {
    if (lookup != null && !lookup.isBlank()) return onExistingGrid(lookup.trim());
    options.defaultLink("paper-wan"); // the demo's default: the paper's WAN
    String linkSpec = options.link();
    long t0 = System.nanoTime();
    System.out.println("GridRMI demo on link " + linkSpec);
    org.gridrmi.ref.TlsStores stores = options.tls.stores();
    try (LookupServer lookup = stores != null
            ? LookupServer.startTls(null, 0, stores, "gridrmi-demo")
            : LookupServer.start(
                null, 0, options.tls.secret("the demo's lookup service"), "gridrmi-demo");
        LocalGrid local = new LocalGrid(out.resolve("logs"), options.serverArgs())) {
      System.out.println("lookup service at " + lookup.url());
      // the servers join the lookup service; the client finds them there, as in the paper's Fig. 1
      List<String> serverArgs = List.of("--lookup", lookup.url(), "--join-lease", "5s");
      List<String> addresses = local.startServers(2, serverArgs);
      System.out.println("servers S1 " + addresses.get(0) + ", S2 " + addresses.get(1)
          + " (up after " + seconds(t0) + ")");
      try (Grid grid = options.grid().connect(lookup.url()).build()) {
        awaitServers(grid, 2, 2, Duration.ofSeconds(60));
        System.out.println("both servers found through the lookup service after " + seconds(t0)
            + ": " + describe(grid.servers()));
        run(grid, grid.server("S1"), grid.server("S2"), linkSpec, linkSpec);
      }
    }
    System.out.println("demo done in " + seconds(t0) + "; lookup service and servers stopped");
    return 0;
  }

  /**
   * The same runs on a grid someone else started (a Slurm job's, say): the first two servers by name for Fig. 2,
   * the first for the SVD solver; no link is emulated unless --link is given, and nothing is stopped.
   */
  private Integer onExistingGrid(String url) throws Exception {
    long t0 = System.nanoTime();
    String linkSpec = options.link();
    System.out.println("GridRMI demo on the grid at " + url + " (client link " + linkSpec + ")");
    try (Grid grid = options.grid().lookup(url).build()) {
      List<ServerInfo> servers = awaitServers(grid, 2, 1, Duration.ofSeconds(10)).stream()
          .sorted(Comparator.comparing(ServerInfo::name))
          .toList();
      System.out.println("found " + servers.size() + " servers through the lookup service at " + url
          + " after " + seconds(t0) + ": " + describe(servers));
      ServerInfo second = servers.size() > 1 ? servers.get(1) : servers.get(0);
      if (servers.size() == 1)
        System.out.println("one server only: Fig. 2's two methods both run on it");
      run(grid, servers.get(0), second, linkSpec, "the grid at " + url);
    }
    System.out.println("demo done in " + seconds(t0) + "; the grid at " + url + " is left running");
    return 0;
  }

  /** Fig. 2 from {@code s1} to {@code s2}, then the SVD solver on {@code s1}; tables, CSV and PNG. */
  private void run(Grid grid, ServerInfo s1, ServerInfo s2, String linkSpec, String where)
      throws Exception {
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    // Fig. 2: method1 on S1 makes 1 MiB, method2 on S2 consumes it; plain RMI routes it through the
    // client
    Fig2Comparison fig2 = Fig2Comparison.measure(grid, s1, s2, MIB, runs);
    System.out.println();
    fig2.print(System.out);
    Path fig2Csv = fig2.writeCsv(out.resolve("demo-fig2-" + stamp + ".csv"));
    Path fig2Png = fig2.figure(where).writePng(out.resolve("demo-fig2-" + stamp + ".png"));
    System.out.println("wrote " + fig2Csv + " and " + fig2Png);

    SvdExperiment svd = new SvdExperiment(
            grid, s1, SvdModel.forLink(linkSpec, out.resolve("calibration.properties")), 42)
        .repetitions(reps);
    System.out.println();
    svd.run(sizes, runs, System.err);
    svd.printTable(System.out, where);
    Path csv = svd.writeCsv(out.resolve("demo-svd-" + stamp + ".csv"));
    Path png = svd.writePng(out.resolve("demo-svd-" + stamp + ".png"), where);
    System.out.println("wrote " + csv + " and " + png);
  }

  private static String describe(List<ServerInfo> servers) {
    return servers.stream()
        .map(s -> s.name() + " (" + s.attributes().get("cores") + " cores, load "
            + s.attributes().get("load") + ")")
        .toList()
        .toString();
  }

  /**
   * The servers offering both services, once {@code wanted} do or, after {@code timeout}, if at least {@code needed}
   * do.
   */
  private static List<ServerInfo> awaitServers(Grid grid, int wanted, int needed, Duration timeout)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    List<ServerInfo> offering = offering(grid);
    while (offering.size() < wanted) {
      if (System.nanoTime() > deadline) {
        if (offering.size() >= needed) return offering;
        throw new GridException(
            Status.UNAVAILABLE,
            "only " + offering.size() + " of " + needed + " servers offering "
                + Fig2Ops.class.getSimpleName() + " and " + MatrixOps.class.getSimpleName()
                + " registered with the lookup"
                + " service within " + timeout.toSeconds() + " s; registered: "
                + describe(grid.servers())
                + unloadable(grid));
      }
      Thread.sleep(100);
      offering = offering(grid);
    }
    return offering;
  }

  /** The servers registered with services this JVM cannot load, as a clause; empty for none. */
  private static String unloadable(Grid grid) {
    String note = LookupDirectory.describeUnloadable(grid.unloadableServers().stream()
        .map(s -> new ServerRecord(s.name(), s.address(), s.services(), s.attributes()))
        .toList());
    return note.isEmpty()
        ? ""
        : "; also " + note + " (the demo needs servers running ./gridrmi server's services)";
  }

  private static List<ServerInfo> offering(Grid grid) {
    return grid.servers(Fig2Ops.class).stream()
        .filter(s -> s.offers(MatrixOps.class))
        .toList();
  }

  private static String seconds(long t0) {
    return String.format(Locale.ROOT, "%.1f s", (System.nanoTime() - t0) / 1e9);
  }
}
