package org.gridrmi.benchmarks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gridrmi.benchmarks.harness.Warmup;
import org.gridrmi.benchmarks.transfer.TransferOps;
import org.gridrmi.benchmarks.transfer.TransferOpsAsync;
import org.gridrmi.benchmarks.transfer.TransferOpsImpl;
import org.gridrmi.cli.GridOptions;
import org.gridrmi.client.CallOptions;
import org.gridrmi.client.Grid;
import org.gridrmi.perf.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gridrmi bench transfer}: how fast a value moves from the server that made it to the server that takes it.
 * Two server JVMs, S1 and S2; per size and value type ({@code double[]}, JAMA {@code Matrix}), in one run with the
 * mechanisms interleaved round by round ({@link TransferRounds}): lazy ({@code s2.checksum(s1.make(n))} minus the
 * same chain on S1 alone, where the value does not move), plain RMI through the client (S1 to the client to S2, two
 * moves), and a raw socket pair moving the same bytes ({@link RawLoopback}). Also the heap each server allocates
 * for a lazy move beyond the value itself. The same lazy move also runs between D1 and D2, servers started as
 * {@code ./gridrmi server} starts them (the JVM's default heap and collector, the heap written as it is committed)
 * that nobody collects between rounds:
 * what a user's own servers give. Last line: {@code transfer: 8MB lazy/raw=X 256MB lazy/raw=Y peak_extra_heap_mb=Z
 * default_8MB=U default_256MB=V} (per size the lower of the two value types; MB decimal).
 */
@Command(
    name = "transfer",
    mixinStandardHelpOptions = true,
    description = {
      "Value transfer between two server JVMs: lazy server-to-server fetch vs plain RMI through the"
          + " client vs a raw socket moving the same bytes, per size and value type (double[], Matrix), in one run,"
          + " on the benchmark's tuned servers and on servers started as users start them."
          + " Last line: transfer: 8MB lazy/raw=X 256MB lazy/raw=Y peak_extra_heap_mb=Z default_8MB=U"
          + " default_256MB=V. Writes results/transfer.csv"
          + " and results/transfer.png."
    })
public final class TransferBench implements Callable<Integer> {
  /** Plain RMI results pass through one Java serialization stream, which GridRMI limits to 1 GB. */
  static final long PLAIN_LIMIT_BYTES = 1L << 29;

  @Spec
  CommandSpec spec;

  @Mixin
  GridOptions options;

  List<Long> sizes = List.of(64_000L, 8_000_000L, 256_000_000L);
  List<String> labels = List.of("64KB", "8MB", "256MB");

  @Option(
      names = "--sizes",
      paramLabel = "SIZE,...",
      split = ",",
      description = "value sizes, e.g. "
          + "64KB,8MB,256MB,1GB (decimal; KiB, MiB binary) (default 64KB,8MB,256MB)")
  void sizes(List<String> texts) {
    List<Long> s = new ArrayList<>();
    for (String t : texts) {
      double b;
      try {
        b = Units.parseSize(t);
      } catch (IllegalArgumentException e) {
        throw bad("--sizes", t, "not a size", Units.SIZE_FORM);
      }
      if (b < 8 || b > 8.0 * TransferOpsImpl.MAX_ROWS_ELEMENTS) {
        throw bad(
            "--sizes",
            t,
            "out of range",
            "a size from 8B to " + 8L * TransferOpsImpl.MAX_ROWS_ELEMENTS / 1_000_000
                + "MB (double[] and Matrix to " + 8L * TransferOpsImpl.MAX_ELEMENTS / 1_000_000
                + "MB)");
      }
      s.add((long) b);
    }
    sizes = List.copyOf(s);
    labels = texts.stream().map(String::trim).toList();
  }

  @Option(
      names = "--runs",
      paramLabel = "N",
      description =
          "measured rounds per size and type; up to 64MB eight" + " times as many (default 7)")
  void runs(int n) {
    runs = rounds("--runs", n, 1, 1000);
  }

  int runs = 7;

  @Option(
      names = "--warmup",
      paramLabel = "N",
      description = "rounds before the measured ones, per size and type;"
          + " small sizes run 20 times more (default 3)")
  void warmup(int n) {
    warmup = rounds("--warmup", n, 0, 1000);
  }

  int warmup = 3;

  @Option(
      names = "--warmup-seconds",
      paramLabel = "S",
      description =
          "and warm up for at least this long per size"
              + " and type, so that the JIT of every JVM of the run has compiled the paths of the size (default 20)")
  void warmupSeconds(double s) {
    if (!(s >= 0 && s <= 3600))
      throw bad("--warmup-seconds", s, "out of range", "seconds from 0 to 3600");
    warmupFor = Duration.ofNanos((long) (s * 1e9));
  }

  Duration warmupFor = Duration.ofSeconds(20);

  @Option(
      names = "--warmup-chains",
      paramLabel = "N",
      description =
          "rounds of small chains (local, lazy and plain"
              + " of each type) before all sizes, 8 at a time, so that the JIT has compiled the call paths (default 2000)")
  void warmupChains(int n) {
    warmupChains = rounds("--warmup-chains", n, 0, 100_000);
  }

  int warmupChains = 2000;

  @Option(
      names = "--types",
      paramLabel = "TYPE,...",
      split = ",",
      description =
          "value types: doubles (double[]),"
              + " matrix (JAMA Matrix), rows (double[][], which may pass 2 GB) (default doubles,matrix)")
  void types(List<String> names) {
    List<TransferRounds.Kind> k = new ArrayList<>();
    for (String n : names) {
      switch (n.trim()) {
        case "doubles" -> k.add(TransferRounds.Kind.DOUBLES);
        case "matrix" -> k.add(TransferRounds.Kind.MATRIX);
        case "rows" -> k.add(TransferRounds.Kind.ROWS);
        default ->
          throw bad("--types", n, "not a value type", "doubles, matrix or rows, comma separated");
      }
    }
    kinds = List.copyOf(k);
  }

  List<TransferRounds.Kind> kinds =
      List.of(TransferRounds.Kind.DOUBLES, TransferRounds.Kind.MATRIX);

  @Option(
      names = "--default-servers",
      negatable = true,
      description =
          "also move each value between D1 and D2, two servers started as ./gridrmi server starts them"
              + " (the JVM's default heap and collector, the heap written as it is committed, no collections"
              + " between rounds) (default true)")
  boolean defaultServers = true;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  /** {@code n}, a number of rounds an option gave, if it is from {@code min} to {@code max}. */
  private int rounds(String option, int n, int min, int max) {
    if (n < min || n > max)
      throw bad(option, n, "out of range", "a number of rounds from " + min + " to " + max);
    return n;
  }

  private ParameterException bad(String option, Object v, String problem, String expected) {
    return new ParameterException(
        spec.commandLine(), option + " '" + v + "': " + problem + "; expected " + expected);
  }

  /**
   * Each server holds the value made, a copy received and the last round's copy until it is collected, and room to
   * work: three times the largest (past 2 GB, twice and 2 GiB), plus 512 MiB, at least 1 GiB.
   */
  String heap() {
    long largest = sizes.stream().mapToLong(Long::longValue).max().orElse(0);
    long values = Math.min(3 * largest, 2 * largest + (2L << 30));
    return Math.max(1024, (values >> 20) + 512) + "m";
  }

  /** The JIT's compiling time so far, summed over this JVM and every server of the grid. */
  private static java.util.function.LongSupplier jitMillis(Grid grid, Duration deadline) {
    List<TransferOps> servers = grid.servers().stream()
        .map(s -> grid.plain(TransferOps.class, CallOptions.on(s).withDeadline(deadline)))
        .toList();
    return () -> TransferOpsImpl.jitMillis()
        + servers.stream().mapToLong(TransferOps::compilationMillis).sum();
  }

  private static TransferOpsAsync on(Grid grid, String server, Duration deadline) {
    return grid.async(
        TransferOpsAsync.class, CallOptions.on(grid.server(server)).withDeadline(deadline));
  }

  @Override
  public Integer call() throws Exception {
    String heap = heap();
    try (LocalGrid local = new LocalGrid(out.resolve("transfer-logs"), options.serverArgs())) {
      System.out.printf(
          Locale.ROOT,
          "bench transfer: starting S1 and S2 (tuned: -Xms%1$s -Xmx%1$s -XX:+UseSerialGC) on link %2$s...%n",
          heap,
          options.link());
      List<String> service =
          List.of("--service", TransferOps.class.getName() + "=" + TransferOpsImpl.class.getName());
      // tuned: a fixed heap (one that shrinks after a collection faults its pages in again later)
      // and the serial collector; D1 and D2 below run as users start them
      List<String> jvm = List.of("-Xms" + heap, "-Xmx" + heap, "-XX:+UseSerialGC");
      ServerJvm s1 = local.startServer("S1", jvm, service);
      ServerJvm s2 = local.startServer("S2", jvm, service);
      List<String> addresses = new ArrayList<>(List.of(s1.address(), s2.address()));
      if (defaultServers) {
        System.out.println(
            "bench transfer: starting D1 and D2 as ./gridrmi server starts them (the JVM's default heap and"
                + " collector, with "
                + ServerJvm.serverHeapOptions(System.getenv(), List.of())
                + ")...");
        addresses.add(local.startServer("D1", List.of(), service).address());
        addresses.add(local.startServer("D2", List.of(), service).address());
      }
      try (Grid grid = options.grid().connect(addresses.toArray(String[]::new)).build();
          RawLoopback raw = new RawLoopback(options.shaper())) {
        Duration deadline = Duration.ofMinutes(5);
        TransferRounds rounds = new TransferRounds(
            grid.async(
                TransferOpsAsync.class, CallOptions.on(grid.server("S1")).withDeadline(deadline)),
            grid.async(
                TransferOpsAsync.class, CallOptions.on(grid.server("S2")).withDeadline(deadline)),
            grid.plain(TransferOps.class, CallOptions.on(grid.server("S1")).withDeadline(deadline)),
            grid.plain(TransferOps.class, CallOptions.on(grid.server("S2")).withDeadline(deadline)),
            raw,
            deadline,
            defaultServers ? on(grid, "D1", deadline) : null,
            defaultServers ? on(grid, "D2", deadline) : null,
            jitMillis(grid, deadline));
        System.out.printf(
            Locale.ROOT,
            "bench transfer: warming up (%d rounds of small chains, %d at a time)...%n",
            warmupChains,
            Warmup.THREADS);
        TransferRounds.keepHeap();
        rounds.warmUp(kinds, warmupChains);
        TransferReport report = new TransferReport(options.link(), out);
        for (TransferRounds.Kind kind : kinds) {
          for (int i = 0; i < sizes.size(); i++) {
            long bytes = sizes.get(i);
            // a move up to 64 MB is short beside the chains' own noise (8 MB lazy chains of 4-14 ms
            // in one run):
            // more rounds where they are cheap
            int warm = bytes <= 1_000_000 ? warmup * 20 : warmup;
            int measured = bytes <= 64_000_000 ? runs * 8 : runs;
            report.add(rounds.measure(
                kind, labels.get(i), bytes, warm, warmupFor, measured, bytes <= PLAIN_LIMIT_BYTES));
          }
        }
        return report.finish();
      }
    }
  }
}
