package org.gridrmi.cli.telemetry;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A {@link TraceTimeline} as a chart: time across, one band per JVM (named on the y axis), each stretch a bar in the
 * colour of its phase, lanes of a band stacked inside it. Built with XChart as a line chart of thick two-point
 * segments; {@link org.gridrmi.cli.report.Figure} writes it.
 */
public final class TraceChart {
  /** Colours of the phases (matplotlib's, as the other pictures). */
  static final Map<TraceTimeline.Phase, Color> COLOURS = new EnumMap<>(Map.of(
      TraceTimeline.Phase.CALLING,
      new Color(0x9467bd),
      TraceTimeline.Phase.WAITING,
      new Color(0xff7f0e),
      TraceTimeline.Phase.FETCHING,
      new Color(0x1f77b4),
      TraceTimeline.Phase.QUEUED,
      new Color(0x7f7f7f),
      TraceTimeline.Phase.COMPUTING,
      new Color(0x2ca02c)));
  /** The least height of a JVM's band, and of each lane in it, in pixels. */
  private static final int BAND_PIXELS = 70;

  private static final int LANE_PIXELS = 9;
  /** The share of a band its bars fill (the rest separates bands). */
  private static final double FILL = 0.7;

  private TraceChart() {}

  /** The chart of {@code t}, titled with {@code what} (the chain, the link). */
  public static XYChart of(TraceTimeline t, String what) {
    List<TraceTimeline.Row> rows = t.rows();
    int band = Math.max(
        BAND_PIXELS,
        rows.stream().mapToInt(TraceTimeline.Row::lanes).max().orElse(1) * LANE_PIXELS);
    int height = Math.max(300, 170 + rows.size() * band);
    XYChart chart = new XYChartBuilder()
        .width(1100)
        .height(height)
        .title(String.format(
            Locale.ROOT,
            "%s: trace %s..., %d GridRMI spans in %d JVMs over %.1f ms",
            what,
            t.traceId().substring(0, Math.min(8, t.traceId().length())),
            t.spans(),
            rows.size(),
            t.duration() / 1e6))
        .xAxisTitle("time since the trace's first span (ms)")
        .yAxisTitle("JVM (service instance)")
        .build();
    Styler s = chart.getStyler();
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotBackgroundColor(Color.WHITE);
    s.setLegendPosition(Styler.LegendPosition.OutsideE);
    s.setLegendBorderColor(Color.LIGHT_GRAY);
    s.setLegendPadding(10);
    chart.getStyler().setYAxisMin(-0.5);
    chart.getStyler().setYAxisMax(rows.size() - 0.5);
    chart.getStyler().setYAxisTickMarkSpacingHint(band / 2);
    chart.getStyler().setyAxisTickLabelsFormattingFunction(y -> label(rows, y));
    chart.getStyler().setXAxisMin(0.0);
    chart.getStyler().setXAxisDecimalPattern("#,##0.#");
    Set<TraceTimeline.Phase> inLegend = EnumSet.noneOf(TraceTimeline.Phase.class);
    rows.forEach(r -> r.segments().forEach(seg -> inLegend.add(seg.phase())));
    for (TraceTimeline.Phase p : inLegend) legend(chart, p);
    int n = 0;
    for (int r = 0; r < rows.size(); r++) {
      TraceTimeline.Row row = rows.get(r);
      double centre = rows.size() - 1 - r; // the first row on top
      double lane = FILL / row.lanes();
      float width = (float) Math.max(2, lane * band * 0.85);
      for (TraceTimeline.Segment seg : row.segments()) {
        double y = centre + FILL / 2 - (seg.lane() + 0.5) * lane;
        XYSeries xy = chart.addSeries(
            seg.phase().label + " " + n++,
            new double[] {seg.from() / 1e6, seg.to() / 1e6},
            new double[] {y, y});
        style(xy, seg.phase(), width);
        xy.setShowInLegend(false);
      }
    }
    return chart;
  }

  /**
   * The legend's entry of a phase: a series of no length (it draws nothing), so that the legend shows a swatch of
   * one width whatever the width of the bars.
   */
  private static void legend(XYChart chart, TraceTimeline.Phase phase) {
    style(chart.addSeries(phase.label, new double[] {0, 0}, new double[] {0, 0}), phase, 8f);
  }

  private static void style(XYSeries xy, TraceTimeline.Phase phase, float width) {
    xy.setMarker(SeriesMarkers.NONE);
    xy.setLineColor(COLOURS.get(phase));
    xy.setLineStyle(new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
  }

  /**
   * The name of the band at {@code y}, on the ticks at whole numbers; other ticks get no visible label. XChart drops
   * ticks whose labels repeat, so those are distinct strings of zero-width spaces.
   */
  private static String label(List<TraceTimeline.Row> rows, double y) {
    long r = Math.round(y);
    if (Math.abs(y - r) > 1e-6 || r < 0 || r >= rows.size()) {
      return "\u200B".repeat(1 + (int) Math.max(0, Math.round((y + 1) * 4)));
    }
    return rows.get(rows.size() - 1 - (int) r).name();
  }
}
