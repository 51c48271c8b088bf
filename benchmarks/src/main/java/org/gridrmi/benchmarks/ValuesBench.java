package org.gridrmi.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.gridrmi.benchmarks.values.Shapes;
import org.gridrmi.benchmarks.values.ValueOps;
import org.gridrmi.benchmarks.values.ValueOpsAsync;
import org.gridrmi.benchmarks.values.ValueOpsImpl;
import org.gridrmi.cli.GridOptions;
import org.gridrmi.cli.report.CsvWriter;
import org.gridrmi.cli.report.GroupedBarPlot;
import org.gridrmi.client.CallOptions;
import org.gridrmi.client.Grid;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.runtime.serial.SerialPolicy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gridrmi bench values}: how fast users' own value types move, Java serialization against the codec GridRMI
 * picks (the fast codec for records, POJOs and collections; bulk codecs for arrays of primitives). Per shape (arrays
 * of doubles and ints, a list of small records, a map of strings, jvm-serializers' MediaContent graph): write and
 * read throughput in this JVM ({@link ValueThroughput}), and a server-to-server chain moving the value between two
 * stock server JVMs ({@code s2.check(s1.make(n))} minus the same chain on S1 alone, medians), run once with the
 * servers' fast codec on and once with {@code -Dgridrmi.fastCodec=false}. Last line {@code values: shapes=N
 * min_speedup=X chain_speedup=Y}: the slowest object shape's in-JVM speedup (write + read), and the geometric mean of
 * the object shapes' chain speedups. Arrays of primitives have bulk codecs either way: reported, marked bulk, and left
 * out of both figures. For the record list and the string map it also measures the floor ({@link ValueFloor}): the
 * least any codec must do, whose speedup over Java serialization bounds every codec's.
 */
@Command(
    name = "values",
    mixinStandardHelpOptions = true,
    description = {
      "Users' value types (record list, string map, MediaContent graph; primitive arrays for reference): Java"
          + " serialization vs the fast codec, write+read in one JVM and a server-to-server chain between two server"
          + " JVMs. Last line: values: shapes=N min_speedup=X chain_speedup=Y. Writes results/values.csv and"
          + " results/values.png."
    })
public final class ValuesBench implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  GridOptions options;

  @Option(
      names = "--elements",
      paramLabel = "N",
      description =
          "records in the list and entries in the map (MediaContent: N/10, arrays: 10N) (default"
              + " ${DEFAULT-VALUE})")
  int elements = 100_000;

  @Option(
      names = "--rounds",
      paramLabel = "N",
      description = "measured rounds per shape (default ${DEFAULT-VALUE})")
  int rounds = 9;

  @Option(
      names = "--warmup",
      paramLabel = "N",
      description = "rounds before those (default ${DEFAULT-VALUE})")
  int warmup = 5;

  @Option(
      names = "--chain-rounds",
      paramLabel = "N",
      description =
          "measured chains per shape and mode, after as many warm-up ones (default ${DEFAULT-VALUE})")
  int chainRounds = 15;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  /** A move shorter than this is counted as this: the chain's own noise, not a figure to divide by. */
  static final double FLOOR_MS = 0.1;

  private static final String SHAPES_PACKAGE = Shapes.class.getPackageName();

  @Override
  public Integer call() throws Exception {
    check("--elements", elements, 10, 10_000_000);
    check("--rounds", rounds, 1, 1000);
    check("--warmup", warmup, 0, 1000);
    check("--chain-rounds", chainRounds, 1, 1000);
    Map<String, Supplier<Object>> shapes = shapes(elements);
    SerialPolicy policy =
        new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of(SHAPES_PACKAGE + ".*"));
    System.out.printf(
        Locale.ROOT,
        "bench values: %d elements, in this JVM (%d warm-up, %d measured rounds)...%n",
        elements,
        warmup,
        rounds);
    List<ValueThroughput.Result> local = new ArrayList<>();
    for (var e : shapes.entrySet()) {
      ValueThroughput.Result r =
          ValueThroughput.measure(e.getKey(), e.getValue(), policy, warmup, rounds);
      local.add(r);
      System.out.printf(
          Locale.ROOT,
          "  %-8s %-12s JDK %,11d B write %8.1f MB/s read %8.1f MB/s | %-12s %,11d B write %8.1f MB/s read %8.1f"
              + " MB/s | x%.1f%n",
          r.shape(),
          r.bulk() ? "(bulk)" : "",
          r.jdkBytes(),
          ValueThroughput.Result.mbPerS(r.jdkBytes(), r.jdkWriteMs()),
          ValueThroughput.Result.mbPerS(r.jdkBytes(), r.jdkReadMs()),
          r.codec(),
          r.fastBytes(),
          ValueThroughput.Result.mbPerS(r.fastBytes(), r.fastWriteMs()),
          ValueThroughput.Result.mbPerS(r.fastBytes(), r.fastReadMs()),
          r.speedup());
    }
    printFloor(local);
    Map<String, Double> fastMove = chains(true);
    Map<String, Double> jdkMove = chains(false);
    return report(local, jdkMove, fastMove);
  }

  /** Each shape's value, by name, in the order of {@link ValueThroughput#SHAPES}. */
  static Map<String, Supplier<Object>> shapes(int n) {
    Map<String, Supplier<Object>> m = new LinkedHashMap<>();
    m.put("doubles", () -> Shapes.doubles(10 * n));
    m.put("ints", () -> Shapes.ints(10 * n));
    m.put("records", () -> Shapes.items(n));
    m.put("strings", () -> Shapes.strings(n));
    m.put("media", () -> Shapes.media(Math.max(1, n / 10)));
    return m;
  }

  /**
   * Median milliseconds a value of each shape takes to move from S1 to S2 (per round, the chain across minus the chain
   * on S1 alone run right after it), with two fresh stock servers whose fast codec is on or off. The difference of
   * the two chains' medians, as before stop 48, once came out at -9.6 ms for the record list (seven rounds), which
   * made its chain speedup 1,200x and the geometric mean 49.5.
   */
  private Map<String, Double> chains(boolean fast) {
    String mode = fast ? "fast codec" : "Java serialization (-Dgridrmi.fastCodec=false)";
    System.out.printf(
        Locale.ROOT, "bench values: server-to-server chains, servers with %s...%n", mode);
    List<String> jvm = fast ? List.of() : List.of("-Dgridrmi.fastCodec=false");
    List<String> args = List.of(
        "--service", ValueOps.class.getName() + "=" + ValueOpsImpl.class.getName(),
        // users' classes are allowed as the README says
        "--allow", SHAPES_PACKAGE + ".*");
    Map<String, Double> moves = new LinkedHashMap<>();
    try (LocalGrid grid = new LocalGrid(out.resolve("values-logs"), options.serverArgs())) {
      ServerJvm s1 = grid.startServer("S1", jvm, args);
      ServerJvm s2 = grid.startServer("S2", jvm, args);
      try (Grid g = options.grid().connect(s1.address(), s2.address()).build()) {
        Duration deadline = Duration.ofMinutes(2);
        ValueOpsAsync on1 =
            g.async(ValueOpsAsync.class, CallOptions.on(g.server("S1")).withDeadline(deadline));
        ValueOpsAsync on2 =
            g.async(ValueOpsAsync.class, CallOptions.on(g.server("S2")).withDeadline(deadline));
        Map<String, Supplier<Object>> values = shapes(elements);
        for (String shape : ValueThroughput.SHAPES) {
          // each chain's checksum is checked against the value made here: a value that arrived
          // broken cannot pass
          long expected = Shapes.checksum(values.get(shape).get());
          double[] across = new double[chainRounds], alone = new double[chainRounds];
          for (int i = -chainRounds; i < chainRounds; i++) { // as many warm-up chains first
            double a = timeChain(shape, on1, on2, deadline, expected);
            double b = timeChain(shape, on1, on1, deadline, expected);
            if (i >= 0) {
              across[i] = a;
              alone[i] = b;
            }
          }
          // paired by round: a slow minute falls on both chains of a round, not on one median
          double[] each = new double[chainRounds];
          for (int i = 0; i < chainRounds; i++) each[i] = across[i] - alone[i];
          double move = ValueThroughput.median(each);
          moves.put(shape, move);
          System.out.printf(
              Locale.ROOT,
              "  %-8s across %8.2f ms, on S1 alone %8.2f ms (medians): move %8.2f ms (median per round)%n",
              shape,
              ValueThroughput.median(across),
              ValueThroughput.median(alone),
              move);
        }
        System.out.println(
            "  S1 wrote values by codec: " + g.stats(g.server("S1")).valuesByCodec());
      }
    }
    return moves;
  }

  /**
   * Milliseconds of {@code consumer.check(maker.make(n)).get()}.
   *
   * @throws IllegalStateException if the consumer's checksum is not {@code expected}
   */
  private double timeChain(
      String shape, ValueOpsAsync maker, ValueOpsAsync consumer, Duration deadline, long expected) {
    int n = elements;
    long t0 = System.nanoTime();
    RemoteReference<Long> sum = switch (shape) {
      case "doubles" -> consumer.doublesChecksum(maker.doubles(10 * n));
      case "ints" -> consumer.intsChecksum(maker.ints(10 * n));
      case "records" -> consumer.itemsChecksum(maker.items(n));
      case "strings" -> consumer.stringsChecksum(maker.strings(n));
      case "media" -> consumer.mediaChecksum(maker.media(Math.max(1, n / 10)));
      default -> throw new IllegalArgumentException(shape);
    };
    long got = sum.get(deadline);
    double ms = (System.nanoTime() - t0) / 1e6;
    if (got != expected) {
      throw new IllegalStateException(
          "the " + shape + " value the chain's consumer read has checksum " + got + ", expected "
              + expected + ": it arrived different from what was made");
    }
    return ms;
  }

  private int report(
      List<ValueThroughput.Result> local, Map<String, Double> jdkMove, Map<String, Double> fastMove)
      throws Exception {
    Files.createDirectories(out);
    Path csv = out.resolve("values.csv");
    double minSpeedup = Double.POSITIVE_INFINITY;
    double logSum = 0;
    int objects = 0;
    List<String> names = new ArrayList<>();
    double[] inJvm = new double[local.size()], chain = new double[local.size()];
    try (CsvWriter w = CsvWriter.create(
        csv,
        "shape",
        "kind",
        "codec",
        "jdk_bytes",
        "fast_bytes",
        "jdk_write_mb_s",
        "jdk_read_mb_s",
        "fast_write_mb_s",
        "fast_read_mb_s",
        "speedup",
        "chain_jdk_move_ms",
        "chain_fast_move_ms",
        "chain_speedup",
        "floor_write_ms",
        "floor_read_ms",
        "floor_speedup")) {
      for (int i = 0; i < local.size(); i++) {
        ValueThroughput.Result r = local.get(i);
        double jdk = jdkMove.get(r.shape()), fast = fastMove.get(r.shape());
        double chainSpeedup = Math.max(jdk, FLOOR_MS) / Math.max(fast, FLOOR_MS);
        w.row(
            r.shape(),
            r.bulk() ? "bulk" : "object",
            r.codec(),
            r.jdkBytes(),
            r.fastBytes(),
            fmt(ValueThroughput.Result.mbPerS(r.jdkBytes(), r.jdkWriteMs())),
            fmt(ValueThroughput.Result.mbPerS(r.jdkBytes(), r.jdkReadMs())),
            fmt(ValueThroughput.Result.mbPerS(r.fastBytes(), r.fastWriteMs())),
            fmt(ValueThroughput.Result.mbPerS(r.fastBytes(), r.fastReadMs())),
            fmt(r.speedup()),
            fmt(jdk),
            fmt(fast),
            fmt(chainSpeedup),
            fmt(r.floorWriteMs()),
            fmt(r.floorReadMs()),
            fmt(r.floorSpeedup()));
        names.add(r.shape() + (r.bulk() ? " (bulk)" : ""));
        inJvm[i] = r.speedup();
        chain[i] = chainSpeedup;
        if (!r.bulk()) {
          minSpeedup = Math.min(minSpeedup, r.speedup());
          logSum += Math.log(chainSpeedup);
          objects++;
        }
      }
    }
    if (objects == 0) throw new IllegalStateException("no object shape took the fast codec");
    Path png = out.resolve("values.png");
    new GroupedBarPlot("Users' values: fast path over Java serialization", "shape", "speedup (x)")
        .categories(names)
        .series("write+read in one JVM", inJvm)
        .series("server-to-server chain", chain)
        .writePng(png);
    System.out.printf(
        Locale.ROOT,
        "bench values: wrote %s and %s (chain_speedup: geometric mean over the object"
            + " shapes; moves under %.1f ms count as %.1f ms)%n",
        csv,
        png,
        FLOOR_MS,
        FLOOR_MS);
    System.out.printf(
        Locale.ROOT,
        "values: shapes=%d min_speedup=%.1f chain_speedup=%.1f%n",
        local.size(),
        minSpeedup,
        Math.exp(logSum / objects));
    return 0;
  }

  /** A missing figure (a shape the floor is not measured for) is left empty. */
  private static String fmt(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.2f", v);
  }

  /**
   * The floor's line: per shape it is measured for, Java serialization's time over the {@link ValueFloor}'s, the most
   * any codec's speedup can be on this machine, beside the fast codec's.
   */
  private static void printFloor(List<ValueThroughput.Result> local) {
    StringBuilder line = new StringBuilder();
    for (ValueThroughput.Result r : local) {
      if (Double.isNaN(r.floorSpeedup())) continue;
      line.append(String.format(
          Locale.ROOT,
          "%s%s x%.1f (floor write %.2f ms, read %.2f ms; fast codec x%.1f)",
          line.length() == 0 ? "" : ", ",
          r.shape(),
          r.floorSpeedup(),
          r.floorWriteMs(),
          r.floorReadMs(),
          r.speedup()));
    }
    if (line.length() > 0) {
      System.out.println(
          "  the floor, the most any codec's speedup can be here (reads every field, makes every"
              + " object, nothing encoded): " + line);
    }
  }

  private void check(String option, int v, int min, int max) {
    if (v < min || v > max) {
      throw new ParameterException(
          spec.commandLine(),
          option + " '" + v + "': out of range; expected from " + min + " to " + max);
    }
  }
}
