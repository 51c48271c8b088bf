package org.gridrmi.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.gridrmi.cli.report.BarPlot;
import org.gridrmi.cli.report.CsvWriter;

/** What {@code bench hostile} prints and writes: a row per attack, the CSV, the PNG and the summary line. */
final class HostileReport {
  /**
   * One attack's result.
   *
   * @param growthMb the larger of the two servers' growth of used heap (after a full GC), MB
   * @param refuseMillis how long the attack took until it was refused (or ended)
   * @param servedAfter whether both servers served a normal client's call right after it
   */
  record Row(
      String phase,
      String attack,
      boolean refused,
      String status,
      double growthMb,
      double refuseMillis,
      boolean servedAfter) {}

  private HostileReport() {}

  static String line(Row r) {
    return String.format(
        Locale.ROOT,
        "%-5s %-40s %-8s %-24s %9.1f %10.0f %7s",
        r.phase(),
        r.attack(),
        r.refused() ? "refused" : "ACCEPTED",
        r.status(),
        r.growthMb(),
        r.refuseMillis(),
        r.servedAfter() ? "yes" : "NO");
  }

  static String header() {
    return String.format(
        Locale.ROOT,
        "%-5s %-40s %-8s %-24s %9s %10s %7s",
        "phase",
        "attack",
        "result",
        "status",
        "growth_mb",
        "refuse_ms",
        "served");
  }

  /** The last line: every field computed from the rows and the values the normal client checked. */
  static String summary(List<Row> rows, int lost) {
    long refused = rows.stream().filter(Row::refused).count();
    boolean served = !rows.isEmpty() && rows.stream().allMatch(Row::servedAfter);
    double growth = rows.stream().mapToDouble(Row::growthMb).max().orElse(0);
    return String.format(
        Locale.ROOT,
        "hostile: attacks=%d refused=%d served_after=%s max_growth_mb=%.1f lost=%d",
        rows.size(),
        refused,
        served ? "yes" : "no",
        Math.max(0, growth),
        lost);
  }

  static void write(List<Row> rows, Path out) throws IOException {
    Files.createDirectories(out);
    try (CsvWriter w = CsvWriter.create(
        out.resolve("hostile.csv"),
        "phase",
        "attack",
        "refused",
        "status",
        "heap_growth_mb",
        "refuse_ms",
        "served_after")) {
      for (Row r : rows) {
        w.row(
            r.phase(),
            r.attack(),
            r.refused(),
            r.status(),
            String.format(Locale.ROOT, "%.2f", r.growthMb()),
            String.format(Locale.ROOT, "%.1f", r.refuseMillis()),
            r.servedAfter());
      }
    }
    new BarPlot(
            "Hostile inputs: the larger server's heap growth per attack (after a full GC)",
            "attack",
            "heap growth (MB)")
        .bars(
            rows.stream().map(r -> r.phase() + ": " + r.attack()).toList(),
            rows.stream().mapToDouble(r -> Math.max(0, r.growthMb())).toArray(),
            "MB")
        .valuePattern("#,##0.0")
        .size(1400, 700)
        .writePng(out.resolve("hostile.png"));
  }
}
