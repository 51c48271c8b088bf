package org.gridrmi.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.benchmarks.soak.ChainRun;
import org.gridrmi.cli.ledger.Ledgers;
import org.gridrmi.cli.report.PlotAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;

/** The chaos benchmark's figures from phases of known outcomes: counts, overrun, summary line, files. */
class ChaosReportTest {
  static final Duration DEADLINE = Duration.ofSeconds(2);

  @TempDir
  Path dir;

  static ChainRun.Outcome outcome(long token, String outcome, long latencyMillis) {
    return new ChainRun.Outcome(
        token, 0, token * 1_000_000L, latencyMillis * 1_000_000L, outcome, "S1>S2>S3", 5, "");
  }

  static PhaseResult phase(
      ChaosFault fault,
      int done,
      int late,
      int deadlineExceeded,
      int unavailable,
      int lost,
      long duplicated,
      long leaked) {
    List<ChainRun.Outcome> o = new ArrayList<>();
    long t = 0;
    for (int i = 0; i < done; i++) o.add(outcome(t++, ChainRun.DONE, 100));
    for (int i = 0; i < late; i++)
      o.add(outcome(t++, ChainRun.DONE, 2_350)); // 350 ms past the deadline
    for (int i = 0; i < deadlineExceeded; i++)
      o.add(outcome(t++, "DEADLINE_EXCEEDED", 2_000 + 10 * i));
    for (int i = 0; i < unavailable; i++) o.add(outcome(t++, "UNAVAILABLE", 50));
    for (int i = 0; i < lost; i++) o.add(outcome(t++, ChainRun.LOST, 32_000));
    return new PhaseResult(
        fault,
        fault.label() + " fault",
        o,
        DEADLINE,
        new Ledgers.Tally(3L * o.size(), 3L * o.size(), duplicated, 0),
        leaked,
        -1,
        0);
  }

  @Test
  void aPhaseCountsDoneFailedByStatusLostAndTheLongestOverrun() {
    PhaseResult r = phase(ChaosFault.STOP, 60, 2, 30, 5, 0, 0, 0);
    assertThat(r.chains()).isEqualTo(97);
    assertThat(r.done()).isEqualTo(62);
    assertThat(r.doneLate()).isEqualTo(2);
    assertThat(r.failed()).isEqualTo(35);
    assertThat(r.failedByStatus())
        .containsExactly(
            java.util.Map.entry("DEADLINE_EXCEEDED", 30), java.util.Map.entry("UNAVAILABLE", 5));
    assertThat(r.maxOverrunMillis())
        .isEqualTo(350.0); // the late ones; failures ended at most 290 ms late
    assertThat(r.idempotentCalls()).isEqualTo(2 * 97); // stages 0 and 2 of each
  }

  @Test
  void theSummaryLineCountsFaultsNotTheBaselineAndAddsThePhasesUp() {
    List<PhaseResult> all = List.of(
        phase(ChaosFault.BASELINE, 100, 0, 0, 0, 0, 0, 0),
        phase(ChaosFault.STOP, 60, 0, 40, 0, 0, 0, 0),
        phase(ChaosFault.KILL, 90, 0, 0, 9, 1, 2, 3),
        phase(ChaosFault.PARTITION, 30, 0, 70, 0, 0, 0, 0),
        phase(ChaosFault.SLOW, 100, 0, 0, 0, 0, 0, 0));
    assertThat(ChaosReport.summary(all))
        .isEqualTo("chaos: faults=4 chains=500 done=380 failed=119 lost=1 "
            + "duplicated=2 max_overrun_ms=30000 leaked_values=3");
  }

  @Test
  void theFigureHasDoneFailedAndLostPerPhaseAndTheOverrunBeside() throws Exception {
    List<PhaseResult> all = List.of(
        phase(ChaosFault.BASELINE, 100, 0, 0, 0, 0, 0, 0),
        phase(ChaosFault.STOP, 60, 0, 40, 0, 0, 0, 0),
        phase(ChaosFault.KILL, 97, 0, 0, 3, 0, 0, 0));
    var f = ChaosReport.figure(all, "loopback");
    CategoryChart chains = f.panel(0, CategoryChart.class);
    assertThat(PlotAssert.names(chains)).containsExactly("done", "failed", "lost");
    assertThat(PlotAssert.categories(chains)).containsExactly("baseline", "stop", "kill");
    assertThat(chains.getSeriesMap().get("failed").getYData().stream().map(Number::doubleValue))
        .containsExactly(0.0, 40.0, 3.0);
    assertThat(chains.getTitle()).contains("loopback");
    CategoryChart overrun = f.panel(1, CategoryChart.class);
    assertThat(PlotAssert.bars(overrun)).containsExactly(0.0, 390.0, 0.0);
    PlotAssert.assertLabelled(chains);
    PlotAssert.assertPng(f.writePng(dir.resolve("chaos.png")), f);
  }

  @Test
  void writesARowPerPhaseAndPerChain() throws Exception {
    List<PhaseResult> all = List.of(
        phase(ChaosFault.BASELINE, 4, 0, 0, 0, 0, 0, 0),
        phase(ChaosFault.KILL, 3, 0, 0, 1, 0, 0, 0));
    ChaosReport.write(all, "loopback", dir);
    List<String> phases = Files.readAllLines(dir.resolve("chaos.csv"));
    assertThat(phases.get(0)).isEqualTo(String.join(",", ChaosReport.PHASE_HEADER));
    assertThat(phases).hasSize(3);
    assertThat(phases.get(2)).startsWith("kill,kill fault,4,12,8,3,0,1,UNAVAILABLE:1,0,0,0,12,");
    assertThat(Files.readAllLines(dir.resolve("chaos-chains.csv"))).hasSize(1 + 8);
    PlotAssert.assertPng(dir.resolve("chaos.png"), 1500, 500);
  }
}
