package org.gridrmi.benchmarks.svd;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.gridrmi.benchmarks.svd.SvdExperiment.Summary;
import org.gridrmi.benchmarks.svd.SvdPlacements.Variant;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.LinePlot;
import org.knowm.xchart.style.Styler;

/**
 * The case study's picture, the shape of the paper's Fig. 10: on the left the median runtime of the three
 * placements over n with the model's predictions dashed ({@link SvdModel}); on the right each placement's runtime
 * divided by ideal's, on a log scale with the ratios written at the points, which tells improved and ideal apart
 * where their lines coincide on the left.
 */
public final class SvdFigure {
  /** A note's height above its point on the log ratio axis: a factor, so the same distance at any ratio. */
  private static final double NOTE_ABOVE = 1.22;

  private SvdFigure() {}

  /** The label of a placement in the legends. */
  static String label(Variant v) {
    return switch (v) {
      case PLAIN -> "plain RMI";
      case IMPROVED -> "improved RMI";
      case IDEAL -> "ideal (one server call)";
    };
  }

  /**
   * The figure of an experiment's medians.
   *
   * @param summaries {@link SvdExperiment#summaries()}: per n, plain, improved and ideal
   * @param link the link's name, for the titles
   */
  public static Figure of(List<Summary> summaries, String link) {
    double[] n = summaries.stream()
        .filter(s -> s.variant() == Variant.IDEAL)
        .mapToDouble(Summary::n)
        .toArray();
    if (n.length == 0) throw new IllegalArgumentException("no measurements to plot");
    LinePlot times = new LinePlot(
            "SVD solver on " + link + ": plain vs improved RMI vs ideal",
            "system size n (A is n x n)",
            "runtime (ms, median of runs)")
        .size(820, 580)
        .legend(Styler.LegendPosition.OutsideS)
        .yFromZero();
    LinePlot ratios = new LinePlot(
            "Runtime relative to ideal (log scale)",
            "system size n (A is n x n)",
            "runtime / ideal (x)")
        .size(560, 580)
        .legend(Styler.LegendPosition.OutsideS)
        .logY();
    double[] ideal = column(summaries, Variant.IDEAL, Summary::medianMillis);
    double lowest = 1, highest = 1;
    // improved and ideal share a formula (A and b out, x back): one dashed line then, named for
    // both
    boolean shared = Arrays.equals(
        column(summaries, Variant.IMPROVED, Summary::modelMillis),
        column(summaries, Variant.IDEAL, Summary::modelMillis));
    for (Variant v : Variant.values()) {
      double[] measured = column(summaries, v, Summary::medianMillis);
      double[] model = column(summaries, v, Summary::modelMillis);
      times.series(label(v), n, measured);
      boolean drawModel =
          Arrays.stream(model).allMatch(Double::isFinite) && !(shared && v == Variant.IDEAL);
      if (drawModel) {
        times.model(
            shared && v == Variant.IMPROVED
                ? "improved RMI and ideal (model)"
                : label(v) + " (model)",
            n,
            model);
      }
      double[] ratio = new double[n.length];
      for (int i = 0; i < n.length; i++) {
        ratio[i] = measured[i] / ideal[i];
        lowest = Math.min(lowest, ratio[i]);
        highest = Math.max(highest, ratio[i]);
        // above the point; ideal's is 1 by definition
        if (v != Variant.IDEAL)
          ratios.note(String.format(Locale.ROOT, "%.2fx", ratio[i]), n[i], ratio[i] * NOTE_ABOVE);
      }
      ratios.series(label(v), n, ratio);
    }
    ratios.yRange(
        lowest / 1.2, highest * NOTE_ABOVE * NOTE_ABOVE); // room for the notes of the highest line
    return Figure.of(times.chart(), ratios.chart());
  }

  private static double[] column(
      List<Summary> summaries, Variant v, java.util.function.ToDoubleFunction<Summary> f) {
    return summaries.stream().filter(s -> s.variant() == v).mapToDouble(f).toArray();
  }
}
