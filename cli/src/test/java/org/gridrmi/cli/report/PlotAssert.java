package org.gridrmi.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Checks of the PNGs the commands write, shared by every module's tests (perf-model's test jar). XChart cannot
 * read a PNG back, so a figure is checked twice: its charts (series names, point counts, dashed model lines),
 * built by the same method that the command writes; and the file that method wrote (a PNG by its signature, of
 * the figure's size, not blank, with each series' colour on it).
 */
public final class PlotAssert {
  private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a};

  private PlotAssert() {}

  /** The series names of a chart, in the order they were added. */
  public static List<String> names(Chart<?, ?> chart) {
    return List.copyOf(chart.getSeriesMap().keySet());
  }

  /** A series of an XY chart by name; fails if it is missing. */
  public static XYSeries series(XYChart chart, String name) {
    assertThat(chart.getSeriesMap()).as("series of '%s'", chart.getTitle()).containsKey(name);
    return chart.getSeriesMap().get(name);
  }

  /** Whether a series is drawn dashed (a model line). */
  public static boolean dashed(XYSeries s) {
    BasicStroke stroke = s.getLineStyle();
    return stroke != null && stroke.getDashArray() != null;
  }

  /** The names of the dashed series of a chart, in order. */
  public static List<String> dashedNames(XYChart chart) {
    return chart.getSeriesMap().values().stream()
        .filter(PlotAssert::dashed)
        .map(XYSeries::getName)
        .toList();
  }

  /** Every series of the chart has {@code points} points. */
  public static void assertPoints(XYChart chart, int points) {
    chart
        .getSeriesMap()
        .values()
        .forEach(s -> assertThat(s.getXData())
            .as("points of '%s' in '%s'", s.getName(), chart.getTitle())
            .hasSize(points));
  }

  /** A chart has a title, an x axis title, and a y axis title with its unit in parentheses. */
  public static void assertLabelled(Chart<?, ?> chart) {
    assertThat(chart.getTitle()).as("title").isNotBlank();
    assertThat(chart.getXAxisTitle())
        .as("x axis title of '%s'", chart.getTitle())
        .isNotBlank();
    assertThat(chart.getYAxisTitle())
        .as("y axis title of '%s'", chart.getTitle())
        .matches(".*\\(.+\\).*");
  }

  /**
   * The file is a PNG (by its signature) of the figure's width and height, more than a few KB, not blank (many
   * colours), and each series of each panel left its colour on it.
   */
  public static void assertPng(Path file, Figure figure) throws IOException {
    Map<Integer, Integer> colours = assertPng(file, figure.width(), figure.height());
    for (Chart<?, ?> panel : figure.panels()) {
      double tallest = panel instanceof CategoryChart bars
          ? java.util.Arrays.stream(bars(bars)).max().orElse(0)
          : 0;
      for (Object s : panel.getSeriesMap().values()) {
        Color c =
            s instanceof XYSeries xy ? xy.getLineColor() : ((CategorySeries) s).getFillColor();
        // a bar under 2% of the tallest is a few pixels at most: its label tells its value
        if (s instanceof CategorySeries cs
            && cs.getYData().stream().allMatch(v -> v.doubleValue() < 0.02 * tallest)) {
          continue;
        }
        assertThat(colours.getOrDefault(c.getRGB() & 0xffffff, 0))
            .as(
                "pixels of series '%s' (colour %06x) in %s",
                ((org.knowm.xchart.internal.series.Series) s).getName(),
                c.getRGB() & 0xffffff,
                file)
            .isGreaterThan(20);
      }
    }
  }

  /** The axis labels of a bar chart's bars, in order. */
  public static List<String> categories(CategoryChart chart) {
    return chart.getSeriesMap().values().iterator().next().getXData().stream()
        .map(String::valueOf)
        .toList();
  }

  /**
   * The file is a PNG (by its signature) of this width and height, more than a few KB and not blank (many
   * colours): for a PNG written by a command whose figure the test cannot rebuild. Returns the pixels per colour.
   */
  public static Map<Integer, Integer> assertPng(Path file, int width, int height)
      throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    assertThat(bytes.length).as("size of %s", file).isGreaterThan(5_000).isLessThan(5_000_000);
    assertThat(bytes).as("PNG signature of %s", file).startsWith(PNG_SIGNATURE);
    BufferedImage image = ImageIO.read(file.toFile());
    assertThat(image).as("ImageIO reads %s", file).isNotNull();
    assertThat(image.getWidth()).as("width of %s", file).isEqualTo(width);
    assertThat(image.getHeight()).as("height of %s", file).isEqualTo(height);
    Map<Integer, Integer> colours = new HashMap<>();
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++)
        colours.merge(image.getRGB(x, y) & 0xffffff, 1, Integer::sum);
    }
    assertThat(colours.size()).as("colours in %s (1 = blank)", file).isGreaterThan(10);
    return colours;
  }

  /** The bars of a bar chart: each series' value at its own bar, in order. */
  public static double[] bars(CategoryChart chart) {
    return chart.getSeriesMap().values().stream()
        .mapToDouble(
            s -> s.getYData().stream().mapToDouble(Number::doubleValue).max().orElse(0))
        .toArray();
  }
}
