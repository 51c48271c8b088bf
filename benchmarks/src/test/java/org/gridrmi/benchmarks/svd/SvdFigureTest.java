package org.gridrmi.benchmarks.svd;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.benchmarks.svd.SvdExperiment.Summary;
import org.gridrmi.benchmarks.svd.SvdPlacements.Variant;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.PlotAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

/** The PNG of {@code gridrmi demo} and {@code gridrmi bench svd}: the paper's Fig. 10 shape, model dashed. */
class SvdFigureTest {
  @TempDir
  Path dir;

  /** Medians of a paper-wan run: plain about 10x ideal, improved within 2% of it; the model as SvdModel makes it. */
  static List<Summary> paperWanLike(int... sizes) {
    SvdModel model = SvdModel.forLink("paper-wan", null);
    List<Summary> out = new ArrayList<>();
    for (int n : sizes) {
      double compute = 40.0 * n * n * n / 8e6; // 40 ms at n = 200
      double ideal = model.predict(Variant.IDEAL, n, compute / 1e3) * 1e3 - 5;
      double[] measured = {
        model.predict(Variant.PLAIN, n, compute / 1e3) * 1e3 + 10, ideal * 1.01, ideal
      };
      for (Variant v : Variant.values()) {
        out.add(new Summary(
            n,
            v,
            measured[v.ordinal()],
            measured[v.ordinal()] / ideal,
            1000,
            model.predict(v, n, compute / 1e3) * 1e3,
            compute,
            1e-15));
      }
    }
    return out;
  }

  @Test
  void runtimeOverNWithTheModelDashedAndTheRatioToIdeal() throws Exception {
    Figure f = SvdFigure.of(paperWanLike(50, 100, 150, 200), "paper-wan");
    assertThat(f.panels()).hasSize(2);
    XYChart times = f.panel(0, XYChart.class);
    assertThat(times.getTitle()).contains("paper-wan", "plain", "improved", "ideal");
    PlotAssert.assertLabelled(times);
    assertThat(PlotAssert.names(times))
        .containsExactly(
            "plain RMI",
            "plain RMI (model)",
            "improved RMI",
            "improved RMI and ideal (model)",
            "ideal (one server call)");
    assertThat(PlotAssert.dashedNames(times))
        .containsExactly("plain RMI (model)", "improved RMI and ideal (model)");
    PlotAssert.assertPoints(times, 4);
    // improved sits on ideal: told apart by colour and marker
    assertThat(PlotAssert.series(times, "improved RMI").getMarker())
        .isNotEqualTo(PlotAssert.series(times, "ideal (one server call)").getMarker());

    XYChart ratios = f.panel(1, XYChart.class);
    PlotAssert.assertLabelled(ratios);
    assertThat(ratios.getStyler().isYAxisLogarithmic()).isTrue();
    assertThat(PlotAssert.names(ratios))
        .containsExactly("plain RMI", "improved RMI", "ideal (one server call)");
    PlotAssert.assertPoints(ratios, 4);
    assertThat(PlotAssert.series(ratios, "improved RMI").getYData())
        .containsExactly(
            new double[] {1.01, 1.01, 1.01, 1.01}, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(PlotAssert.series(ratios, "ideal (one server call)").getYData()).containsOnly(1.0);

    Path png = f.writePng(dir.resolve("svd.png"));
    PlotAssert.assertPng(png, f);
  }

  @Test
  void modelsThatDifferAreDrawnApartAndMissingOnesLeftOut() {
    List<Summary> s = new ArrayList<>();
    for (Summary x : paperWanLike(100, 200)) {
      double model = switch (x.variant()) {
        case PLAIN -> x.modelMillis();
        case IMPROVED -> x.modelMillis() + 30;
        case IDEAL -> Double.NaN;
      };
      s.add(new Summary(
          x.n(),
          x.variant(),
          x.medianMillis(),
          x.overVsIdeal(),
          x.clientRxBytes(),
          model,
          x.computeMillis(),
          x.maxResidual()));
    }
    XYChart times = SvdFigure.of(s, "lan").panel(0, XYChart.class);
    assertThat(PlotAssert.dashedNames(times))
        .containsExactly("plain RMI (model)", "improved RMI (model)");
  }
}
