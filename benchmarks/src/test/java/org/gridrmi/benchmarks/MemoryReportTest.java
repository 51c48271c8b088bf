package org.gridrmi.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.benchmarks.MemorySampler.Sample;
import org.gridrmi.benchmarks.memory.MemoryOpsImpl;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.PlotAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

/** bench memory's summary line, its figures of what the samples show, and the service's checkable content. */
class MemoryReportTest {
  @TempDir
  Path dir;

  /**
   * S1 climbs to 40 values and 200 MiB of heap, its store to 100 MiB and then spills 1 MiB a sample; S2 holds 20
   * values; after the GC at 3 s both fall to what is left.
   */
  private static List<Sample> samples() {
    List<Sample> s = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      double t = i * 0.25;
      String phase = t < 3 ? MemorySampler.CHAINS : MemorySampler.SETTLE;
      long v1 = t < 3 ? 10L * (i + 1) / 3 : 3;
      s.add(new Sample(
          t,
          phase,
          "S1",
          25 * i,
          Math.min(40, v1),
          (50L + 10 * i) << 20,
          Math.min(100, 10L * i) << 20,
          Math.max(0, i - 10L) << 20));
      s.add(new Sample(
          t,
          phase,
          "S2",
          25 * i,
          t < 3 ? Math.min(20, i) : 1,
          (30L + 2 * i) << 20,
          (long) i << 20,
          0));
    }
    return s;
  }

  @Test
  void theSummaryLineHasEveryFigureTheCheckReads() {
    assertThat(MemoryReport.summary(10_000, "1MB", 231.44, 12, 0))
        .isEqualTo(
            "memory: chains=10000 value=1MB heap_peak_mb=231.4 values_left=12 spilled_mb=0.0");
  }

  @Test
  void whatIsLeftIsEachServersLastAnswerAndThePeakIsEitherServers() {
    List<Sample> s = samples();
    assertThat(MemoryReport.lastOfEach(s)).containsOnlyKeys("S1", "S2");
    assertThat(MemoryReport.lastOfEach(s).get("S1").values()).isEqualTo(3);
    assertThat(MemoryReport.lastOfEach(s).get("S1").spilledBytes()).isEqualTo(5L << 20);
    assertThat(MemoryReport.lastOfEach(s).get("S2").values()).isEqualTo(1);
    assertThat(MemoryReport.peakHeapBytes(s)).isEqualTo(200L << 20);
  }

  @Test
  void theFigureShowsHeapStoreAndValuesOfBothServersOverTime() throws Exception {
    Figure f = MemoryReport.figure(
        samples(), "bench memory on loopback: 64 chains of 64KB, servers at -Xmx128m", 3);
    assertThat(f.panels()).hasSize(3);
    XYChart heap = f.panel(0, XYChart.class);
    XYChart store = f.panel(1, XYChart.class);
    XYChart values = f.panel(2, XYChart.class);
    for (XYChart c : List.of(heap, store, values)) {
      PlotAssert.assertLabelled(c);
      PlotAssert.assertPoints(c, 16);
    }
    assertThat(PlotAssert.names(heap)).containsExactly("S1", "S2");
    assertThat(PlotAssert.names(store))
        .containsExactly("S1 in memory", "S2 in memory", "S1 spilled", "S2 spilled");
    assertThat(PlotAssert.names(values)).containsExactly("S1", "S2");
    assertThat(heap.getYAxisTitle()).contains("MiB");
    assertThat(store.getYAxisTitle()).contains("MiB");
    assertThat(PlotAssert.series(heap, "S1").getYData()[15]).isEqualTo(200.0);
    assertThat(PlotAssert.series(store, "S1 in memory").getYData()[15]).isEqualTo(100.0);
    assertThat(PlotAssert.series(store, "S1 spilled").getYData()[15]).isEqualTo(5.0);
    assertThat(PlotAssert.series(values, "S1").getYData()[15]).isEqualTo(3.0);
    PlotAssert.assertPng(f.writePng(dir.resolve("memory.png")), f);
  }

  @Test
  void anOutOfMemoryErrorCountsOnlyInThisRunsPartOfTheLog() throws Exception {
    Path log = dir.resolve("S1.log");
    java.nio.file.Files.writeString(
        log,
        "GridRMI server S1 ready at rmi://127.0.0.1:4000 exporting []\n"
            + "Exception in thread \"x\" java.lang.OutOfMemoryError: Java heap space\n"
            + "GridRMI server S1 ready at rmi://127.0.0.1:4001 exporting []\n");
    assertThat(MemoryReport.mentionsOutOfMemory(log))
        .as("an earlier run's error")
        .isFalse();
    java.nio.file.Files.writeString(
        log,
        "java.lang.OutOfMemoryError: Java heap space\n",
        java.nio.file.StandardOpenOption.APPEND);
    assertThat(MemoryReport.mentionsOutOfMemory(log)).isTrue();
    assertThat(MemoryReport.mentionsOutOfMemory(dir.resolve("none.log"))).isFalse();
  }

  @Test
  void noSamplesNoFigure() {
    assertThat(MemoryReport.figure(List.of(), "t", Double.NaN)).isNull();
  }

  @Test
  void theClientKnowsEverySumWithoutTheValue() {
    MemoryOpsImpl ops = new MemoryOpsImpl();
    for (int bytes : new int[] {0, 1, 255, 70_000}) {
      assertThat(ops.sum(ops.make(bytes)))
          .as("%d bytes", bytes)
          .isEqualTo(MemoryOpsImpl.expectedSum(bytes));
    }
    assertThat(ops.make(70_000)).as("not constant").contains((byte) 0, (byte) 1, (byte) 255);
  }
}
