package org.gridrmi.cli.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

class PlotTest {
  @TempDir
  Path dir;

  private final double[] x = {10, 20, 30};

  private LinePlot fig7Like() {
    return new LinePlot("Fig. 7 on paper-wan", "size (KB)", "runtime (ms)")
        .series("plain", x, new double[] {1100, 1200, 1300})
        .model("plain (model)", x, new double[] {1110, 1210, 1310})
        .series("improved", x, new double[] {1050, 1060, 1070})
        .series("lower bound", x, new double[] {1050, 1060, 1070});
  }

  @Test
  void measuredSeriesAreSolidWithMarkersOfTheirOwnAndModelsDashedInTheColourBefore() {
    XYChart chart = fig7Like().chart();
    assertThat(PlotAssert.names(chart))
        .containsExactly("plain", "plain (model)", "improved", "lower bound");
    assertThat(PlotAssert.dashedNames(chart)).containsExactly("plain (model)");
    PlotAssert.assertPoints(chart, 3);
    PlotAssert.assertLabelled(chart);
    XYSeries plain = PlotAssert.series(chart, "plain");
    XYSeries improved = PlotAssert.series(chart, "improved");
    XYSeries lower = PlotAssert.series(chart, "lower bound");
    assertThat(PlotAssert.series(chart, "plain (model)").getLineColor())
        .isEqualTo(plain.getLineColor());
    // improved and lower bound coincide: different colours, and markers that differ in shape and
    // size
    assertThat(improved.getLineColor()).isNotEqualTo(lower.getLineColor());
    assertThat(improved.getMarker()).isNotEqualTo(lower.getMarker());
    assertThat(markerPixels(improved)).isGreaterThan(markerPixels(lower));
  }

  @Test
  void aModelOfOnePointIsDrawnAsAMarkerSinceADashedLineOfOnePointIsNothing() {
    double[] oneN = {150};
    XYChart chart = new LinePlot("SVD at one n", "n", "runtime (ms)")
        .series("ideal", oneN, new double[] {10})
        .model("ideal (model)", oneN, new double[] {12})
        .chart();

    XYSeries model = PlotAssert.series(chart, "ideal (model)");
    assertThat(model.getMarker()).isNotEqualTo(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
    assertThat(model.getMarker()).isNotEqualTo(PlotAssert.series(chart, "ideal").getMarker());
    assertThat(model.getMarkerColor())
        .isEqualTo(PlotAssert.series(chart, "ideal").getLineColor());
  }

  /** The marker's painted area, measured on a blank image: the later series' marker must be smaller. */
  private static int markerPixels(XYSeries s) {
    java.awt.image.BufferedImage img =
        new java.awt.image.BufferedImage(60, 60, java.awt.image.BufferedImage.TYPE_INT_RGB);
    java.awt.Graphics2D g = img.createGraphics();
    g.setColor(java.awt.Color.WHITE);
    s.getMarker().paint(g, 30, 30, 8);
    g.dispose();
    int n = 0;
    for (int y = 0; y < 60; y++)
      for (int xx = 0; xx < 60; xx++) if ((img.getRGB(xx, y) & 0xffffff) != 0) n++;
    return n;
  }

  @Test
  void linePlotWritesTheChartItBuilds() throws Exception {
    Path f = dir.resolve("plots/p.png");
    LinePlot plot = fig7Like();
    plot.writePng(f);
    PlotAssert.assertPng(f, Figure.of(plot.chart()));
    try (var s = Files.list(f.getParent())) {
      assertThat(s).hasSize(1); // no temporary file left
    }
  }

  @Test
  void aRatioPanelHasALogAxisWithRoomForItsNotes() {
    XYChart chart = new LinePlot("runtime / ideal", "n", "ratio (x)")
        .series("plain", x, new double[] {10, 11, 12})
        .logY()
        .yRange(0.8, 18)
        .note("12.00x", 30, 14.6)
        .chart();
    assertThat(chart.getStyler().isYAxisLogarithmic()).isTrue();
    assertThat(chart.getStyler().getYAxisMin()).isEqualTo(0.8);
    assertThat(chart.getStyler().getYAxisMax()).isEqualTo(18);
    assertThatThrownBy(() -> new LinePlot("t", "x", "y").yRange(2, 1))
        .hasMessageContaining("min < max");
  }

  @Test
  void badSeriesAreRefused() {
    assertThatThrownBy(() -> new LinePlot("t", "x", "y").series("a", x, new double[] {1}))
        .hasMessageContaining("equally long");
    assertThatThrownBy(() -> fig7Like().series("plain", x, x))
        .hasMessageContaining("duplicate series name 'plain'");
    assertThatThrownBy(() -> new LinePlot("t", "x", "y").chart())
        .hasMessageContaining("nothing to plot in 't'");
    assertThatThrownBy(
            () -> new BarPlot("t", "x", "y").bars(List.of("a", "b"), new double[] {1}, "ms"))
        .hasMessageContaining("as many values as names");
    assertThatThrownBy(
            () -> new BarPlot("t", "x", "y").bars(List.of("a"), new double[] {Double.NaN}, "ms"))
        .hasMessageContaining("finite and >= 0");
  }

  @Test
  void barsAreOneSeriesEachLabelledWithTheirValue() throws Exception {
    BarPlot time = new BarPlot("Fig. 2 on paper-wan: time", "variant", "time (ms)")
        .bars(List.of("plain RMI", "improved RMI"), new double[] {862.04, 605.2}, "ms");
    BarPlot bytes = new BarPlot(
            "Fig. 2 on paper-wan: bytes to the client", "variant", "received (KB)")
        .bars(List.of("plain RMI", "improved RMI"), new double[] {1048.968, 0.16}, "KB");
    CategoryChart t = time.chart();
    assertThat(PlotAssert.names(t)).containsExactly("plain RMI", "improved RMI");
    assertThat(PlotAssert.bars(t)).containsExactly(862.04, 605.2);
    assertThat(PlotAssert.categories(t))
        .containsExactly("plain RMI: 862.04 ms", "improved RMI: 605.2 ms");
    assertThat(t.getSeriesMap().get("plain RMI").getFillColor())
        .isNotEqualTo(t.getSeriesMap().get("improved RMI").getFillColor());
    Figure both = Figure.of(t, bytes.chart());
    assertThat(both.width()).isEqualTo(1200);
    assertThat(PlotAssert.categories(both.panel(1, CategoryChart.class)))
        .contains("improved RMI: 0.16 KB");
    Path f = both.writePng(dir.resolve("fig2.png"));
    PlotAssert.assertPng(f, both);
  }

  @Test
  void aBlankImageFailsTheFileCheck() throws Exception {
    Path f = dir.resolve("blank.png");
    java.awt.image.BufferedImage img =
        new java.awt.image.BufferedImage(900, 600, java.awt.image.BufferedImage.TYPE_INT_RGB);
    javax.imageio.ImageIO.write(img, "png", f.toFile());
    assertThatThrownBy(() -> PlotAssert.assertPng(f, Figure.of(fig7Like().chart())))
        .isInstanceOf(AssertionError.class);
  }
}
