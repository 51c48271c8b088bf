package org.gridrmi.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gridrmi.benchmarks.soak.ChainRun;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.PlotAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

/** The PNGs of bench matmul, soak and codec: built by the method each command writes with, then written. */
class BenchFiguresTest {
  @TempDir
  Path dir;

  private static void assertWritten(Figure f, Path file) throws Exception {
    PlotAssert.assertLabelled(f.panel(0, XYChart.class));
    PlotAssert.assertPng(f.writePng(file), f);
  }

  @Test
  void matmulHasALinePerVariantOverN() throws Exception {
    Map<String, Map<Integer, List<Double>>> millis = new LinkedHashMap<>();
    List<Integer> sizes = List.of(200, 400, 600);
    String[] rows = {"sequential", "spa/serializable/plain", "spa/codec/plain", "spa/codec/improved"
    };
    for (int r = 0; r < rows.length; r++) {
      for (int n : sizes) {
        millis
            .computeIfAbsent(rows[r], k -> new LinkedHashMap<>())
            .put(n, List.of(n * (4.0 - r), n * (4.1 - r)));
      }
    }
    Figure f = MatmulBench.figure(millis, sizes, "Matrix multiply on loopback, k = 4 workers");
    XYChart chart = f.panel(0, XYChart.class);
    assertThat(PlotAssert.names(chart)).containsExactly(rows);
    PlotAssert.assertPoints(chart, 3);
    assertThat(PlotAssert.series(chart, "sequential").getYData())
        .containsExactly(0.81, 1.62, 2.43); // s, median
    assertWritten(f, dir.resolve("matmul.png"));
  }

  @Test
  void soakHasPercentilesPerSecondAndFailures() throws Exception {
    List<ChainRun.Outcome> outcomes = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      long start = i * 10_000_000L; // 100 chains a second for 3 s
      outcomes.add(new ChainRun.Outcome(
          i,
          i % 4,
          start,
          (40 + i % 10) * 1_000_000L,
          i % 50 == 7 ? "FAILED" : "DONE",
          "S1>S2",
          0,
          ""));
    }
    Figure f =
        SoakBench.latencyFigure(outcomes, "Soak on paper-wan: chain latency over time (4 clients)");
    XYChart chart = f.panel(0, XYChart.class);
    assertThat(PlotAssert.names(chart))
        .containsExactly("p50 latency", "p99 latency", "failed chains");
    assertThat(PlotAssert.series(chart, "p50 latency").getXData()).containsExactly(0, 1, 2);
    assertThat(PlotAssert.series(chart, "failed chains").getYData()).containsExactly(2, 2, 2);
    assertWritten(f, dir.resolve("soak.png"));
  }

  @Test
  void codecHasALinePerMechanism() throws Exception {
    List<CodecThroughput.Sample> samples = new ArrayList<>();
    for (int run = 1; run <= 5; run++) {
      for (String m : CodecThroughput.MECHANISMS)
        samples.add(new CodecThroughput.Sample(m, run, 10, 800 + run));
    }
    Figure f = CodecBench.figure(new CodecThroughput.Result(1000, 1000, 8_000_000, 5, samples));
    XYChart chart = f.panel(0, XYChart.class);
    assertThat(PlotAssert.names(chart)).containsExactlyElementsOf(CodecThroughput.MECHANISMS);
    PlotAssert.assertPoints(chart, 5);
    assertThat(chart.getTitle()).contains("1000x1000", "loopback");
    assertWritten(f, dir.resolve("codec.png"));
  }
}
