package org.gridrmi.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gridrmi.benchmarks.Fig2Comparison.Run;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.PlotAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;

/** The demo's Fig. 2 output: medians, CSV, and the bar charts of time and client bytes. */
class Fig2ComparisonTest {
  private static final int MIB = 1 << 20;

  @TempDir
  Path dir;

  private static Fig2Comparison paperWanLike() {
    return new Fig2Comparison(
        MIB,
        List.of(
            new Run("plain", 1, 862.0, 1_048_968),
            new Run("improved", 1, 605.2, 160),
            new Run("plain", 2, 850.0, 1_048_968),
            new Run("improved", 2, 601.0, 181),
            new Run("plain", 3, 990.0, 1_048_990),
            new Run("improved", 3, 640.0, 160)),
        true);
  }

  @Test
  void mediansAndTheTable() {
    Fig2Comparison f = paperWanLike();
    assertThat(f.medianMillis("plain")).isEqualTo(862.0);
    assertThat(f.medianMillis("improved")).isEqualTo(605.2);
    assertThat(f.medianRxBytes("improved")).isEqualTo(160);
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    f.print(new PrintStream(b, true, StandardCharsets.UTF_8));
    assertThat(b.toString(StandardCharsets.UTF_8))
        .contains(
            "intermediate 1048576 B, median of 3 runs",
            "plain RMI:       862.0 ms, client received   1048968 B (1.0004 x the intermediate)",
            "improved RMI:    605.2 ms, client received       160 B (0.0002 x the intermediate)",
            "same result: true");
  }

  @Test
  void csvHasEveryRun() throws Exception {
    Path csv = paperWanLike().writeCsv(dir.resolve("fig2.csv"));
    assertThat(Files.readAllLines(csv))
        .hasSize(7)
        .startsWith(
            "variant,run,millis,client_rx_bytes,intermediate_bytes",
            "plain,1,862.000,1048968,1048576");
  }

  @Test
  void barsOfTimeAndOfClientBytes() throws Exception {
    Figure f = paperWanLike().figure("paper-wan");
    assertThat(f.panels()).hasSize(2);
    CategoryChart time = f.panel(0, CategoryChart.class);
    CategoryChart bytes = f.panel(1, CategoryChart.class);
    for (CategoryChart c : List.of(time, bytes)) {
      PlotAssert.assertLabelled(c);
      assertThat(c.getTitle()).contains("Fig. 2 on paper-wan");
      assertThat(PlotAssert.names(c)).containsExactly("plain RMI", "improved RMI");
    }
    assertThat(PlotAssert.bars(time)).containsExactly(862.0, 605.2);
    assertThat(PlotAssert.categories(time))
        .containsExactly("plain RMI: 862 ms", "improved RMI: 605 ms");
    assertThat(PlotAssert.bars(bytes)).containsExactly(1048.968, 0.16);
    assertThat(PlotAssert.categories(bytes))
        .containsExactly("plain RMI: 1,048.97 KB", "improved RMI: 0.16 KB");
    PlotAssert.assertPng(f.writePng(dir.resolve("fig2.png")), f);
  }
}
