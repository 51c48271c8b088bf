package org.gridrmi.benchmarks;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gridrmi.cli.report.CsvWriter;
import org.gridrmi.cli.report.GroupedBarPlot;

/**
 * What {@code bench placement} measured: every run of every placement with the model's prediction beside it, the
 * medians per workload and placement as a table, {@code placement.csv} and {@code placement.png}, and the summary
 * line. The model's error is the mean, over the workloads and placements, of |predicted - measured| / measured of
 * their medians.
 */
final class PlacementReport {
  /**
   * One run of one placement.
   *
   * @param assignment the server of each call, in the workload's order
   * @param batches the batches of calls the servers received during the run, in all: a chain the client made in one
   *     go that went out as several costs a round trip per extra batch (on the paper's WAN, tens of ms)
   */
  record Row(
      String workload,
      String strategy,
      int run,
      double measured,
      double predicted,
      String assignment,
      long batches) {}

  /** The medians of one workload and placement. */
  record Median(
      String workload, String strategy, double measured, double predicted, String assignment) {
    double error() {
      return Math.abs(predicted - measured) / measured;
    }
  }

  private final List<Row> rows;
  private final List<Median> medians = new ArrayList<>();

  PlacementReport(List<Row> rows) {
    this.rows = List.copyOf(rows);
    Map<String, List<Row>> groups = new LinkedHashMap<>();
    rows.forEach(r -> groups
        .computeIfAbsent(r.workload() + "\t" + r.strategy(), k -> new ArrayList<>())
        .add(r));
    groups.values().stream()
        .sorted((x, y) -> order(x.get(0)) - order(y.get(0)))
        .forEach(g -> medians.add(new Median(
            g.get(0).workload(),
            g.get(0).strategy(),
            median(g, true),
            median(g, false),
            g.get(g.size() - 1).assignment())));
  }

  private static int order(Row r) {
    int w = r.workload().equals("svd") ? 0 : 100;
    return w
        + (r.strategy().startsWith("all on")
            ? Integer.parseInt(r.strategy().replaceAll("\\D", ""))
            : switch (r.strategy()) {
              case "lowest load" -> 10;
              case "locality" -> 11;
              case "model" -> 12;
              default -> 13;
            });
  }

  private static double median(List<Row> g, boolean measured) {
    double[] v = g.stream()
        .mapToDouble(r -> measured ? r.measured() : r.predicted())
        .sorted()
        .toArray();
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  void print(PrintStream out) {
    out.printf(
        Locale.ROOT,
        "%-7s %-12s %12s %13s %7s  %s%n",
        "work",
        "placement",
        "measured ms",
        "predicted ms",
        "error",
        "servers of the calls (last run)");
    for (Median m : medians) {
      out.printf(
          Locale.ROOT,
          "%-7s %-12s %12.1f %13.1f %6.1f%%  %s%n",
          m.workload(),
          m.strategy(),
          m.measured() * 1e3,
          m.predicted() * 1e3,
          100 * m.error(),
          abbreviate(m.assignment()));
    }
  }

  private static String abbreviate(String assignment) {
    return assignment.length() <= 60 ? assignment : assignment.substring(0, 57) + "...";
  }

  void write(Path dir) throws IOException {
    Files.createDirectories(dir);
    try (CsvWriter csv = CsvWriter.create(
        dir.resolve("placement.csv"),
        "workload",
        "placement",
        "run",
        "measured_ms",
        "predicted_ms",
        "assignment",
        "batches")) {
      for (Row r : rows) {
        csv.row(
            r.workload(),
            r.strategy(),
            r.run(),
            String.format(Locale.ROOT, "%.3f", r.measured() * 1e3),
            String.format(Locale.ROOT, "%.3f", r.predicted() * 1e3),
            r.assignment(),
            r.batches());
      }
    }
    List<String> categories = medians.stream()
        .map(m -> m.workload() + " "
            + m.strategy()
                .replace("all on ", "")
                .replace("lowest load", "lowest")
                .replace("best static", "best"))
        .toList();
    new GroupedBarPlot(
            "Placement on 4 servers (2 on a LAN with the client, 2 behind paper-wan, S3 slower): "
                + "median time",
            "workload and placement (S1..S4: all calls on that server)",
            "ms")
        .categories(categories)
        .series(
            "measured", medians.stream().mapToDouble(m -> m.measured() * 1e3).toArray())
        .series(
            "model's prediction",
            medians.stream().mapToDouble(m -> m.predicted() * 1e3).toArray())
        .valuePattern("#,##0")
        .size(1900, 650)
        .writePng(dir.resolve("placement.png"));
    System.out.println(
        "wrote " + dir.resolve("placement.csv") + " and " + dir.resolve("placement.png"));
  }

  private double measured(String workload, String strategy) {
    return medians.stream()
        .filter(m -> m.workload().equals(workload) && m.strategy().equals(strategy))
        .mapToDouble(Median::measured)
        .findFirst()
        .orElse(Double.NaN);
  }

  /**
   * {@code placement: model/best=X model/lowest_load=Y model_error=Z%}: the model's placement against the best static
   * assignment of the solver; against today's default over both workloads (the sums of their medians); the mean error
   * of the predictions.
   */
  String summary() {
    double modelOverBest = measured("svd", "model") / measured("svd", "best static");
    double model = measured("svd", "model") + measured("chains", "model");
    double lowest = measured("svd", "lowest load") + measured("chains", "lowest load");
    double error = medians.stream().mapToDouble(Median::error).average().orElse(Double.NaN);
    return String.format(
        Locale.ROOT,
        "placement: model/best=%.3f model/lowest_load=%.3f model_error=%.1f%%",
        modelOverBest,
        model / lowest,
        100 * error);
  }
}
