package org.gridrmi.cli.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;

/**
 * A bar chart with XChart: one bar per name (plain RMI, improved RMI, ...), each in the colour the
 * {@link LinePlot}s give the same position, and labelled on the axis with its name and value ("improved RMI:
 * 0.16 KB"), so that a bar too short to see still tells its number. Each bar is its own series, named by the
 * bar's name (overlapped, zero at the other bars), which is what gives each its colour.
 *
 * <pre>{@code
 * new BarPlot("Fig. 2 on paper-wan: time", "variant", "time (ms)")
 *     .bars(List.of("plain RMI", "improved RMI"), new double[] {862, 605}, "ms")
 *     .chart();
 * }</pre>
 */
public final class BarPlot {
  private final String title;
  private final String xTitle;
  private final String yTitle;
  private final List<String> names = new ArrayList<>();
  private double[] values = new double[0];
  private String unit = "";
  private String valuePattern = "#,##0.##";
  private int width = 600;
  private int height = 500;

  /**
   * @param title names what is compared and where, e.g. "Fig. 2 on paper-wan: time of y = S2.method2(S1.method1())"
   * @param xTitle what the bars are, e.g. "variant"
   * @param yTitle the value with its unit, e.g. "time (ms)"
   */
  public BarPlot(String title, String xTitle, String yTitle) {
    this.title = title;
    this.xTitle = xTitle;
    this.yTitle = yTitle;
  }

  /**
   * The bars: one value per name, in order; names unique, values finite and not negative. Each bar's axis label is
   * "NAME: VALUE UNIT".
   */
  public BarPlot bars(List<String> barNames, double[] heights, String valueUnit) {
    if (barNames.isEmpty() || barNames.size() != heights.length) {
      throw new IllegalArgumentException("bars need as many values as names, at least one: "
          + barNames + " " + Arrays.toString(heights));
    }
    if (barNames.stream().distinct().count() != barNames.size()) {
      throw new IllegalArgumentException("duplicate bar name in " + barNames);
    }
    for (double v : heights) {
      if (!(v >= 0) || Double.isInfinite(v)) {
        throw new IllegalArgumentException(
            "bar values must be finite and >= 0: " + Arrays.toString(heights));
      }
    }
    names.clear();
    names.addAll(barNames);
    values = heights.clone();
    unit = valueUnit;
    return this;
  }

  /** The {@link java.text.DecimalFormat} pattern of the values in the bars' labels (default "#,##0.##"). */
  public BarPlot valuePattern(String pattern) {
    new java.text.DecimalFormat(pattern); // refuses a malformed pattern here, not at rendering
    this.valuePattern = pattern;
    return this;
  }

  /** The size of the chart in pixels (default 600 x 500). */
  public BarPlot size(int width, int height) {
    Figure.checkSize(width, height);
    this.width = width;
    this.height = height;
    return this;
  }

  /** Builds the chart: what {@link #writePng} renders, for tests and for {@link Figure}s of several panels. */
  public CategoryChart chart() {
    if (names.isEmpty()) throw new IllegalStateException("nothing to plot in '" + title + "'");
    CategoryChart chart = new CategoryChartBuilder()
        .width(width)
        .height(height)
        .title(title)
        .xAxisTitle(xTitle)
        .yAxisTitle(yTitle)
        .build();
    Figure.whiteBackground(chart.getStyler());
    chart.getStyler().setLegendVisible(false); // the axis labels name each bar, with its value
    chart.getStyler().setYAxisMin(0.0);
    chart.getStyler().setAvailableSpaceFill(0.6);
    chart.getStyler().setOverlapped(true);
    java.text.DecimalFormat format = new java.text.DecimalFormat(
        valuePattern, java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT));
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < names.size(); i++)
      labels.add(names.get(i) + ": " + format.format(values[i]) + " " + unit);
    for (int i = 0; i < names.size(); i++) {
      double[] own = new double[values.length];
      own[i] = values[i];
      CategorySeries s =
          chart.addSeries(names.get(i), labels, Arrays.stream(own).boxed().toList());
      s.setFillColor(LinePlot.PALETTE[i % LinePlot.PALETTE.length]);
    }
    return chart;
  }

  /** Renders the chart to a PNG (parent directories created, written atomically). */
  public void writePng(Path file) throws IOException {
    Figure.of(chart()).writePng(file);
  }
}
