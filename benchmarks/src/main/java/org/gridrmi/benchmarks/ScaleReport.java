package org.gridrmi.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gridrmi.cli.report.CsvWriter;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.LinePlot;
import org.knowm.xchart.XYChart;

/**
 * What {@code bench scale} measured, point by point: each point is a section (servers, clients, values, size), its x
 * (servers, clients, values held, bytes) and a named figure. Written as one CSV in long form and one PNG of four
 * log-log panels, one per section; the summary line comes from the largest point of each section.
 */
final class ScaleReport {
  static final String SERVERS = "servers";
  static final String CLIENTS = "clients";
  static final String VALUES = "values";
  static final String SIZE = "size";
  /** Each panel's size in pixels: the PNG is four of them side by side. */
  static final int PANEL_WIDTH = 700;

  static final int PANEL_HEIGHT = 450;

  /** One measured figure. */
  record Point(String section, double x, String metric, double value, String unit) {}

  private final List<Point> points = new ArrayList<>();

  void add(String section, double x, String metric, double value, String unit) {
    points.add(new Point(section, x, metric, value, unit));
    System.out.printf(
        Locale.ROOT, "  %-8s %12s  %-22s %14.2f %s%n", section, fmtX(x), metric, value, unit);
  }

  /** The figure at the largest x of {@code section} measured, or NaN if there is none. */
  double atMax(String section, String metric) {
    Point best = null;
    for (Point p : points)
      if (p.section.equals(section) && p.metric.equals(metric) && (best == null || p.x > best.x))
        best = p;
    return best == null ? Double.NaN : best.value;
  }

  /** The figure at the smallest x of {@code section}, or NaN if there is none. */
  double atMin(String section, String metric) {
    Point best = null;
    for (Point p : points)
      if (p.section.equals(section) && p.metric.equals(metric) && (best == null || p.x < best.x))
        best = p;
    return best == null ? Double.NaN : best.value;
  }

  Path writeCsv(Path file) throws IOException {
    List<List<?>> rows = new ArrayList<>();
    for (Point p : points) rows.add(List.of(p.section, fmtX(p.x), p.metric, fmt(p.value), p.unit));
    CsvWriter.write(file, List.of("section", "x", "metric", "value", "unit"), rows);
    return file;
  }

  /** Four log-log panels; points that are not positive (none measured, or 0) cannot sit on a log axis and are left out. */
  Path writePng(Path file) throws IOException {
    List<XYChart> panels = new ArrayList<>();
    panel(panels, SERVERS, "Servers in the grid", "server JVMs", "ms, %, bytes/s");
    panel(panels, CLIENTS, "Concurrent clients (2 servers)", "clients", "chains/s, ms");
    panel(panels, VALUES, "Live one-element values", "values held", "bytes, bytes/s");
    panel(panels, SIZE, "Value size: a value made on S1, taken on S2", "bytes", "lazy/raw");
    return Figure.of(panels.toArray(XYChart[]::new)).writePng(file);
  }

  private void panel(List<XYChart> panels, String section, String title, String x, String y) {
    Map<String, List<Point>> byMetric = new LinkedHashMap<>();
    for (Point p : points) {
      if (p.section.equals(section) && p.x > 0 && p.value > 0 && Double.isFinite(p.value))
        byMetric
            .computeIfAbsent(p.metric + " (" + p.unit + ")", k -> new ArrayList<>())
            .add(p);
    }
    if (byMetric.isEmpty()) return;
    LinePlot plot =
        new LinePlot(title, x + " (log)", y + " (log)").logY().size(PANEL_WIDTH, PANEL_HEIGHT);
    byMetric.forEach((name, ps) -> plot.series(
        name,
        ps.stream().mapToDouble(Point::x).toArray(),
        ps.stream().mapToDouble(Point::value).toArray()));
    XYChart chart = plot.chart();
    chart.getStyler().setXAxisLogarithmic(true);
    chart
        .getStyler()
        .setXAxisLogarithmicDecadeOnly(true); // ticks at 1k, 10k, ...: labels that do not overlap
    panels.add(chart);
  }

  private static String fmtX(double x) {
    return x == Math.rint(x) ? Long.toString((long) x) : fmt(x);
  }

  private static String fmt(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.2f", v) : "n/a";
  }
}
