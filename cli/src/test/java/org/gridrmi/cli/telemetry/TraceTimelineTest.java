package org.gridrmi.cli.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.PlotAssert;
import org.gridrmi.cli.telemetry.TraceTimeline.Phase;
import org.gridrmi.cli.telemetry.TraceTimeline.Segment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OTLP JSON as three JVMs wrote it (a client's stdout among other output, a server's log, a server's JUL-logged
 * lines) into a timeline of one chain, and its PNG. The fixture: Fig. 2 improved, S2 fetching S1's value.
 */
class TraceTimelineTest {
  static final String CHAIN = "0af7651916cd43dd8448eb211c80319c";

  static List<Path> files(String... names) {
    return java.util.Arrays.stream(names)
        .map(n -> Path.of("src/test/resources/traces", n))
        .toList();
  }

  static TraceTimeline fig2() throws IOException {
    return TraceTimeline.of(
        OtlpTraceFile.read(files("client.jsonl", "S1-output.txt", "S2-output.txt")),
        null,
        "Fig. 2");
  }

  @Test
  void spansAreReadFromEveryKindOfFile() throws IOException {
    List<OtlpTraceFile.Span> spans =
        OtlpTraceFile.read(files("client.jsonl", "S1-output.txt", "S2-output.txt"));
    assertThat(spans).hasSize(9);
    OtlpTraceFile.Span call = spans.stream()
        .filter(s -> s.spanId().equals("5200000000000001"))
        .findFirst()
        .orElseThrow();
    assertThat(call.kind()).isEqualTo(OtlpTraceFile.Span.SERVER);
    assertThat(call.resource()).containsEntry("service.instance.id", "S2");
    assertThat(call.attributes()).containsEntry("gridrmi.call", "Fig2Ops.method2");
    assertThat(call.event("running") - call.startNanos()).isEqualTo(26_000_000);
    assertThat(OtlpTraceFile.read(files("collector.json"))).hasSize(3); // one pretty-printed object
  }

  @Test
  void aChainIsOneRowPerJvmWithItsPhasesInLanes() throws IOException {
    TraceTimeline t = fig2();
    assertThat(t.traceId()).isEqualTo(CHAIN);
    assertThat(t.rows()).extracting(TraceTimeline.Row::name).containsExactly("client", "S1", "S2");
    assertThat(t.duration()).isEqualTo(50_000_000);
    TraceTimeline.Row client = t.rows().get(0);
    assertThat(client.lanes()).isEqualTo(3); // two calls and the get()'s fetch overlap
    // the two calls are in flight together part of the time: counted once (their sum is 30 ms)
    assertThat(client.total(Phase.CALLING)).isEqualTo(20_000_000);
    assertThat(client.total(Phase.FETCHING)).isEqualTo(49_000_000);
    TraceTimeline.Row s2 = t.rows().get(2);
    assertThat(s2.segments())
        .containsExactlyInAnyOrder(
            new Segment(Phase.WAITING, 15_000_000, 40_000_000, "Fig2Ops.method2", 0),
            new Segment(Phase.QUEUED, 40_000_000, 41_000_000, "Fig2Ops.method2", 0),
            new Segment(Phase.COMPUTING, 41_000_000, 45_000_000, "Fig2Ops.method2", 0),
            new Segment(Phase.FETCHING, 15_000_000, 40_000_000, "fetch from rmi://h:1", 1));
    TraceTimeline.Row s1 = t.rows().get(1);
    assertThat(s1.segments())
        .as("the owner's side of a fetch is not a phase of S1")
        .containsExactly(new Segment(Phase.COMPUTING, 5_000_000, 9_000_000, "Fig2Ops.method1", 0));
  }

  @Test
  void aTraceIsChosenByIdByChainOrAsTheLargest() throws IOException {
    List<OtlpTraceFile.Span> spans =
        OtlpTraceFile.read(files("client.jsonl", "S1-output.txt", "S2-output.txt"));
    assertThat(TraceTimeline.of(spans, null, null).traceId()).isEqualTo(CHAIN);
    assertThat(TraceTimeline.of(spans, "11111111111111111111111111111111", null).spans())
        .isEqualTo(1);
    assertThatThrownBy(() -> TraceTimeline.of(spans, "22", null))
        .hasMessageContaining("no GridRMI span of trace 22");
    assertThatThrownBy(() -> TraceTimeline.of(spans, null, "SVD"))
        .hasMessageContaining("Fig. 2 improved");
  }

  @Test
  void filesWithoutTraceDataAreNamed(@TempDir Path dir) throws IOException {
    Path notes = Files.writeString(dir.resolve("notes.txt"), "no JSON here\n");
    assertThatThrownBy(() -> OtlpTraceFile.read(List.of(notes)))
        .hasMessageContaining("notes.txt")
        .hasMessageContaining("no OTLP JSON trace data");
  }

  @Test
  void theChartHasABandPerJvmAndABarPerStretchInThePhasesColours(@TempDir Path dir)
      throws IOException {
    TraceTimeline t = fig2();
    Figure figure = Figure.of(TraceChart.of(t, "Fig. 2 improved"));
    var chart = figure.panel(0, org.knowm.xchart.XYChart.class);
    PlotAssert.assertLabelled(chart);
    assertThat(chart.getTitle())
        .contains("Fig. 2 improved", "0af76519", "7 GridRMI spans in 3 JVMs", "50.0 ms");
    long bars =
        chart.getSeriesMap().values().stream().filter(s -> !s.isShowInLegend()).count();
    assertThat(bars)
        .isEqualTo(t.rows().stream().mapToInt(r -> r.segments().size()).sum());
    assertThat(chart.getSeriesMap().values().stream()
            .filter(s -> s.isShowInLegend())
            .map(s -> s.getName()))
        .containsExactlyInAnyOrder(
            "calling (client)",
            "waiting for arguments",
            "fetching a value",
            "queued for a thread",
            "computing");
    Path png = figure.writePng(dir.resolve("trace.png"));
    PlotAssert.assertPng(png, figure);
  }

  @Test
  void aPhasesTotalIsTheTimeAnyItemWasInItNotTheSumOfOverlappingItems() {
    TraceTimeline.Row client = new TraceTimeline.Row(
        "client",
        java.util.List.of(
            new TraceTimeline.Segment(TraceTimeline.Phase.CALLING, 0, 100, "a", 0),
            new TraceTimeline.Segment(TraceTimeline.Phase.CALLING, 50, 150, "b", 1),
            new TraceTimeline.Segment(TraceTimeline.Phase.CALLING, 60, 70, "c", 2),
            new TraceTimeline.Segment(TraceTimeline.Phase.CALLING, 200, 210, "d", 0),
            new TraceTimeline.Segment(TraceTimeline.Phase.FETCHING, 0, 500, "e", 3)),
        4);

    // calls a, b and c overlap: 0 to 150, then d: 160 ns of the trace's 500 were spent calling
    org.assertj.core.api.Assertions.assertThat(client.total(TraceTimeline.Phase.CALLING))
        .isEqualTo(160);
    org.assertj.core.api.Assertions.assertThat(client.total(TraceTimeline.Phase.FETCHING))
        .isEqualTo(500);
  }
}
