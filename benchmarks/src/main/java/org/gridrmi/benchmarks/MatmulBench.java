package org.gridrmi.benchmarks;

import Jama.Matrix;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import org.gridrmi.benchmarks.harness.Progress;
import org.gridrmi.benchmarks.harness.Stats;
import org.gridrmi.cli.GridOptions;
import org.gridrmi.cli.report.CsvWriter;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.LinePlot;
import org.gridrmi.client.Grid;
import org.gridrmi.client.Traffic;
import org.gridrmi.examples.matmul.Matmul;
import org.gridrmi.examples.matmul.Matmul.Algorithm;
import org.gridrmi.examples.matmul.Matmul.Mechanism;
import org.gridrmi.examples.matmul.Matmul.Placement;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gridrmi bench matmul}: the seed paper's Tables 4.1-4.3 on GridRMI: sequential JAMA {@code times} against
 * SPA and Cannon (1-D ring and 2-D grid) on k worker JVMs, per transfer mechanism and placement, with the
 * speed-up over sequential and the bytes that passed through the manager. Every distributed product is checked
 * against the sequential one.
 */
@Command(
    name = "matmul",
    mixinStandardHelpOptions = true,
    description =
        "Distributed matrix multiply (SPA, Cannon 1-D/2-D) per mechanism and placement vs sequential JAMA.")
public final class MatmulBench implements Callable<Integer> {
  static final String[] HEADER = {
    "n",
    "algorithm",
    "mechanism",
    "placement",
    "run",
    "millis",
    "manager_rx_bytes",
    "manager_tx_bytes"
  };

  @Option(names = "--n", split = ",", description = "matrix orders (default ${DEFAULT-VALUE})")
  List<Integer> sizes = List.of(200, 400, 600, 800, 1000);

  @Option(names = "--workers", description = "worker JVMs k (default ${DEFAULT-VALUE})")
  int workers = 4;

  @Option(
      names = "--runs",
      description = "measured runs per variant and size (default ${DEFAULT-VALUE})")
  int runs = 3;

  @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  @Mixin
  GridOptions options;

  /** One column of the tables. */
  record Variant(Algorithm algorithm, Mechanism mechanism, Placement placement) {
    String label() {
      return algorithm.label + "/" + mechanism.label + "/" + placement.label;
    }
  }

  @Override
  public Integer call() throws Exception {
    List<Variant> variants = variants();
    Map<String, Map<Integer, List<Double>>> millis = new LinkedHashMap<>();
    Map<String, Map<Integer, long[]>> bytes = new LinkedHashMap<>();
    Path csv = out.resolve("matmul.csv");
    Progress progress = new Progress(sizes.size() * runs);
    try (LocalGrid local = new LocalGrid(out.resolve("matmul-logs"), options.serverArgs())) {
      System.err.printf("starting %d worker JVMs (link %s)...%n", workers, options.link());
      // Workers are reached by rmi:// address for now. LOOKUP: once Grid/GridServer are wired to
      // the lookup
      // service, start the workers with "--lookup jini://..." and connect with
      // Grid.connect("jini://...") here.
      List<String> addresses = local.startServers(workers, List.of());
      try (Grid grid = options.grid().connect(addresses.toArray(String[]::new)).build();
          Matmul mm = Matmul.connect(grid, workers).socketLink(options.link());
          CsvWriter w = CsvWriter.create(csv, HEADER)) {
        warmUp(mm, variants);
        for (int n : sizes) {
          for (int run = 1; run <= runs; run++) {
            progress.step("n " + n + ", run " + run + "/" + runs);
            Random rnd = new Random(31L * n + run);
            Matrix a = randomInts(n, rnd);
            Matrix b = randomInts(n, rnd);
            long t0 = System.nanoTime();
            Matrix expected = a.times(b);
            double seq = (System.nanoTime() - t0) / 1e6;
            w.row(n, "sequential", "local", "local", run, fmt(seq), 0, 0);
            millis
                .computeIfAbsent("sequential", x -> new LinkedHashMap<>())
                .computeIfAbsent(n, x -> new ArrayList<>())
                .add(seq);
            for (Variant v : variants) {
              Traffic before = grid.traffic();
              long sockTx = Matmul.socketBytesSent();
              long sockRx = Matmul.socketBytesReceived();
              long start = System.nanoTime();
              Matrix c = mm.multiply(a, b, v.algorithm(), v.mechanism(), v.placement());
              double ms = (System.nanoTime() - start) / 1e6;
              Traffic d = grid.traffic().since(before);
              long rx = d.receivedBytes() + Matmul.socketBytesReceived() - sockRx;
              long tx = d.sentBytes() + Matmul.socketBytesSent() - sockTx;
              double err = c.minus(expected).normInf() / n;
              if (!(err <= 1e-9 * Math.max(1, expected.normInf() / n))) {
                throw new IllegalStateException(
                    v.label() + " at n=" + n + " differs from A.times(B) by " + err);
              }
              w.row(
                  n,
                  v.algorithm().label,
                  v.mechanism().label,
                  v.placement().label,
                  run,
                  fmt(ms),
                  rx,
                  tx);
              millis
                  .computeIfAbsent(v.label(), x -> new LinkedHashMap<>())
                  .computeIfAbsent(n, x -> new ArrayList<>())
                  .add(ms);
              bytes
                  .computeIfAbsent(v.label(), x -> new LinkedHashMap<>())
                  .merge(
                      n,
                      new long[] {rx, tx},
                      (o, nw) -> o[0] + o[1] <= nw[0] + nw[1]
                          ? o
                          : nw); // the smallest run: least renewal noise
            }
          }
        }
      }
    }
    progress.finish();
    print(System.out, variants, millis, bytes);
    Path png = figure(
            millis, sizes, "Matrix multiply on " + options.link() + ", k = " + workers + " workers")
        .writePng(out.resolve("matmul.png"));
    System.out.printf("wrote %s and %s%n", csv, png);
    return 0;
  }

  List<Variant> variants() {
    List<Variant> v = new ArrayList<>();
    int q = (int) Math.round(Math.sqrt(workers));
    for (Algorithm alg : Algorithm.values()) {
      if (alg == Algorithm.CANNON_2D && q * q != workers) {
        System.err.println("cannon-2d skipped: k=" + workers + " is not a square");
        continue;
      }
      v.add(new Variant(alg, Mechanism.SERIALIZABLE, Placement.PLAIN));
      v.add(new Variant(alg, Mechanism.CODEC, Placement.PLAIN));
      v.add(new Variant(alg, Mechanism.SOCKET, Placement.PLAIN));
      v.add(new Variant(alg, Mechanism.CODEC, Placement.IMPROVED));
    }
    return v;
  }

  /** Loads classes, opens connections and sockets, and lets the JIT see every path once, off the record. */
  private void warmUp(Matmul mm, List<Variant> variants) {
    Random rnd = new Random(7);
    Matrix a = randomInts(Math.max(64, workers * 4), rnd);
    Matrix b = randomInts(a.getRowDimension(), rnd);
    for (int i = 0; i < 2; i++) {
      for (Variant v : variants) mm.multiply(a, b, v.algorithm(), v.mechanism(), v.placement());
    }
  }

  /** The paper's data: random integers 0..20. */
  static Matrix randomInts(int n, Random rnd) {
    Matrix m = new Matrix(n, n);
    double[][] d = m.getArray();
    for (double[] row : d) for (int j = 0; j < n; j++) row[j] = rnd.nextInt(21);
    return m;
  }

  private void print(
      PrintStream o,
      List<Variant> variants,
      Map<String, Map<Integer, List<Double>>> millis,
      Map<String, Map<Integer, long[]>> bytes) {
    o.printf(
        "%nmatmul: k=%d workers, link %s, median of %d run(s), seconds (as the paper's Table 4.1)%n",
        workers, options.link(), runs);
    o.printf("%-28s", "variant \\ n");
    for (int n : sizes) o.printf("%10d", n);
    o.println();
    List<String> rows = new ArrayList<>(List.of("sequential"));
    variants.forEach(v -> rows.add(v.label()));
    for (String r : rows) {
      o.printf("%-28s", r);
      for (int n : sizes) o.printf("%10.3f", median(millis, r, n) / 1000);
      o.println();
    }
    o.printf("%nspeed-up over sequential JAMA times (as the paper's Table 4.3)%n");
    o.printf("%-28s", "variant \\ n");
    for (int n : sizes) o.printf("%10d", n);
    o.println();
    for (Variant v : variants) {
      o.printf("%-28s", v.label());
      for (int n : sizes)
        o.printf("%10.2f", median(millis, "sequential", n) / median(millis, v.label(), n));
      o.println();
    }
    o.printf(
        "%nbytes through the manager (rx+tx, MB) and x of the bound 3 n^2 8 B (distribute A and B, gather C)%n");
    o.printf("%-28s", "variant \\ n");
    for (int n : sizes) o.printf("%18d", n);
    o.println();
    for (Variant v : variants) {
      o.printf("%-28s", v.label());
      for (int n : sizes) {
        long[] b = bytes.get(v.label()).get(n);
        double total = b[0] + b[1];
        o.printf("%10.2f (%4.2fx)", total / 1e6, total / (3.0 * n * n * 8));
      }
      o.println();
    }
    o.printf(
        "%nmechanisms ranked by median time at n=%d (the paper: socket, Externalizable, Serializable):%n",
        sizes.get(sizes.size() - 1));
    int last = sizes.get(sizes.size() - 1);
    for (Algorithm alg : Algorithm.values()) {
      List<Variant> plain = variants.stream()
          .filter(v -> v.algorithm() == alg && v.placement() == Placement.PLAIN)
          .sorted((x, y) ->
              Double.compare(median(millis, x.label(), last), median(millis, y.label(), last)))
          .toList();
      if (plain.isEmpty()) continue;
      o.printf(
          "  %-10s %s%n",
          alg.label,
          String.join(
              " < ",
              plain.stream()
                  .map(v -> String.format(
                      Locale.ROOT,
                      "%s %.3fs",
                      v.mechanism().label,
                      median(millis, v.label(), last) / 1000))
                  .toList()));
    }
  }

  private static double median(Map<String, Map<Integer, List<Double>>> millis, String row, int n) {
    return Stats.median(millis.get(row).get(n));
  }

  /** The picture: median seconds over n, one line per variant (and sequential JAMA), from {@code millis}. */
  static Figure figure(
      Map<String, Map<Integer, List<Double>>> millis, List<Integer> sizes, String title) {
    LinePlot plot = new LinePlot(
        title + ": sequential JAMA vs SPA and Cannon per mechanism",
        "matrix order n (n x n)",
        "time (s, median of runs)");
    double[] x = sizes.stream().mapToDouble(Integer::doubleValue).toArray();
    for (String row : millis.keySet()) {
      plot.series(
          row, x, sizes.stream().mapToDouble(n -> median(millis, row, n) / 1000).toArray());
    }
    return Figure.of(plot.size(1000, 650).chart());
  }

  private static String fmt(double ms) {
    return String.format(Locale.ROOT, "%.3f", ms);
  }
}
