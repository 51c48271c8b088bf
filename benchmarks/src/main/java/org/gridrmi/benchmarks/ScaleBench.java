package org.gridrmi.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.gridrmi.benchmarks.harness.Stats;
import org.gridrmi.cli.GridOptions;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.client.CallOptions;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.ServerStats;
import org.gridrmi.client.Traffic;
import org.gridrmi.examples.fig2.Fig2OpsAsync;
import org.gridrmi.perf.Units;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gridrmi bench scale}: how GridRMI's costs grow with the work, on server JVMs started as {@code ./gridrmi
 * server} starts them (the JVM's own heap and collector):
 *
 * <ul>
 *   <li><b>values</b>: one client holds N one-element values on S1 (1k, 10k, ... up to {@code --max-values}): the
 *       heap per value on the server and per reference on the client, each the live heap after a full collection
 *       ({@link HeapHistogram}) with the N values minus the same without them, divided by N; and the bytes per second
 *       the idle client and S1 exchange meanwhile (lease renewals) over {@code --renew-window};
 *   <li><b>size</b>: a value of 1 KB up to {@code --max-size} made on S1 and taken on S2, the time it adds to the
 *       chain (cross-server minus the same chain on S1) against a raw loopback socket moving as many bytes
 *       (lazy/raw, 1 is the socket's speed);
 *   <li><b>clients</b>: 1 up to {@code --max-clients} Grids on threads of their own, each running cross-server chains
 *       of 16 B values for {@code --client-seconds}: chains per second in all, and their p99;
 *   <li><b>servers</b>: 1 up to {@code --max-servers} server JVMs, a grid in use (its servers settled after their
 *       start-up and warm from a ring of chains: {@link #warmGrid}): a fresh client JVM's connect to all of them plus
 *       its first chain (across the first and last), a round of chains across every neighbouring pair, and, while a
 *       client holds one value on each, the servers' CPU and the renewal traffic over {@code --renew-window}.
 * </ul>
 *
 * Last line: {@code scale: servers=N connect_ms=X bytes_per_value=Y bytes_per_ref=Z renew_growth=W
 * connect_ms_no_cds=V} (connect and first chain at the most servers, of a client JVM started as the launcher starts
 * commands, and beside it of one without the launcher's class-data-sharing archive, as a user's own client program
 * starts; memory at the most values; renewal bytes/s at the most values over the same at the fewest).
 */
@Command(
    name = "scale",
    mixinStandardHelpOptions = true,
    description = {
      "How costs grow: live values (heap per value on the server and per reference on the client, renewal"
          + " traffic), value size (lazy/raw), concurrent clients (throughput, p99) and servers in the grid (a fresh"
          + " client's connect and first chain, a round of chains, idle CPU, renewal traffic), on stock server JVMs."
          + " Last line: scale: servers=N connect_ms=X bytes_per_value=Y bytes_per_ref=Z renew_growth=W"
          + " connect_ms_no_cds=V (a client JVM without the launcher's class-data-sharing archive). Writes"
          + " results/scale.csv and results/scale.png (log-log)."
    })
public final class ScaleBench implements Callable<Integer> {
  private static final Duration DEADLINE = Duration.ofSeconds(60);
  /** Calls submitted before the client waits for S1 to catch up: far below a server's pending limit per client. */
  private static final int SUBMIT_WINDOW = 2_000;
  /** The longest wait for S1 to have made (or let go) the values of one point. */
  private static final Duration SETTLE = Duration.ofMinutes(5);

  private static final Pattern PROBE_LINE =
      Pattern.compile("connect_ms=([0-9.]+) first_chain_ms=([0-9.]+) round_ms=([0-9.]+)");

  @Spec
  CommandSpec spec;

  @Mixin
  GridOptions options;

  @Option(
      names = "--quick",
      description =
          "a small run for tests: at most 2 servers, 2 clients, 10000 values, 1MB values, a 15s renewal"
              + " window and 1s per client count (options given explicitly still count)")
  boolean quick;

  @Option(
      names = "--max-servers",
      paramLabel = "N",
      description = "most server JVMs, 1..32 (default 16)")
  Integer maxServers;

  @Option(
      names = "--max-clients",
      paramLabel = "N",
      description = "most concurrent clients, 1..64 (default 16)")
  Integer maxClients;

  @Option(
      names = "--max-values",
      paramLabel = "N",
      description = "most live values, 1000..10000000 (default 1000000)")
  Integer maxValues;

  @Option(
      names = "--max-size",
      paramLabel = "SIZE",
      description =
          "largest value, 1KB..1GiB (default 256MB: a GiB value needs several GB of heap on each of"
              + " S1, S2 and takes long)")
  String maxSize;

  @Option(
      names = "--renew-window",
      paramLabel = "DURATION",
      description =
          "how long renewal traffic and idle CPU are counted, at least 1s; a multiple of the"
              + " clients' 15 s renewal period counts every point alike (default 30s)",
      converter = ServerCommand.DurationConverter.class)
  Duration renewWindow;

  @Option(
      names = "--client-seconds",
      paramLabel = "N",
      description = "seconds each client count runs chains, 1..600 (default 3)")
  Integer clientSeconds;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  private int servers;
  private int clients;
  private int values;
  private long sizeCap;
  private Duration window;
  private int seconds;

  @Override
  public Integer call() throws Exception {
    settle();
    ScaleReport report = new ScaleReport();
    try (LocalGrid local = new LocalGrid(out.resolve("scale-logs"), options.serverArgs())) {
      System.out.printf(
          Locale.ROOT,
          "bench scale: stock server JVMs on link %s; up to %d servers, %d clients, %d values, %s values%n",
          options.link(),
          servers,
          clients,
          values,
          Units.formatSize(sizeCap));
      List<ServerJvm> jvms = new ArrayList<>();
      jvms.add(local.startServer("S1", List.of()));
      measureValues(jvms.get(0), report);
      if (servers >= 2) {
        jvms.add(local.startServer("S2", List.of()));
        measureSizes(jvms.get(0), jvms.get(1), report);
        measureClients(jvms.get(0), jvms.get(1), report);
      }
      measureServers(local, jvms, report);
    }
    Path csv = report.writeCsv(out.resolve("scale.csv"));
    Path png = report.writePng(out.resolve("scale.png"));
    double growth = report.atMax(ScaleReport.VALUES, "renewal_traffic")
        / report.atMin(ScaleReport.VALUES, "renewal_traffic");
    System.out.printf(Locale.ROOT, "bench scale: wrote %s and %s%n", csv, png);
    System.out.printf(
        Locale.ROOT,
        "scale: servers=%d connect_ms=%.1f bytes_per_value=%.1f bytes_per_ref=%.1f renew_growth=%.2f"
            + " connect_ms_no_cds=%.1f%n",
        servers,
        report.atMax(ScaleReport.SERVERS, "connect_first_chain"),
        report.atMax(ScaleReport.VALUES, "server_bytes_per_value"),
        report.atMax(ScaleReport.VALUES, "client_bytes_per_ref"),
        growth,
        report.atMax(ScaleReport.SERVERS, "connect_first_chain_no_cds"));
    return 0;
  }

  /** The run's bounds: each option given, else its --quick or full default; out of range is a usage error. */
  private void settle() {
    servers = range("--max-servers", maxServers, quick ? 2 : 16, 1, 32);
    clients = range("--max-clients", maxClients, quick ? 2 : 16, 1, 64);
    values = range("--max-values", maxValues, quick ? 10_000 : 1_000_000, 1_000, 10_000_000);
    seconds = range("--client-seconds", clientSeconds, quick ? 1 : 3, 1, 600);
    window = renewWindow != null ? renewWindow : Duration.ofSeconds(quick ? 15 : 30);
    if (window.compareTo(Duration.ofSeconds(1)) < 0) {
      throw bad("--renew-window", window, "a duration of at least 1s, such as 30s");
    }
    String size = maxSize != null ? maxSize : quick ? "1MB" : "256MB";
    double bytes;
    try {
      bytes = Units.parseSize(size);
    } catch (IllegalArgumentException e) {
      throw bad("--max-size", size, Units.SIZE_FORM + ", from 1KB to 1GiB");
    }
    if (bytes < 1000 || bytes > (1 << 30)) throw bad("--max-size", size, "a size from 1KB to 1GiB");
    sizeCap = (long) bytes;
  }

  private int range(String option, Integer given, int fallback, int min, int max) {
    int v = given != null ? given : fallback;
    if (v < min || v > max) throw bad(option, v, "a whole number from " + min + " to " + max);
    return v;
  }

  private CommandLine.ParameterException bad(String option, Object v, String expected) {
    return new CommandLine.ParameterException(
        spec.commandLine(), option + " '" + v + "': out of range; expected " + expected);
  }

  /** 1, 2, 4, ... up to {@code max}, with {@code max} itself last. */
  static List<Integer> doubling(int from, int max, int factor) {
    List<Integer> xs = new ArrayList<>();
    for (long x = from; x < max; x *= factor) xs.add((int) x);
    xs.add(max);
    return xs;
  }

  // ---------------------------------------------------------------- values

  private void measureValues(ServerJvm s1, ScaleReport report) throws InterruptedException {
    System.out.println("bench scale: live values on S1, held by one client...");
    int baseline = -1;
    for (int n : doubling(1_000, values, 10)) {
      try (Grid grid = options.grid().connect(s1.address()).build()) {
        ServerInfo info = grid.server("S1");
        Fig2OpsAsync on = grid.async(Fig2OpsAsync.class, CallOptions.on(info));
        for (int i = 0;
            i < 100;
            i++) { // the classes and paths of a call, loaded before the baseline
          RemoteReference<byte[]> r = on.method1(1, 0);
          r.get(DEADLINE);
          r.release();
        }
        if (baseline < 0) baseline = settledValues(grid, info, 0); // what it holds at rest
        settledValues(grid, info, baseline);
        RemoteReference<?>[] held = new RemoteReference<?>[n];
        HeapHistogram server0 = HeapHistogram.of(s1.pid());
        HeapHistogram client0 = HeapHistogram.of(ProcessHandle.current().pid());
        for (int i = 0; i < n; i++) {
          held[i] = on.method1(1, 0);
          if ((i + 1) % SUBMIT_WINDOW == 0) waitPendingBelow(grid, info, SUBMIT_WINDOW);
        }
        waitMade(grid, info, baseline + n);
        HeapHistogram server1 = HeapHistogram.of(s1.pid());
        HeapHistogram client1 = HeapHistogram.of(ProcessHandle.current().pid());
        report.add(
            ScaleReport.VALUES,
            n,
            "server_bytes_per_value",
            (double) (server1.totalBytes() - server0.totalBytes()) / n,
            "bytes");
        report.add(
            ScaleReport.VALUES,
            n,
            "client_bytes_per_ref",
            (double) (client1.totalBytes() - client0.totalBytes()) / n,
            "bytes");
        if (n == values) {
          System.out.println("  what a value costs S1, by class: "
              + String.join("; ", server1.topGrowth(server0, n, 12)));
          System.out.println("  what a reference costs the client, by class: "
              + String.join("; ", client1.topGrowth(client0, n, 12)));
        }
        Traffic before = grid.traffic();
        Thread.sleep(window.toMillis());
        Traffic during = grid.traffic().since(before);
        report.add(
            ScaleReport.VALUES,
            n,
            "renewal_traffic",
            (during.sentBytes() + during.receivedBytes()) / (window.toMillis() / 1e3),
            "bytes/s");
        java.lang.ref.Reference.reachabilityFence(held);
      } // closing the Grid releases every value it made
    }
  }

  /** The values S1 holds once it stopped falling to {@code atMost} (values of a closed Grid are being released). */
  private static int settledValues(Grid grid, ServerInfo s, int atMost)
      throws InterruptedException {
    return StoreProbe.settledValues(grid, s, atMost, Duration.ofSeconds(30));
  }

  private static void waitPendingBelow(Grid grid, ServerInfo s, int limit)
      throws InterruptedException {
    long end = System.nanoTime() + SETTLE.toNanos();
    while (grid.stats(s).pending() >= limit) {
      if (System.nanoTime() > end) throw stuck(s, "its calls to end");
      Thread.sleep(5);
    }
  }

  private static void waitMade(Grid grid, ServerInfo s, int values) throws InterruptedException {
    long end = System.nanoTime() + SETTLE.toNanos();
    for (ServerStats st = grid.stats(s);
        st.pending() > 0 || st.values() < values;
        st = grid.stats(s)) {
      if (System.nanoTime() > end) {
        throw stuck(
            s, values + " values (it holds " + st.values() + ", " + st.pending() + " pending)");
      }
      Thread.sleep(20);
    }
  }

  private static GridException stuck(ServerInfo s, String what) {
    return new GridException(
        Status.DEADLINE_EXCEEDED,
        "bench scale: " + s.name() + " did not reach " + what + " within " + SETTLE.toMinutes()
            + " minutes; see its log under scale-logs");
  }

  // ---------------------------------------------------------------- size

  private void measureSizes(ServerJvm s1, ServerJvm s2, ScaleReport report) throws IOException {
    System.out.println("bench scale: value size, S1 to S2 against a raw loopback socket...");
    try (Grid grid = options.grid().connect(s1.address(), s2.address()).build();
        RawLoopback raw = new RawLoopback(options.shaper())) {
      Fig2OpsAsync a1 = grid.async(Fig2OpsAsync.class, CallOptions.on(grid.server("S1")));
      Fig2OpsAsync a2 = grid.async(Fig2OpsAsync.class, CallOptions.on(grid.server("S2")));
      byte[] data = new byte[1 << 20];
      for (long size = 1000; ; size = Math.min(size * 32, sizeCap)) {
        int rounds = size <= 1 << 20 ? 20 : 3;
        chain(a1, a1, (int) size); // warm-up of this size
        chain(a1, a2, (int) size);
        raw.move(size, data);
        double[] cross = new double[rounds];
        double[] same = new double[rounds];
        double[] socket = new double[rounds];
        for (int i = 0; i < rounds; i++) {
          same[i] = chain(a1, a1, (int) size);
          cross[i] = chain(a1, a2, (int) size);
          socket[i] = raw.move(size, data);
        }
        double moved = Stats.median(cross) - Stats.median(same);
        double ratio = moved > 0 ? Stats.median(socket) / moved : Double.NaN;
        report.add(ScaleReport.SIZE, size, "lazy_over_raw", ratio, "speed ratio");
        if (size == sizeCap) break;
      }
    }
  }

  /** Seconds of {@code second.method2(first.method1(size))}, whose result is 16 bytes. */
  private static double chain(Fig2OpsAsync first, Fig2OpsAsync second, int size) {
    long start = System.nanoTime();
    RemoteReference<byte[]> r1 = first.method1(size, 0);
    RemoteReference<byte[]> r2 = second.method2(r1, 16, 0);
    byte[] got = r2.get(DEADLINE);
    double seconds = (System.nanoTime() - start) / 1e9;
    r1.release();
    r2.release();
    if (got.length != 16) {
      throw new GridException(
          Status.INTERNAL, "bench scale: a chain returned " + got.length + " bytes, not 16");
    }
    return seconds;
  }

  // ---------------------------------------------------------------- clients

  private void measureClients(ServerJvm s1, ServerJvm s2, ScaleReport report)
      throws InterruptedException {
    System.out.println("bench scale: concurrent clients, cross-server chains...");
    for (int n : doubling(1, clients, 2)) {
      List<Grid> grids = new ArrayList<>();
      try {
        for (int i = 0; i < n; i++)
          grids.add(options.grid().connect(s1.address(), s2.address()).build());
        double[][] perClient = new double[n][];
        List<Thread> threads = new ArrayList<>();
        long warmEnd = System.nanoTime() + 500_000_000L;
        long end = warmEnd + seconds * 1_000_000_000L;
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < n; i++) {
          int k = i;
          Thread t = new Thread(
              () -> {
                try {
                  perClient[k] = runChains(grids.get(k), warmEnd, end);
                } catch (RuntimeException e) {
                  failures.add(e);
                }
              },
              "bench-scale-client-" + i);
          t.start();
          threads.add(t);
        }
        for (Thread t : threads) t.join();
        if (!failures.isEmpty()) {
          throw new GridException(
              Status.INTERNAL,
              "bench scale: " + failures.size() + " of " + n + " clients failed: "
                  + failures.get(0),
              failures.get(0));
        }
        double[] all = java.util.Arrays.stream(perClient)
            .flatMapToDouble(java.util.Arrays::stream)
            .toArray();
        report.add(ScaleReport.CLIENTS, n, "throughput", all.length / (double) seconds, "chains/s");
        report.add(ScaleReport.CLIENTS, n, "p99", Stats.percentile(all, 99) * 1e3, "ms");
      } finally {
        grids.forEach(Grid::close);
      }
    }
  }

  /** Chains of 16 B values S1 to S2 until {@code end}: the seconds of each one that started after {@code warmEnd}. */
  private static double[] runChains(Grid grid, long warmEnd, long end) {
    Fig2OpsAsync a1 = grid.async(Fig2OpsAsync.class, CallOptions.on(grid.server("S1")));
    Fig2OpsAsync a2 = grid.async(Fig2OpsAsync.class, CallOptions.on(grid.server("S2")));
    List<Double> seconds = new ArrayList<>();
    for (long now = System.nanoTime(); now < end; now = System.nanoTime()) {
      double s = chain(a1, a2, 16);
      if (now >= warmEnd) seconds.add(s);
    }
    return seconds.stream().mapToDouble(Double::doubleValue).toArray();
  }

  // ---------------------------------------------------------------- servers

  private void measureServers(LocalGrid local, List<ServerJvm> jvms, ScaleReport report)
      throws IOException, InterruptedException {
    System.out.println("bench scale: servers in the grid...");
    for (int n : doubling(1, servers, 2)) {
      while (jvms.size() < n) jvms.add(local.startServer("S" + (jvms.size() + 1), List.of()));
      List<String> addresses =
          jvms.subList(0, n).stream().map(ServerJvm::address).toList();
      warmGrid(jvms.subList(0, n), addresses);
      double[] fresh = freshClient(addresses, true);
      report.add(ScaleReport.SERVERS, n, "connect_first_chain", fresh[0] + fresh[1], "ms");
      double[] plainJvm = freshClient(addresses, false);
      report.add(
          ScaleReport.SERVERS, n, "connect_first_chain_no_cds", plainJvm[0] + plainJvm[1], "ms");
      report.add(ScaleReport.SERVERS, n, "connect", fresh[0], "ms");
      report.add(ScaleReport.SERVERS, n, "first_chain", fresh[1], "ms");
      report.add(ScaleReport.SERVERS, n, "round_of_chains", fresh[2], "ms");
      try (Grid grid = options.grid().connect(addresses.toArray(String[]::new)).build()) {
        List<RemoteReference<byte[]>> held = new ArrayList<>();
        for (ServerInfo s : grid.servers()) {
          RemoteReference<byte[]> r =
              grid.async(Fig2OpsAsync.class, CallOptions.on(s)).method1(1, 0);
          r.get(DEADLINE);
          held.add(r);
        }
        double cpu0 = cpu(jvms, n);
        Traffic before = grid.traffic();
        Thread.sleep(window.toMillis());
        Traffic during = grid.traffic().since(before);
        double windowSeconds = window.toMillis() / 1e3;
        report.add(
            ScaleReport.SERVERS,
            n,
            "idle_cpu",
            (cpu(jvms, n) - cpu0) / windowSeconds * 100,
            "% of a core");
        report.add(
            ScaleReport.SERVERS,
            n,
            "renewal_traffic",
            (during.sentBytes() + during.receivedBytes()) / windowSeconds,
            "bytes/s");
        java.lang.ref.Reference.reachabilityFence(held);
      }
    }
  }

  /**
   * A grid a new client joins has been running: its servers are past their own start-up and have run chains. So the
   * servers just started are let settle first (a server's start-up, its class loading and JIT, takes seconds of CPU
   * after it says it is ready, which a client connecting at that moment would share on a 2-core machine: 8 servers
   * started just before made connect + first chain with 16 servers 1.5 s), and then each runs a cross-server chain
   * around the ring S1 to S2, ..., Sn to S1 (for 1 or 2 servers a chain on each instead: with 2 the ring is the pair
   * the fresh client measures). The fresh client's first chain, S1 to Sn, still makes its server-to-server
   * connection (Sn to S1, which no chain of the ring made) and pays its own start-up.
   */
  private void warmGrid(List<ServerJvm> jvms, List<String> addresses) throws InterruptedException {
    awaitQuiet(jvms);
    int n = jvms.size();
    try (Grid grid = options.grid().connect(addresses.toArray(String[]::new)).build()) {
      for (int i = 1; i <= n; i++) {
        Fig2OpsAsync from = grid.async(Fig2OpsAsync.class, CallOptions.on(grid.server("S" + i)));
        int next = n <= 2 ? i : i % n + 1;
        chain(from, grid.async(Fig2OpsAsync.class, CallOptions.on(grid.server("S" + next))), 16);
      }
    }
  }

  /** Waits until no server used more than 5% of a core over half a second, 30 s at most (then says so). */
  private static void awaitQuiet(List<ServerJvm> jvms) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < end) {
      double[] before = jvms.stream().mapToDouble(ServerJvm::cpuSeconds).toArray();
      Thread.sleep(500);
      boolean quiet = true;
      for (int i = 0; i < before.length; i++)
        quiet &= jvms.get(i).cpuSeconds() - before[i] <= 0.025;
      if (quiet) return;
    }
    System.out.println("bench scale: the servers were still busy after 30 s; measuring anyway");
  }

  private static double cpu(List<ServerJvm> jvms, int n) {
    return jvms.subList(0, n).stream().mapToDouble(ServerJvm::cpuSeconds).sum();
  }

  /**
   * Runs {@link FreshClient} in a new JVM with this JVM's class path and the run's security options: its connect,
   * first chain and round of chains, in ms.
   */
  private double[] freshClient(List<String> addresses, boolean launcherArchive)
      throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(options.tls.asArguments(null));
    args.addAll(addresses);
    List<String> jvm = ServerJvm.launcherOptions();
    // a user's own client JVM: no archive of the launcher's (GRIDRMI_JAVA_OPTS still apply)
    if (!launcherArchive)
      jvm.removeIf(o -> o.startsWith("-XX:SharedArchiveFile=") || o.startsWith("-Xlog:"));
    String[] got = FreshJvm.run(FreshClient.class, jvm, args, PROBE_LINE, "bench scale");
    return new double[] {
      Double.parseDouble(got[0]), Double.parseDouble(got[1]), Double.parseDouble(got[2])
    };
  }

  /**
   * The fresh client of {@code bench scale}: a new JVM that connects to every server given, makes one chain from the
   * first to the last, then one across each neighbouring pair (all in flight at once), and prints {@code
   * connect_ms=A first_chain_ms=B round_ms=C}.
   */
  @Command(name = "scale-fresh-client", mixinStandardHelpOptions = true)
  public static final class FreshClient implements Callable<Integer> {
    @Mixin
    GridOptions options;

    @Parameters(arity = "1..*", description = "the servers' addresses")
    List<String> servers;

    public static void main(String[] args) {
      System.exit(new CommandLine(new FreshClient()).execute(args));
    }

    @Override
    public Integer call() {
      long start = System.nanoTime();
      try (Grid grid = options.grid().connect(servers.toArray(String[]::new)).build()) {
        long connected = System.nanoTime();
        List<Fig2OpsAsync> on = new ArrayList<>();
        for (ServerInfo s : grid.servers())
          on.add(grid.async(Fig2OpsAsync.class, CallOptions.on(s)));
        chain(on.get(0), on.get(on.size() - 1), 16);
        long chained = System.nanoTime();
        List<RemoteReference<byte[]>> round = new ArrayList<>();
        for (int i = 0; i < on.size(); i++) {
          round.add(on.get((i + 1) % on.size()).method2(on.get(i).method1(16, 0), 16, 0));
        }
        round.forEach(r -> r.get(DEADLINE));
        long rounded = System.nanoTime();
        System.out.printf(
            Locale.ROOT,
            "connect_ms=%.1f first_chain_ms=%.1f round_ms=%.1f%n",
            (connected - start) / 1e6,
            (chained - connected) / 1e6,
            (rounded - chained) / 1e6);
      }
      return 0;
    }
  }
}
