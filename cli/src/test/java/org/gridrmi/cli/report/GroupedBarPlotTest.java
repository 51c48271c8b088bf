package org.gridrmi.cli.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;

class GroupedBarPlotTest {
  @TempDir
  Path dir;

  GroupedBarPlot phases() {
    return new GroupedBarPlot(
            "Chaos on loopback: chains per phase", "phase (fault)", "chains (count)")
        .categories(List.of("baseline", "stop", "kill"));
  }

  @Test
  void eachSeriesHasABarPerCategoryInItsOwnColourWithItsValueWritten() throws Exception {
    CategoryChart c = phases()
        .series("done", new double[] {100, 68, 98})
        .series("failed", new double[] {0, 32, 2})
        .valuePattern("#,##0")
        .chart();
    assertThat(PlotAssert.names(c)).containsExactly("done", "failed");
    assertThat(PlotAssert.categories(c)).containsExactly("baseline", "stop", "kill");
    assertThat(c.getSeriesMap().get("failed").getYData().stream().map(Number::doubleValue))
        .containsExactly(0.0, 32.0, 2.0);
    assertThat(c.getSeriesMap().get("done").getFillColor())
        .isNotEqualTo(c.getSeriesMap().get("failed").getFillColor());
    assertThat(c.getStyler().isLabelsVisible()).isTrue();
    PlotAssert.assertLabelled(c);
    Figure f = Figure.of(c);
    PlotAssert.assertPng(f.writePng(dir.resolve("grouped.png")), f);
  }

  @Test
  void allZeroStillHasAnAxisToRead() {
    CategoryChart c = phases().series("lost", new double[] {0, 0, 0}).chart();
    assertThat(c.getStyler().getYAxisMax()).isEqualTo(1.0);
  }

  @Test
  void refusesWhatCannotBeDrawn() {
    assertThatThrownBy(() -> phases().series("done", new double[] {1, 2}))
        .hasMessageContaining("a value per category");
    assertThatThrownBy(() -> phases().series("done", new double[] {1, -2, 3}))
        .hasMessageContaining(">= 0");
    assertThatThrownBy(
            () -> phases().series("a", new double[] {1, 2, 3}).series("a", new double[] {1, 2, 3}))
        .hasMessageContaining("duplicate");
    assertThatThrownBy(() -> new GroupedBarPlot("t", "x", "y").categories(List.of("a", "a")))
        .hasMessageContaining("unique");
    assertThatThrownBy(() -> phases().chart()).isInstanceOf(IllegalStateException.class);
  }
}
