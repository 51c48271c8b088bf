package org.gridrmi.cli.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A line chart with XChart: measured series (solid, with markers) and model series (dashed, no markers, except a cross
 * for a model of one point, which a line cannot show; in the
 * colour of the measured series added just before). Measured series differ in colour, marker shape and size, the
 * first largest and each later one smaller and drawn on top, so that points which coincide stay visible as nested
 * shapes. The legend sits outside the plot, beside it unless placed otherwise, so it never covers data.
 *
 * <pre>{@code
 * new LinePlot("Fig. 7 on paper-wan", "size (KB)", "time (ms)")
 *     .series("plain", xs, plainMs).model("plain (model)", xs, plainModelMs)
 *     .writePng(Path.of("results/fig7.png"));
 * }</pre>
 */
public final class LinePlot {
  /** Colours of the measured series, in order (matplotlib's, which readers know). */
  public static final Color[] PALETTE = {
    new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
    new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)
  };

  private static final Marker[] SHAPES = {
    SeriesMarkers.CIRCLE,
    SeriesMarkers.DIAMOND,
    SeriesMarkers.TRIANGLE_UP,
    SeriesMarkers.SQUARE,
    SeriesMarkers.TRIANGLE_DOWN,
    SeriesMarkers.CROSS,
    SeriesMarkers.PLUS,
    SeriesMarkers.OVAL
  };
  /** Marker size of the first measured series, in pixels; each later one is smaller, down to {@link #MIN_MARKER}. */
  private static final int FIRST_MARKER = 14;

  private static final int MIN_MARKER = 7;
  private static final float[] DASH = {8f, 6f};

  private record Series(String name, double[] x, double[] y, boolean dashed) {}

  private record Note(String text, double x, double y) {}

  private final String title;
  private final String xTitle;
  private final String yTitle;
  private final List<Series> series = new ArrayList<>();
  private final List<Note> notes = new ArrayList<>();
  private int width = 900;
  private int height = 600;
  private Styler.LegendPosition legend = Styler.LegendPosition.OutsideE;
  private boolean logY;
  private boolean yFromZero;
  private double yMin = Double.NaN;
  private double yMax = Double.NaN;

  /**
   * @param title names what is compared and where (the link), e.g. "SVD solver on paper-wan: plain vs improved"
   * @param xTitle the x axis with its unit, e.g. "data size (KB)"
   * @param yTitle the y axis with its unit, e.g. "runtime (ms)"
   */
  public LinePlot(String title, String xTitle, String yTitle) {
    this.title = title;
    this.xTitle = xTitle;
    this.yTitle = yTitle;
  }

  /** Adds a measured series; x and y must have the same, non-zero length. Names must be unique. */
  public LinePlot series(String name, double[] x, double[] y) {
    return add(new Series(name, x.clone(), y.clone(), false));
  }

  /** Adds a model series, drawn dashed in the colour of the series added just before it, if any. */
  public LinePlot model(String name, double[] x, double[] y) {
    return add(new Series(name, x.clone(), y.clone(), true));
  }

  /** The size of the chart in pixels (default 900 x 600). */
  public LinePlot size(int width, int height) {
    Figure.checkSize(width, height);
    this.width = width;
    this.height = height;
    return this;
  }

  /** Where the legend goes (default outside, to the right of the plot). */
  public LinePlot legend(Styler.LegendPosition position) {
    this.legend = java.util.Objects.requireNonNull(position);
    return this;
  }

  /** Writes {@code text} on the plot, centred at data coordinates (x, y), e.g. a ratio beside its point. */
  public LinePlot note(String text, double x, double y) {
    notes.add(new Note(text, x, y));
    return this;
  }

  /** A logarithmic y axis, for ratios that span orders of magnitude (every y must be positive). */
  public LinePlot logY() {
    this.logY = true;
    return this;
  }

  /** Fixes the y axis to [min, max], e.g. to leave room for {@link #note}s above the highest point. */
  public LinePlot yRange(double min, double max) {
    if (!(min < max))
      throw new IllegalArgumentException("y range needs min < max: " + min + ", " + max);
    this.yMin = min;
    this.yMax = max;
    return this;
  }

  /** Starts the y axis at 0, so that heights compare as ratios. */
  public LinePlot yFromZero() {
    this.yFromZero = true;
    return this;
  }

  private LinePlot add(Series s) {
    if (s.x.length == 0 || s.x.length != s.y.length) {
      throw new IllegalArgumentException(
          "series '" + s.name + "' needs equally long, non-empty x and y");
    }
    if (series.stream().anyMatch(o -> o.name.equals(s.name))) {
      throw new IllegalArgumentException("duplicate series name '" + s.name + "'");
    }
    series.add(s);
    return this;
  }

  /** Builds the chart: what {@link #writePng} renders, for tests and for {@link Figure}s of several panels. */
  public XYChart chart() {
    if (series.isEmpty()) throw new IllegalStateException("nothing to plot in '" + title + "'");
    XYChart chart = new XYChartBuilder()
        .width(width)
        .height(height)
        .title(title)
        .xAxisTitle(xTitle)
        .yAxisTitle(yTitle)
        .build();
    Figure.whiteBackground(chart.getStyler());
    chart.getStyler().setLegendPosition(legend);
    if (legend == Styler.LegendPosition.OutsideS)
      chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
    chart.getStyler().setLegendBorderColor(Color.LIGHT_GRAY);
    chart.getStyler().setYAxisLogarithmic(logY);
    // ticks at computed values such as 30.000000000000007 print as 30
    chart.getStyler().setXAxisDecimalPattern("#,##0.###");
    chart.getStyler().setYAxisDecimalPattern("#,##0.###");
    chart
        .getStyler()
        .setYAxisLogarithmicDecadeOnly(false); // a ratio axis from 1 to 12 needs ticks between
    if (yFromZero && !logY) chart.getStyler().setYAxisMin(0.0);
    if (!Double.isNaN(yMin)) {
      chart.getStyler().setYAxisMin(yMin);
      chart.getStyler().setYAxisMax(yMax);
    }
    chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
    chart.getStyler().setAnnotationTextFontColor(Color.DARK_GRAY);
    int measured = -1;
    for (Series s : series) {
      if (!s.dashed || measured < 0) measured++;
      Color colour = PALETTE[measured % PALETTE.length];
      XYSeries xy = chart.addSeries(s.name, s.x, s.y);
      xy.setLineColor(colour);
      xy.setMarkerColor(colour);
      if (s.dashed) {
        // a dashed line through one point is nothing to see: a model of one point is a cross
        // instead
        xy.setMarker(s.x.length == 1 ? SeriesMarkers.CROSS : SeriesMarkers.NONE);
        xy.setLineStyle(
            new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, DASH, 0f));
      } else {
        xy.setLineStyle(new BasicStroke(2f));
        xy.setMarker(new Sized(
            SHAPES[measured % SHAPES.length], Math.max(MIN_MARKER, FIRST_MARKER - 3 * measured)));
      }
    }
    for (Note n : notes) chart.addAnnotation(new AnnotationText(n.text, n.x, n.y, false));
    return chart;
  }

  /** Renders the chart to a PNG (parent directories created, written atomically). */
  public void writePng(Path file) throws IOException {
    Figure.of(chart()).writePng(file);
  }

  /** A marker of its own size: XChart sizes all markers of a chart alike. */
  private static final class Sized extends Marker {
    private final Marker shape;
    private final int size;

    Sized(Marker shape, int size) {
      this.shape = shape;
      this.size = size;
    }

    @Override
    public void paint(Graphics2D g, double x, double y, int ignoredSize) {
      shape.paint(g, x, y, size);
    }
  }
}
