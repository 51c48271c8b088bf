package org.gridrmi.benchmarks;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.gridrmi.benchmarks.harness.Stats;
import org.gridrmi.cli.report.BarPlot;
import org.gridrmi.cli.report.CsvWriter;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.telemetry.ChainSpans;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.Traffic;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.fig2.Fig2OpsAsync;

/**
 * The paper's Fig. 2 measured across two servers: {@code y = S2.method2(S1.method1())} with an intermediate of
 * {@code size} bytes and no compute time, as plain RMI (the intermediate comes to the client and goes out again)
 * and as improved RMI (S2 fetches it from S1; the client sees a reference). Per run, the client's wall time and the
 * bytes it received ({@link Grid#traffic()} deltas); the variants alternate, so a slow phase of a shared machine
 * hits both.
 */
public final class Fig2Comparison {
  /** The CSV header. */
  public static final String[] HEADER = {
    "variant", "run", "millis", "client_rx_bytes", "intermediate_bytes"
  };
  /** The two variants, in the order of the CSV, the table and the bars. */
  public static final List<String> VARIANTS = List.of("plain", "improved");

  private static final Duration WAIT = Duration.ofSeconds(60);

  /** One timed composition. */
  public record Run(String variant, int run, double millis, long clientRxBytes) {}

  private final int size;
  private final List<Run> runs;
  private final boolean sameResult;

  /** Measurements made elsewhere (or by {@link #measure}); {@code sameResult}: both variants returned equal y. */
  public Fig2Comparison(int size, List<Run> runs, boolean sameResult) {
    if (runs.isEmpty()) throw new IllegalArgumentException("no runs");
    this.size = size;
    this.runs = List.copyOf(runs);
    this.sameResult = sameResult;
  }

  /**
   * Measures {@code count} runs of each variant after one unmeasured run of each with a small intermediate (warm
   * connections and classes).
   */
  public static Fig2Comparison measure(
      Grid grid, ServerInfo s1, ServerInfo s2, int size, int count) {
    if (count < 1) throw new IllegalArgumentException("runs must be >= 1, got " + count);
    Fig2OpsAsync on1 = grid.async(Fig2OpsAsync.class, s1);
    Fig2OpsAsync on2 = grid.async(Fig2OpsAsync.class, s2);
    Fig2Ops plain1 = grid.plain(Fig2Ops.class, s1);
    Fig2Ops plain2 = grid.plain(Fig2Ops.class, s2);
    on2.method2(on1.method1(16, 0), 16, 0).get(WAIT);
    plain2.method2(plain1.method1(16, 0), 16, 0);
    List<Run> runs = new ArrayList<>();
    boolean same = true;
    for (int r = 1; r <= count; r++) {
      Traffic before = grid.traffic();
      long start = System.nanoTime();
      byte[] viaClient =
          ChainSpans.in("Fig. 2 plain", () -> plain2.method2(plain1.method1(size, 0), 16, 0));
      runs.add(new Run(
          "plain",
          r,
          (System.nanoTime() - start) / 1e6,
          grid.traffic().since(before).receivedBytes()));

      before = grid.traffic();
      start = System.nanoTime();
      byte[] direct = ChainSpans.in(
          "Fig. 2 improved", () -> on2.method2(on1.method1(size, 0), 16, 0).get(WAIT));
      runs.add(new Run(
          "improved",
          r,
          (System.nanoTime() - start) / 1e6,
          grid.traffic().since(before).receivedBytes()));
      same &= Arrays.equals(viaClient, direct);
    }
    return new Fig2Comparison(size, runs, same);
  }

  /** The median time of a variant, ms. */
  public double medianMillis(String variant) {
    return Stats.median(of(variant).stream().map(Run::millis).toList());
  }

  /** The median of the bytes the client received in a variant's runs. */
  public double medianRxBytes(String variant) {
    return Stats.median(
        of(variant).stream().map(r -> (double) r.clientRxBytes()).toList());
  }

  private List<Run> of(String variant) {
    List<Run> l = runs.stream().filter(r -> r.variant().equals(variant)).toList();
    if (l.isEmpty()) throw new IllegalArgumentException("no runs of " + variant);
    return l;
  }

  /** Prints the medians, the bytes as a multiple of the intermediate, and whether both gave the same y. */
  public void print(PrintStream out) {
    int count = of("plain").size();
    out.printf(
        Locale.ROOT,
        "Fig. 2: y = S2.method2(S1.method1()), intermediate %d B, median of %d run%s%n",
        size,
        count,
        count == 1 ? "" : "s");
    for (String v : VARIANTS) {
      out.printf(
          Locale.ROOT,
          "  %-13s %8.1f ms, client received %9.0f B (%.4f x the intermediate)%n",
          v + " RMI:",
          medianMillis(v),
          medianRxBytes(v),
          medianRxBytes(v) / size);
    }
    out.println("  same result: " + sameResult);
  }

  /** Writes every run as CSV ({@link #HEADER}); returns {@code file}. */
  public Path writeCsv(Path file) throws IOException {
    try (CsvWriter w = CsvWriter.create(file, HEADER)) {
      for (Run r : runs) {
        w.row(
            r.variant(),
            r.run(),
            String.format(Locale.ROOT, "%.3f", r.millis()),
            r.clientRxBytes(),
            size);
      }
    }
    return file;
  }

  /** Two bar charts side by side: the median wall time, and the bytes that reached the client (KB). */
  public Figure figure(String link) {
    List<String> names = VARIANTS.stream().map(v -> v + " RMI").toList();
    String what = String.format(
        Locale.ROOT,
        "y = S2.method2(S1.method1()), %s KB passed from S1 to S2",
        new java.text.DecimalFormat("#,##0.#").format(size / 1e3));
    BarPlot time = new BarPlot(
            "Fig. 2 on " + link + ": time", what, "client wall time (ms, median)")
        .bars(names, VARIANTS.stream().mapToDouble(this::medianMillis).toArray(), "ms")
        .valuePattern("#,##0");
    BarPlot bytes = new BarPlot(
            "Fig. 2 on " + link + ": bytes that reached the client",
            what,
            "received by the client (KB)")
        .bars(names, VARIANTS.stream().mapToDouble(v -> medianRxBytes(v) / 1e3).toArray(), "KB");
    return Figure.of(time.chart(), bytes.chart());
  }
}
