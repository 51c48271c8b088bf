package org.gridrmi.perf.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A line chart written as PNG with XChart: several measured series (solid, with markers) and optional model
 * series (dashed, no markers). Runs headless.
 *
 * <pre>{@code
 * new LinePlot("Fig. 7 on paper-wan", "size (KB)", "time (ms)")
 *     .series("plain", xs, plainMs).model("plain (model)", xs, plainModelMs)
 *     .writePng(Path.of("results/fig7.png"));
 * }</pre>
 */
public final class LinePlot {
  private static final Color[] PALETTE = {
    new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
    new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)
  };

  private record Series(String name, double[] x, double[] y, boolean dashed) {}

  private final String title;
  private final String xTitle;
  private final String yTitle;
  private final List<Series> series = new ArrayList<>();
  private int width = 900;
  private int height = 600;

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

  public LinePlot size(int width, int height) {
    this.width = width;
    this.height = height;
    return this;
  }

  private LinePlot add(Series s) {
    if (s.x.length == 0 || s.x.length != s.y.length) {
      throw new IllegalArgumentException("series '" + s.name + "' needs equally long, non-empty x and y");
    }
    if (series.stream().anyMatch(o -> o.name.equals(s.name))) {
      throw new IllegalArgumentException("duplicate series name '" + s.name + "'");
    }
    series.add(s);
    return this;
  }

  /** Renders the chart to a PNG (parent directories created, written atomically). */
  public void writePng(Path file) throws IOException {
    if (series.isEmpty()) throw new IllegalStateException("nothing to plot");
    System.setProperty("java.awt.headless", "true"); // benchmarks run on servers without a display
    XYChart chart = new XYChartBuilder().width(width).height(height).title(title)
        .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setPlotBackgroundColor(Color.WHITE);
    int colour = -1;
    for (Series s : series) {
      if (!s.dashed || colour < 0) colour++;
      XYSeries xy = chart.addSeries(s.name, s.x, s.y);
      xy.setLineColor(PALETTE[colour % PALETTE.length]);
      xy.setMarkerColor(PALETTE[colour % PALETTE.length]);
      if (s.dashed) {
        xy.setMarker(SeriesMarkers.NONE);
        xy.setLineStyle(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {8f, 6f}, 0f));
      } else {
        xy.setMarker(SeriesMarkers.CIRCLE);
      }
    }
    Path tmp = AtomicFiles.temporaryFor(file);
    try {
      try (OutputStream o = Files.newOutputStream(tmp)) {
        BitmapEncoder.saveBitmap(chart, o, BitmapEncoder.BitmapFormat.PNG);
      }
      AtomicFiles.commit(tmp, file);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
