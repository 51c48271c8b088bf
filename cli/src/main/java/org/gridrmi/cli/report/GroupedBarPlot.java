package org.gridrmi.cli.report;

import java.awt.Color;
import java.awt.Font;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.Styler;

/**
 * A bar chart of several series over the same categories, side by side within each category (chains done, failed
 * and lost per phase of a run, say): each series in the colour {@link LinePlot} gives its position, named in a
 * legend below the plot, and each bar with its value written on it, so that a bar too short to see still tells its
 * number. {@link BarPlot} is the one-series form, labelled on the axis.
 *
 * <pre>{@code
 * new GroupedBarPlot("Chaos on loopback: chains per phase", "phase (fault)", "chains")
 *     .categories(List.of("baseline", "stop", "kill"))
 *     .series("done", new double[] {100, 68, 98}).series("failed", new double[] {0, 32, 2})
 *     .chart();
 * }</pre>
 */
public final class GroupedBarPlot {
  private final String title;
  private final String xTitle;
  private final String yTitle;
  private List<String> categories = List.of();
  private final Map<String, double[]> series = new LinkedHashMap<>();
  private String valuePattern = "#,##0.##";
  private int width = 700;
  private int height = 500;

  /**
   * @param title names what is compared and where, e.g. "Chaos on loopback: chains per phase"
   * @param xTitle what the categories are, e.g. "phase (fault)"
   * @param yTitle the value with its unit, e.g. "chains"
   */
  public GroupedBarPlot(String title, String xTitle, String yTitle) {
    this.title = title;
    this.xTitle = xTitle;
    this.yTitle = yTitle;
  }

  /** The categories along the x axis, in order; unique, at least one. Set them before the series. */
  public GroupedBarPlot categories(List<String> names) {
    if (names.isEmpty() || names.stream().distinct().count() != names.size()) {
      throw new IllegalArgumentException("categories must be unique, at least one: " + names);
    }
    if (!series.isEmpty()) throw new IllegalStateException("set the categories before the series");
    categories = List.copyOf(names);
    return this;
  }

  /** One series: a value per category, finite and not negative; names unique. */
  public GroupedBarPlot series(String name, double[] values) {
    if (values.length != categories.size()) {
      throw new IllegalArgumentException("series '" + name + "' needs a value per category "
          + categories + ": " + Arrays.toString(values));
    }
    for (double v : values) {
      if (!(v >= 0) || Double.isInfinite(v)) {
        throw new IllegalArgumentException(
            "bar values must be finite and >= 0: " + Arrays.toString(values));
      }
    }
    if (series.containsKey(name))
      throw new IllegalArgumentException("duplicate series name '" + name + "'");
    series.put(name, values.clone());
    return this;
  }

  /** The {@link java.text.DecimalFormat} pattern of the values on the bars (default "#,##0.##"). */
  public GroupedBarPlot valuePattern(String pattern) {
    new java.text.DecimalFormat(pattern); // refuses a malformed pattern here, not at rendering
    this.valuePattern = pattern;
    return this;
  }

  /** The size of the chart in pixels (default 700 x 500). */
  public GroupedBarPlot size(int width, int height) {
    Figure.checkSize(width, height);
    this.width = width;
    this.height = height;
    return this;
  }

  /** Builds the chart: what {@link #writePng} renders, for tests and for {@link Figure}s of several panels. */
  public CategoryChart chart() {
    if (series.isEmpty()) throw new IllegalStateException("nothing to plot in '" + title + "'");
    CategoryChart chart = new CategoryChartBuilder()
        .width(width)
        .height(height)
        .title(title)
        .xAxisTitle(xTitle)
        .yAxisTitle(yTitle)
        .build();
    Figure.whiteBackground(chart.getStyler());
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
    chart.getStyler().setLegendBorderColor(Color.LIGHT_GRAY);
    chart.getStyler().setYAxisMin(0.0);
    chart.getStyler().setAvailableSpaceFill(0.8);
    chart.getStyler().setLabelsVisible(true);
    chart.getStyler().setLabelsFont(new Font(Font.SANS_SERIF, Font.BOLD, 11));
    chart.getStyler().setLabelsFontColorAutomaticEnabled(false);
    chart.getStyler().setLabelsFontColor(Color.DARK_GRAY);
    chart
        .getStyler()
        .setLabelsPosition(1.0); // at the top of the bar, above it when it is too short
    chart.getStyler().setYAxisDecimalPattern(valuePattern);
    if (series.values().stream().allMatch(v -> Arrays.stream(v).allMatch(x -> x == 0))) {
      chart.getStyler().setYAxisMax(1.0); // all zero: an axis from 0 to 1, not a single tick
    }
    int i = 0;
    for (Map.Entry<String, double[]> s : series.entrySet()) {
      List<Double> values = new ArrayList<>();
      for (double v : s.getValue()) values.add(v);
      CategorySeries bars = chart.addSeries(s.getKey(), categories, values);
      bars.setFillColor(LinePlot.PALETTE[i++ % LinePlot.PALETTE.length]);
    }
    return chart;
  }

  /** Renders the chart to a PNG (parent directories created, written atomically). */
  public void writePng(Path file) throws java.io.IOException {
    Figure.of(chart()).writePng(file);
  }
}
