package org.gridrmi.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.PlotAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

class Fig7TableTest {
  @TempDir
  Path dir;

  private static Fig7Table table(double modelMillis) {
    Fig7Table t = new Fig7Table(500);
    for (int size : new int[] {10_000, 20_000}) {
      t.add(size, "plain", 1, 1100 + size / 1000.0, modelMillis, 2 * size);
      t.add(size, "improved", 1, 1049, modelMillis, size);
      t.add(size, "lower_bound", 1, 1048, modelMillis, size);
    }
    return t;
  }

  @Test
  void withoutAModelTheMeasurementsStandAndTheModelColumnsStayEmpty() throws Exception {
    Fig7Table t = table(Double.NaN);
    assertThat(t.hasModel()).isFalse();
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    double[] figures = t.print(new PrintStream(buf, true, StandardCharsets.UTF_8));
    assertThat(buf.toString(StandardCharsets.UTF_8))
        .contains("model not evaluated (no usable calibration)")
        .doesNotContain("max |model error|");
    assertThat(figures[0])
        .isCloseTo((1110.0 - 1049) / (1110 - 1048), org.assertj.core.data.Offset.offset(1e-9));
    t.writeCsv(dir.resolve("fig7.csv"), Fig7Bench.HEADER);
    assertThat(Files.readAllLines(dir.resolve("fig7.csv")))
        .contains("10000,improved,1,1049,,10000");
    Figure f = t.figure("Fig. 7 on loopback");
    XYChart chart = f.panel(0, XYChart.class);
    assertThat(PlotAssert.names(chart))
        .containsExactly("plain RMI", "improved RMI", "lower bound (one call)");
    assertThat(PlotAssert.dashedNames(chart)).isEmpty();
    PlotAssert.assertPoints(chart, 2);
    t.writePng(dir.resolve("fig7.png"), "Fig. 7 on loopback");
    PlotAssert.assertPng(dir.resolve("fig7.png"), f);
  }

  @Test
  void withAModelEachVariantHasItsDashedLine() throws Exception {
    Figure f = table(1050).figure("Fig. 7 on paper-wan");
    XYChart chart = f.panel(0, XYChart.class);
    PlotAssert.assertLabelled(chart);
    assertThat(chart.getTitle()).contains("paper-wan", "plain", "improved", "lower bound");
    assertThat(chart.getYAxisTitle()).contains("median of 1 run", "500 ms");
    assertThat(PlotAssert.dashedNames(chart))
        .containsExactly(
            "plain RMI (model)", "improved RMI (model)", "lower bound (one call) (model)");
    PlotAssert.assertPoints(chart, 2);
    PlotAssert.assertPng(f.writePng(dir.resolve("fig7.png")), f);
  }

  @Test
  void withAModelItsErrorIsReported() {
    Fig7Table t = table(1050);
    assertThat(t.hasModel()).isTrue();
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    double[] figures = t.print(new PrintStream(buf, true, StandardCharsets.UTF_8));
    assertThat(buf.toString(StandardCharsets.UTF_8)).contains("max |model error|");
    assertThat(figures[1])
        .isCloseTo((1120 - 1050) / 1120.0, org.assertj.core.data.Offset.offset(1e-9));
  }
}
