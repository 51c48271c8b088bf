package org.gridrmi.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import org.gridrmi.benchmarks.TransferRounds.Kind;
import org.gridrmi.benchmarks.TransferRounds.Result;
import org.gridrmi.benchmarks.harness.Stats;
import org.gridrmi.cli.report.CsvWriter;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.LinePlot;
import org.knowm.xchart.XYChart;

/**
 * What {@code bench transfer} prints and writes; {@code default_SIZE=} in the summary is lazy/raw between the servers
 * started as users start them. The time of a lazy move is the median over rounds of (chain over
 * S1 and S2) minus (the same chain on S1 alone); plain moves the value twice (S1 to the client to S2) and is timed
 * the same way; the raw socket's time is its own. Throughput is the value's bytes over that time (MB decimal).
 */
final class TransferReport {
  private static final String PREFIX = "bench transfer: ";
  private final String link;
  private final Path out;
  private final List<Result> results = new ArrayList<>();

  TransferReport(String link, Path out) {
    this.link = link;
    this.out = out;
  }

  /** Seconds of a lazy (or plain) move: per round the chain minus the local chain, then the median. */
  static double moveSeconds(List<Double> chain, List<Double> local) {
    if (chain.isEmpty()) return Double.NaN;
    double[] d = new double[chain.size()];
    for (int i = 0; i < d.length; i++) d[i] = Math.max(1e-6, chain.get(i) - local.get(i));
    return Stats.median(d);
  }

  static double median(List<Double> values) {
    return values.isEmpty() ? Double.NaN : Stats.median(values);
  }

  /** lazy/raw: the lazy move's throughput as a share of the raw socket's. */
  static double lazyOverRaw(Result r) {
    return median(r.raw()) / moveSeconds(r.lazy(), r.local());
  }

  /** lazy/raw on the servers started as users start them (NaN when there were none). */
  static double defaultOverRaw(Result r) {
    return median(r.raw()) / moveSeconds(r.defaultLazy(), r.defaultLocal());
  }

  static double extraMb(List<Long> bytes) {
    return bytes.stream().mapToLong(Long::longValue).max().orElse(0) / 1e6;
  }

  void add(Result r) {
    results.add(r);
    double raw = median(r.raw());
    double lazy = moveSeconds(r.lazy(), r.local());
    double plain = moveSeconds(r.plain(), r.local());
    double mb = r.bytes() / 1e6;
    System.out.printf(
        Locale.ROOT,
        "%s%-8s %6s: measured after %.1f s of warm-up; the JIT of the run's JVMs compiled %.0f ms a second"
            + " meanwhile (of the machine's %d cores)%n",
        PREFIX,
        r.kind().label,
        r.label(),
        r.warmUpSeconds(),
        r.jitMillisPerSecond(),
        Runtime.getRuntime().availableProcessors());
    System.out.printf(
        Locale.ROOT,
        "%s%-8s %6s: raw %8.2f ms %7.0f MB/s | lazy %8.2f ms %7.0f MB/s = %.2fx raw"
            + " | plain %s | extra heap S1 %.2f MB, S2 %.2f MB%n",
        PREFIX,
        r.kind().label,
        r.label(),
        raw * 1e3,
        mb / raw,
        lazy * 1e3,
        mb / lazy,
        raw / lazy,
        Double.isNaN(plain)
            ? "not run (over the plain limit)"
            : String.format(Locale.ROOT, "%8.2f ms %7.0f MB/s", plain * 1e3, mb / plain),
        extraMb(r.extraS1()),
        extraMb(r.extraS2()));
    if (!r.defaultLazy().isEmpty()) {
      double d = moveSeconds(r.defaultLazy(), r.defaultLocal());
      System.out.printf(
          Locale.ROOT,
          "%s%-8s %6s: default servers D1 to D2: lazy %8.2f ms %7.0f MB/s = %.2fx raw%n",
          PREFIX,
          r.kind().label,
          r.label(),
          d * 1e3,
          mb / d,
          raw / d);
    }
  }

  /** Writes the CSV and the PNG and prints the summary line; returns the exit code. */
  int finish() throws IOException {
    Path csv = out.resolve("transfer.csv");
    try (CsvWriter w = CsvWriter.create(
        csv,
        "type",
        "size",
        "bytes",
        "round",
        "raw_s",
        "local_chain_s",
        "lazy_chain_s",
        "plain_chain_s",
        "extra_heap_s1_bytes",
        "extra_heap_s2_bytes",
        "default_local_chain_s",
        "default_lazy_chain_s")) {
      for (Result r : results) {
        for (int i = 0; i < r.raw().size(); i++) {
          w.row(
              r.kind().label,
              r.label(),
              r.bytes(),
              i,
              r.raw().get(i),
              r.local().get(i),
              r.lazy().get(i),
              i < r.plain().size() ? r.plain().get(i) : Double.NaN,
              r.extraS1().get(i),
              r.extraS2().get(i),
              i < r.defaultLocal().size() ? r.defaultLocal().get(i) : Double.NaN,
              i < r.defaultLazy().size() ? r.defaultLazy().get(i) : Double.NaN);
        }
      }
    }
    Path png = figure().writePng(out.resolve("transfer.png"));
    System.out.printf(Locale.ROOT, "%swrote %s and %s%n", PREFIX, csv, png);
    System.out.println(summary());
    return 0;
  }

  /** Per size the lower lazy/raw of the value types, and the largest extra heap of any move on either side. */
  String summary() {
    TreeMap<Long, String> labels = new TreeMap<>();
    TreeMap<Long, Double> worst = new TreeMap<>();
    TreeMap<Long, Double> worstDefault = new TreeMap<>();
    double extra = 0;
    for (Result r : results) {
      long key =
          Math.round(r.bytes() / 1e5); // a Matrix's size is rounded to a square: same size class
      labels.putIfAbsent(key, r.label());
      worst.merge(key, lazyOverRaw(r), Math::min);
      if (!r.defaultLazy().isEmpty()) worstDefault.merge(key, defaultOverRaw(r), Math::min);
      extra = Math.max(extra, Math.max(extraMb(r.extraS1()), extraMb(r.extraS2())));
    }
    StringBuilder b = new StringBuilder("transfer:");
    worst.forEach(
        (k, v) -> b.append(String.format(Locale.ROOT, " %s lazy/raw=%.2f", labels.get(k), v)));
    b.append(String.format(Locale.ROOT, " peak_extra_heap_mb=%.1f", extra));
    worstDefault.forEach(
        (k, v) -> b.append(String.format(Locale.ROOT, " default_%s=%.2f", labels.get(k), v)));
    return b.toString();
  }

  private Figure figure() {
    List<XYChart> panels = new ArrayList<>();
    for (Kind kind : Kind.values()) {
      List<Result> rs = results.stream().filter(r -> r.kind() == kind).toList();
      if (rs.isEmpty()) continue;
      double[] x = rs.stream().mapToDouble(r -> r.bytes() / 1e6).toArray();
      LinePlot plot = new LinePlot(
              kind.label + " between two server JVMs on " + link + ": throughput",
              "value size (MB, log scale)",
              "MB/s")
          .yFromZero();
      plot.series(
          "raw socket",
          x,
          rs.stream().mapToDouble(r -> r.bytes() / 1e6 / median(r.raw())).toArray());
      plot.series(
          "GridRMI lazy (S1 to S2)",
          x,
          rs.stream()
              .mapToDouble(r -> r.bytes() / 1e6 / moveSeconds(r.lazy(), r.local()))
              .toArray());
      if (rs.stream().anyMatch(r -> !r.defaultLazy().isEmpty())) {
        plot.series(
            "GridRMI lazy, default servers (D1 to D2)",
            x,
            rs.stream()
                .mapToDouble(r -> r.bytes() / 1e6 / moveSeconds(r.defaultLazy(), r.defaultLocal()))
                .toArray());
      }
      double[] plain = rs.stream()
          .mapToDouble(r -> r.bytes() / 1e6 / moveSeconds(r.plain(), r.local()))
          .toArray();
      if (java.util.Arrays.stream(plain).anyMatch(v -> !Double.isNaN(v))) {
        plot.series(
            "plain RMI (S1 to client to S2)",
            x,
            java.util.Arrays.stream(plain).map(v -> Double.isNaN(v) ? 0 : v).toArray());
      }
      for (Result r : rs) {
        plot.note(
            String.format(Locale.ROOT, "%.2fx", lazyOverRaw(r)),
            r.bytes() / 1e6,
            r.bytes() / 1e6 / moveSeconds(r.lazy(), r.local()));
      }
      XYChart chart = plot.chart();
      chart.getStyler().setXAxisLogarithmic(true);
      panels.add(chart);
    }
    return Figure.of(panels.toArray(XYChart[]::new));
  }
}
