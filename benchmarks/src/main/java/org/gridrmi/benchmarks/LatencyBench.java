package org.gridrmi.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.gridrmi.benchmarks.harness.Stats;
import org.gridrmi.benchmarks.transfer.TransferOpsImpl;
import org.gridrmi.cli.GridOptions;
import org.gridrmi.cli.report.BarPlot;
import org.gridrmi.cli.report.CsvWriter;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.client.CallOptions;
import org.gridrmi.client.Grid;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.fig2.Fig2OpsAsync;
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
 * {@code gridrmi bench latency}: what GridRMI adds to a call that moves almost nothing. Two stock server JVMs started
 * as {@code ./gridrmi server} starts them; on warm JVMs, in rounds that interleave the mechanisms (so the machine's
 * noise falls on all alike), the time until the result is here of:
 * <ul>
 *   <li>{@code async_chain}: {@code s1.method2(s1.method1(x))} as two async calls on S1 and {@code get()} (the paper's
 *       lazy chain on one server, {@code same} below);
 *   <li>{@code two_plain}: the same two calls as plain RMI through the client (the result comes back in between);
 *   <li>{@code cross}: {@code s2.method2(s1.method1(x))}, async, the value moving S1 to S2.
 * </ul>
 * after a warm-up of at least {@code --warmup} rounds and {@code --warmup-seconds} (for the JIT compilers of the three
 * JVMs to finish), and, in a JVM of its own started fresh, the median of its first 1,000 async chains of two calls
 * ({@code first_1000_p50}). The methods sleep 0 ms and move {@code --bytes} bytes (default 16). Medians; CSV and PNG
 * in {@code --out}; last line {@code latency: async_chain_us=A two_plain_us=B cross_us=C same_us=D
 * first_1000_p50_us=E} ({@code same_us} is {@code async_chain_us}: the same chain, named for the comparison).
 */
@Command(
    name = "latency",
    mixinStandardHelpOptions = true,
    description = {
      "Latency of small calls on two stock server JVMs: an async chain of two + get() vs two plain"
          + " calls, a cross-server chain vs the same chain on one server (warm), and the first 1,000 chains of a"
          + " fresh client JVM. Last line: latency: async_chain_us=A two_plain_us=B cross_us=C same_us=D"
          + " first_1000_p50_us=E. Writes results/latency.csv and results/latency.png."
    })
public final class LatencyBench implements Callable<Integer> {
  private static final Duration DEADLINE = Duration.ofSeconds(30);
  private static final Pattern PROBE_LINE = Pattern.compile("first_1000_p50_us=([0-9.]+)");

  @Spec
  CommandSpec spec;

  @Mixin
  GridOptions options;

  @Option(
      names = "--rounds",
      description = "measured rounds, each one of every mechanism (default ${DEFAULT-VALUE})")
  int rounds = 3000;

  @Option(
      names = "--warmup",
      description = "rounds before the measured ones, for the JIT (default ${DEFAULT-VALUE})")
  int warmup = 5000;

  /**
   * The warm-up also lasts this long: after 5,000 rounds (about 4 s here) the three JVMs' JIT compilers still used a
   * third of the 2-core machine's processor time (600 methods compiled on S1 in the next 5 s), so the measured rounds
   * ran beside the compilers and took their time; 20 s in, they compile a few methods a second.
   */
  @Option(
      names = "--warmup-seconds",
      description = "and warm up for at least this long (default ${DEFAULT-VALUE})")
  double warmupSeconds = 20;

  @Option(names = "--bytes", description = "bytes each call returns (default ${DEFAULT-VALUE})")
  int bytes = 16;

  @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  /** One mechanism: its name and the microseconds of each measured round. */
  record Series(String name, double[] micros) {
    double p(double percentile) {
      return Stats.percentile(micros, percentile);
    }
  }

  @Override
  public Integer call() throws Exception {
    if (rounds < 10 || rounds > 1_000_000) throw bad("--rounds", rounds, "from 10 to 1000000");
    if (warmup < 0 || warmup > 1_000_000) throw bad("--warmup", warmup, "from 0 to 1000000");
    if (!(warmupSeconds >= 0 && warmupSeconds <= 3600))
      throw bad("--warmup-seconds", warmupSeconds, "from 0 to 3600");
    if (bytes < 0 || bytes > 1_000_000) throw bad("--bytes", bytes, "from 0 to 1000000");
    try (LocalGrid local = new LocalGrid(out.resolve("latency-logs"), options.serverArgs())) {
      System.out.println("bench latency: starting S1 and S2 as ./gridrmi server starts them...");
      ServerJvm s1 = local.startServer("S1", List.of());
      ServerJvm s2 = local.startServer("S2", List.of());
      List<Series> warm;
      try (Grid grid = options.grid().connect(s1.address(), s2.address()).build()) {
        warm = measureWarm(grid);
      }
      System.out.println("bench latency: a fresh client JVM makes its first 1,000 chains...");
      double first = freshClient(s1.address());
      return report(warm, first);
    }
  }

  private List<Series> measureWarm(Grid grid) {
    Fig2OpsAsync a1 = grid.async(Fig2OpsAsync.class, CallOptions.on(grid.server("S1")));
    Fig2OpsAsync a2 = grid.async(Fig2OpsAsync.class, CallOptions.on(grid.server("S2")));
    Fig2Ops p1 = grid.plain(Fig2Ops.class, CallOptions.on(grid.server("S1")));
    System.out.printf(
        Locale.ROOT,
        "bench latency: at least %d warm-up rounds and %.0f s...%n",
        warmup,
        warmupSeconds);
    long warmStart = System.nanoTime();
    long warmNanos = (long) (warmupSeconds * 1e9);
    int warmed = 0;
    for (; warmed < warmup || System.nanoTime() - warmStart < warmNanos; warmed++) {
      chain(a1, a1);
      plain(p1);
      chain(a1, a2);
    }
    long jitBefore = TransferOpsImpl.jitMillis();
    long measuredStart = System.nanoTime();
    System.out.printf(
        Locale.ROOT,
        "bench latency: %d warm-up rounds in %.1f s; %d measured rounds...%n",
        warmed,
        (measuredStart - warmStart) / 1e9,
        rounds);
    double[] async = new double[rounds];
    double[] twoPlain = new double[rounds];
    double[] cross = new double[rounds];
    for (int i = 0; i < rounds; i++) {
      // the order turns with each round, so that no mechanism always follows the same one
      switch (i % 3) {
        case 0 -> {
          async[i] = chain(a1, a1);
          twoPlain[i] = plain(p1);
          cross[i] = chain(a1, a2);
        }
        case 1 -> {
          twoPlain[i] = plain(p1);
          cross[i] = chain(a1, a2);
          async[i] = chain(a1, a1);
        }
        default -> {
          cross[i] = chain(a1, a2);
          async[i] = chain(a1, a1);
          twoPlain[i] = plain(p1);
        }
      }
    }
    if (jitBefore >= 0) {
      System.out.printf(
          Locale.ROOT,
          "bench latency: this JVM's JIT compiled %.0f ms a second during the measured rounds%n",
          (TransferOpsImpl.jitMillis() - jitBefore) / ((System.nanoTime() - measuredStart) / 1e9));
    }
    return List.of(
        new Series("async_chain", async),
        new Series("two_plain", twoPlain),
        new Series("cross", cross));
  }

  /** {@code second.method2(first.method1(x))} as async calls, then {@code get()}: microseconds until it is here. */
  private double chain(Fig2OpsAsync first, Fig2OpsAsync second) {
    return chain(first, second, bytes);
  }

  /** The chain of {@link #chain(Fig2OpsAsync, Fig2OpsAsync)} for calls returning {@code bytes}, for the fresh client too. */
  static double chain(Fig2OpsAsync first, Fig2OpsAsync second, int bytes) {
    long start = System.nanoTime();
    RemoteReference<byte[]> r1 = first.method1(bytes, 0);
    RemoteReference<byte[]> r2 = second.method2(r1, bytes, 0);
    byte[] got = r2.get(DEADLINE);
    double micros = (System.nanoTime() - start) / 1e3;
    r1.release();
    r2.release();
    check(got, bytes);
    return micros;
  }

  /** The same two calls as plain RMI: the first result comes to the client and goes back. */
  private double plain(Fig2Ops on) {
    long start = System.nanoTime();
    byte[] got = on.method2(on.method1(bytes, 0), bytes, 0);
    double micros = (System.nanoTime() - start) / 1e3;
    check(got, bytes);
    return micros;
  }

  private static void check(byte[] got, int bytes) {
    if (got == null || got.length != bytes) {
      throw new GridException(
          Status.INTERNAL,
          "bench latency: a chain returned " + (got == null ? "null" : got.length + " bytes")
              + ", not the " + bytes + " bytes asked for");
    }
  }

  /**
   * Starts {@link FreshClient} in a new JVM with this JVM's class path and the run's security options, and reads the
   * median it prints.
   */
  private double freshClient(String server) throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(options.tls.asArguments(null));
    args.addAll(List.of("--bytes", String.valueOf(bytes), server));
    return Double.parseDouble(
        FreshJvm.run(FreshClient.class, args, PROBE_LINE, "bench latency")[0]);
  }

  private int report(List<Series> warm, double first) throws IOException {
    System.out.printf(
        Locale.ROOT, "%-22s %10s %10s %10s%n", "mechanism", "p50 us", "p90 us", "p99 us");
    for (Series s : warm) {
      System.out.printf(
          Locale.ROOT, "%-22s %10.1f %10.1f %10.1f%n", s.name(), s.p(50), s.p(90), s.p(99));
    }
    System.out.printf(Locale.ROOT, "%-22s %10.1f%n", "first_1000 (fresh JVM)", first);
    Path csv = out.resolve("latency.csv");
    List<List<?>> rows = new ArrayList<>();
    for (Series s : warm) {
      rows.add(List.of(
          s.name(),
          s.micros().length,
          fmt(s.p(50)),
          fmt(s.p(90)),
          fmt(s.p(99)),
          "warm JVMs, " + bytes + " B values"));
    }
    rows.add(
        List.of("first_1000", 1000, fmt(first), "", "", "a fresh client JVM's first 1,000 chains"));
    CsvWriter.write(
        csv, List.of("mechanism", "rounds", "p50_us", "p90_us", "p99_us", "notes"), rows);
    double async = warm.get(0).p(50);
    double twoPlain = warm.get(1).p(50);
    double cross = warm.get(2).p(50);
    Path png = Figure.of(new BarPlot(
                String.format(
                    Locale.ROOT,
                    "Small calls, median time until the result is here (%d B values, %d rounds)",
                    bytes,
                    rounds),
                "mechanism",
                "microseconds")
            .bars(
                List.of(
                    "async chain of 2 + get()",
                    "two plain calls",
                    "cross-server chain",
                    "fresh client: first 1,000 chains"),
                new double[] {async, twoPlain, cross, first},
                "us")
            .chart())
        .writePng(out.resolve("latency.png"));
    System.out.printf(
        Locale.ROOT,
        "bench latency: async/plain=%.2f (goal <= 1.1), cross/same=%.2f (goal <= 1.5); wrote %s and %s%n",
        async / twoPlain,
        cross / async,
        csv,
        png);
    System.out.printf(
        Locale.ROOT,
        "latency: async_chain_us=%.1f two_plain_us=%.1f cross_us=%.1f same_us=%.1f first_1000_p50_us=%.1f%n",
        async,
        twoPlain,
        cross,
        async,
        first);
    return 0;
  }

  private static String fmt(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  private CommandLine.ParameterException bad(String option, Number v, String range) {
    return new CommandLine.ParameterException(
        spec.commandLine(), option + " '" + v + "': out of range; expected " + range);
  }

  /**
   * The fresh client of {@code bench latency}: a JVM that connects to one server and makes 1,000 async chains of two
   * calls one after the other, printing {@code first_1000_p50_us=X}, the median.
   */
  @Command(name = "latency-fresh-client", mixinStandardHelpOptions = true)
  public static final class FreshClient implements Callable<Integer> {
    @Mixin
    GridOptions options;

    @Option(names = "--bytes")
    int bytes = 16;

    @Parameters(index = "0", description = "the server's address")
    String server;

    public static void main(String[] args) {
      System.exit(new CommandLine(new FreshClient()).execute(args));
    }

    @Override
    public Integer call() {
      try (Grid grid = options.grid().connect(server).build()) {
        Fig2OpsAsync on =
            grid.async(Fig2OpsAsync.class, CallOptions.on(grid.servers().get(0)));
        double[] micros = new double[1000];
        for (int i = 0; i < micros.length; i++) micros[i] = chain(on, on, bytes);
        System.out.printf(
            Locale.ROOT,
            "first_1000_p50_us=%.1f first_call_us=%.1f%n",
            Stats.median(micros),
            micros[0]);
      }
      return 0;
    }
  }
}
