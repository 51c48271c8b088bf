package org.gridrmi.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.PlotAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;

/** The PNG of bench idle: one bar per process, its share of a core. */
class IdleFigureTest {
  @TempDir
  Path dir;

  @Test
  void aBarPerProcessWithItsShareOfACore() throws Exception {
    List<IdleBench.Sample> samples = List.of(
        new IdleBench.Sample("lookup", 0.19, 0.63),
        new IdleBench.Sample("A", 0.14, 0.46),
        new IdleBench.Sample("B", 0.14, 0.46));
    Figure f = IdleBench.figure(samples, 30);
    CategoryChart chart = f.panel(0, CategoryChart.class);
    PlotAssert.assertLabelled(chart);
    assertThat(PlotAssert.categories(chart))
        .hasSize(3)
        .anySatisfy(c -> assertThat(c).startsWith("lookup"));
    assertThat(PlotAssert.bars(chart)).containsExactly(0.63, 0.46, 0.46);
    PlotAssert.assertPng(f.writePng(dir.resolve("idle.png")), f);
  }
}
