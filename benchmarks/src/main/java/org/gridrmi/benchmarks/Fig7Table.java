package org.gridrmi.benchmarks;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import org.gridrmi.benchmarks.harness.Stats;
import org.gridrmi.cli.report.CsvWriter;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.LinePlot;

/** The measurements of {@link Fig7Bench}: rows, per-size medians, the printed table, CSV and PNG. */
final class Fig7Table {
  record Row(
      int size, String variant, int run, double millis, double modelMillis, long clientRxBytes) {}

  /** Per size: median and model of each variant (in {@link Fig7Bench#VARIANTS} order), and derived figures. */
  record SizeSummary(int size, double[] median, double[] model, double[] medianRx) {
    /** (plain - improved) / (plain - lower bound). */
    double eliminated() {
      return (median[0] - median[1]) / (median[0] - median[2]);
    }

    /** |model - median| / median of variant v. */
    double modelError(int v) {
      return Math.abs(model[v] - median[v]) / median[v];
    }
  }

  private final List<Row> rows = new ArrayList<>();
  private final int computeMillis;

  Fig7Table(int computeMillis) {
    this.computeMillis = computeMillis;
  }

  void add(int size, String variant, int run, double millis, double modelMillis, long rx) {
    rows.add(new Row(size, variant, run, millis, modelMillis, rx));
  }

  List<SizeSummary> summaries() {
    TreeMap<Integer, List<Row>> bySize = new TreeMap<>();
    rows.forEach(r -> bySize.computeIfAbsent(r.size(), k -> new ArrayList<>()).add(r));
    List<SizeSummary> out = new ArrayList<>();
    bySize.forEach((size, rs) -> {
      int k = Fig7Bench.VARIANTS.size();
      double[] med = new double[k], model = new double[k], rx = new double[k];
      for (int v = 0; v < k; v++) {
        String name = Fig7Bench.VARIANTS.get(v);
        med[v] = Stats.median(
            rs.stream().filter(r -> r.variant().equals(name)).map(Row::millis).toList());
        model[v] = Stats.median(rs.stream()
            .filter(r -> r.variant().equals(name))
            .map(Row::modelMillis)
            .toList());
        rx[v] = Stats.median(rs.stream()
            .filter(r -> r.variant().equals(name))
            .map(r -> (double) r.clientRxBytes())
            .toList());
      }
      out.add(new SizeSummary(size, med, model, rx));
    });
    return out;
  }

  void writeCsv(Path file, String[] header) throws IOException {
    try (CsvWriter csv = CsvWriter.create(file, header)) {
      for (Row r : rows)
        csv.row(r.size(), r.variant(), r.run(), r.millis(), r.modelMillis(), r.clientRxBytes());
    }
  }

  /** Whether the rows carry the model's predictions (not when no usable calibration existed). */
  boolean hasModel() {
    return rows.stream().noneMatch(r -> Double.isNaN(r.modelMillis()));
  }

  /**
   * The picture: median runtime per size of plain, improved and the lower bound, the model of each dashed beside
   * it where a calibration gave one.
   *
   * @param title names the figure and the link, e.g. "Fig. 7 on paper-wan (21 ms, 3.10 MB/s)"
   */
  Figure figure(String title) {
    List<SizeSummary> s = summaries();
    double[] x = s.stream().mapToDouble(e -> e.size() / 1e3).toArray();
    int runs = rows.stream().mapToInt(Row::run).max().orElse(0);
    LinePlot plot = new LinePlot(
        title + ": plain vs improved RMI vs lower bound",
        "data size n1 = n2 (KB)",
        String.format(
            Locale.ROOT,
            "runtime (ms, median of %d run%s; each method %d ms)",
            runs,
            runs == 1 ? "" : "s",
            computeMillis));
    String[] names = {"plain RMI", "improved RMI", "lower bound (one call)"};
    for (int v = 0; v < names.length; v++) {
      int vv = v;
      plot.series(names[v], x, s.stream().mapToDouble(e -> e.median()[vv]).toArray());
      if (hasModel())
        plot.model(
            names[v] + " (model)", x, s.stream().mapToDouble(e -> e.model()[vv]).toArray());
    }
    return Figure.of(plot.chart());
  }

  void writePng(Path file, String title) throws IOException {
    figure(title).writePng(file);
  }

  /** Prints the table and the summary line; returns {min eliminated, max model error}. */
  double[] print(PrintStream o) {
    o.printf(
        Locale.ROOT,
        "%8s | %9s %9s %9s | %9s %9s %9s | %10s | %7s %7s %7s | %9s %9s%n",
        "size KB",
        "plain",
        "improved",
        "lower",
        "model pl",
        "model im",
        "model lb",
        "eliminated",
        "err pl",
        "err im",
        "err lb",
        "rx plain",
        "rx impr");
    double worst = Double.POSITIVE_INFINITY, worstErr = 0;
    for (SizeSummary s : summaries()) {
      double e = s.eliminated();
      worst = Math.min(worst, e);
      for (int v = 0; v < 3; v++) worstErr = Math.max(worstErr, s.modelError(v));
      o.printf(
          Locale.ROOT,
          "%8.1f | %9.1f %9.1f %9.1f | %9.1f %9.1f %9.1f | %9.1f%% | %6.1f%% %6.1f%% %6.1f%% | %9.0f %9.0f%n",
          s.size() / 1e3,
          s.median()[0],
          s.median()[1],
          s.median()[2],
          s.model()[0],
          s.model()[1],
          s.model()[2],
          e * 100,
          signed(s, 0),
          signed(s, 1),
          signed(s, 2),
          s.medianRx()[0],
          s.medianRx()[1]);
    }
    o.printf(
        Locale.ROOT,
        "medians in ms (compute %d ms per method); eliminated = (plain - improved) / (plain - lower"
            + " bound); err = (model - median) / median%n",
        computeMillis);
    o.printf(
        Locale.ROOT,
        "min overhead eliminated %.1f%% (goal >= 97), %s%n",
        worst * 100,
        hasModel()
            ? String.format(Locale.ROOT, "max |model error| %.1f%% (goal <= 10)", worstErr * 100)
            : "model not evaluated (no usable calibration)");
    return new double[] {worst, worstErr};
  }

  private static double signed(SizeSummary s, int v) {
    return (s.model()[v] - s.median()[v]) / s.median()[v] * 100;
  }
}
