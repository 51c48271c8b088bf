package org.gridrmi.cli.report;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.gridrmi.perf.AtomicFiles;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * One PNG of one or more charts side by side (panels, left to right), such as a runtime and its ratio to the ideal,
 * or the time and the bytes of the same run. Commands build their figure with a method of their own and write it;
 * tests call that method and look at the charts (series, points, line styles), since a PNG cannot be read back
 * into a chart. Runs headless.
 */
public final class Figure {
  private final List<Chart<?, ?>> panels;

  private Figure(List<Chart<?, ?>> panels) {
    if (panels.isEmpty()) throw new IllegalArgumentException("a figure needs at least one chart");
    this.panels = List.copyOf(panels);
  }

  /** A figure of these charts, left to right. */
  public static Figure of(Chart<?, ?>... panels) {
    return new Figure(List.of(panels));
  }

  /** The charts, left to right. */
  public List<Chart<?, ?>> panels() {
    return panels;
  }

  /** The panel at {@code index}, as the chart type the caller built there (XYChart, CategoryChart). */
  public <C extends Chart<?, ?>> C panel(int index, Class<C> type) {
    return type.cast(panels.get(index));
  }

  /** Width of the PNG in pixels: the panels' widths added. */
  public int width() {
    return panels.stream().mapToInt(Chart::getWidth).sum();
  }

  /** Height of the PNG in pixels: the tallest panel. */
  public int height() {
    return panels.stream().mapToInt(Chart::getHeight).max().orElseThrow();
  }

  /** Refuses a chart too small to read. */
  static void checkSize(int width, int height) {
    if (width < 200 || height < 150) {
      throw new IllegalArgumentException(
          "a chart needs at least 200 x 150 pixels, got " + width + " x " + height);
    }
  }

  /** White behind the chart and the plot: the PNGs are printed and pasted into documents. */
  static void whiteBackground(org.knowm.xchart.style.Styler styler) {
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setPlotBackgroundColor(Color.WHITE);
  }

  /** Renders the panels into one PNG (parent directories created, written atomically); returns {@code file}. */
  public Path writePng(Path file) throws IOException {
    System.setProperty("java.awt.headless", "true"); // benchmarks run on servers without a display
    BufferedImage image = new BufferedImage(width(), height(), BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, width(), height());
      int x = 0;
      for (Chart<?, ?> c : panels) {
        Graphics2D panel = (Graphics2D) g.create(x, 0, c.getWidth(), c.getHeight());
        try {
          c.paint(panel, c.getWidth(), c.getHeight());
        } finally {
          panel.dispose();
        }
        x += c.getWidth();
      }
    } finally {
      g.dispose();
    }
    ByteArrayOutputStream png = new ByteArrayOutputStream();
    if (!ImageIO.write(image, "png", png)) throw new IOException("no PNG writer in this JDK");
    AtomicFiles.write(file, png.toByteArray());
    return file;
  }
}
