package org.gridrmi.benchmarks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.gridrmi.benchmarks.soak.ChainRun;
import org.gridrmi.cli.report.BarPlot;
import org.gridrmi.cli.report.CsvWriter;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.GroupedBarPlot;

/** The chaos benchmark's table, files and summary line, from the phases' results. */
public final class ChaosReport {
  public static final String[] PHASE_HEADER = {
    "phase",
    "fault",
    "chains",
    "calls",
    "idempotent_calls",
    "done",
    "done_late",
    "failed",
    "failed_by_status",
    "lost",
    "duplicated",
    "idempotent_reruns",
    "calls_run",
    "max_overrun_ms",
    "leaked_values",
    "left_on_struck_server",
    "closes_hung",
    "p50_ms",
    "p99_ms"
  };
  static final String[] CHAIN_HEADER = {
    "phase",
    "token",
    "client",
    "start_ms",
    "latency_ms",
    "outcome",
    "route",
    "idempotent_stages",
    "detail"
  };

  private ChaosReport() {}

  /** One line for a phase as it ends. */
  static String line(PhaseResult r) {
    return String.format(
        Locale.ROOT,
        "%s: %d chains, %d done (%d late), %d failed %s, %d lost, %d duplicated; max "
            + "overrun %.0f ms; values left on servers not struck: %d%s",
        r.fault().label(),
        r.chains(),
        r.done(),
        r.doneLate(),
        r.failed(),
        r.failedByStatus(),
        r.lost(),
        r.tally().duplicated(),
        r.maxOverrunMillis(),
        r.leaked(),
        r.leftOnVictim() > 0 ? " (on the struck server: " + r.leftOnVictim() + ")" : "");
  }

  /** The table of every phase and the whole run. */
  static void print(List<PhaseResult> results) {
    System.out.println();
    System.out.printf(
        "%-10s %-44s %6s %6s %5s %6s %5s %5s %6s %9s %6s %8s %8s%n",
        "phase", "fault", "chains", "done", "late", "failed", "lost", "dup", "reruns", "overrun",
        "leaked", "p50", "p99");
    for (PhaseResult r : results) {
      System.out.printf(
          Locale.ROOT,
          "%-10s %-44s %6d %6d %5d %6d %5d %5d %6d %6.0f ms %6d %5.1f ms %5.1f ms%n",
          r.fault().label(),
          r.describe(),
          r.chains(),
          r.done(),
          r.doneLate(),
          r.failed(),
          r.lost(),
          r.tally().duplicated(),
          r.tally().idempotentReruns(),
          r.maxOverrunMillis(),
          r.leaked(),
          r.latencyMillis(50),
          r.latencyMillis(99));
    }
    System.out.printf(
        Locale.ROOT,
        "%-10s %-44s %6d %6d %5d %6d %5d %5d %6d %6.0f ms %6d%n",
        "all",
        "",
        sum(results, PhaseResult::chains),
        sum(results, PhaseResult::done),
        sum(results, PhaseResult::doneLate),
        sum(results, PhaseResult::failed),
        sum(results, PhaseResult::lost),
        sum(results, r -> r.tally().duplicated()),
        sum(results, r -> r.tally().idempotentReruns()),
        maxOverrun(results),
        sum(results, PhaseResult::leaked));
    for (PhaseResult r : results) {
      if (r.failed() > 0)
        System.out.printf("failed in %s: %s%n", r.fault().label(), r.failedByStatus());
    }
    System.out.printf(
        "lost: chains whose get() had not returned %s after the deadline (expected 0); duplicated: "
            + "calls not @Idempotent that ran twice, from every server's ledger, killed ones' included (expected 0); "
            + "reruns: @Idempotent calls run again by recovery (allowed); overrun: longest get() past its deadline, over "
            + "chains that failed or finished late; leaked: values left on servers not struck after every client "
            + "closed (expected 0)%n",
        results.isEmpty() ? "" : "by a watchdog");
  }

  /** {@code chaos: faults=N chains=N done=N failed=N lost=N duplicated=N max_overrun_ms=X leaked_values=N}. */
  static String summary(List<PhaseResult> results) {
    return String.format(
        Locale.ROOT,
        "chaos: faults=%d chains=%d done=%d failed=%d lost=%d duplicated=%d "
            + "max_overrun_ms=%.0f leaked_values=%d",
        results.stream().filter(r -> r.fault().isFault()).count(),
        sum(results, PhaseResult::chains),
        sum(results, PhaseResult::done),
        sum(results, PhaseResult::failed),
        sum(results, PhaseResult::lost),
        sum(results, r -> r.tally().duplicated()),
        maxOverrun(results),
        sum(results, PhaseResult::leaked));
  }

  /** chaos.csv (a row per phase), chaos-chains.csv (a row per chain) and chaos.png. */
  static void write(List<PhaseResult> results, String link, Path out) throws Exception {
    Path phases = out.resolve("chaos.csv");
    try (CsvWriter w = CsvWriter.create(phases, PHASE_HEADER)) {
      for (PhaseResult r : results) {
        Map<String, Integer> failed = r.failedByStatus();
        StringBuilder by = new StringBuilder();
        failed.forEach((k, v) ->
            by.append(by.length() == 0 ? "" : ";").append(k).append(':').append(v));
        w.row(
            r.fault().label(),
            r.describe(),
            r.chains(),
            3 * r.chains(),
            r.idempotentCalls(),
            r.done(),
            r.doneLate(),
            r.failed(),
            by.toString(),
            r.lost(),
            r.tally().duplicated(),
            r.tally().idempotentReruns(),
            r.tally().executions(),
            r.maxOverrunMillis(),
            r.leaked(),
            r.leftOnVictim() < 0 ? null : r.leftOnVictim(),
            r.closesHung(),
            r.latencyMillis(50),
            r.latencyMillis(99));
      }
    }
    Path chains = out.resolve("chaos-chains.csv");
    try (CsvWriter w = CsvWriter.create(chains, CHAIN_HEADER)) {
      for (PhaseResult r : results) {
        for (ChainRun.Outcome o : r.outcomes()) {
          w.row(
              r.fault().label(),
              o.token(),
              o.client(),
              o.startNanos() / 1e6,
              o.latencyNanos() / 1e6,
              o.outcome(),
              o.route(),
              o.idempotent(),
              o.detail());
        }
      }
    }
    Path png = figure(results, link).writePng(out.resolve("chaos.png"));
    System.out.printf("wrote %s, %s and %s%n", phases, chains, png);
  }

  /**
   * The picture: per phase, the chains done, failed and lost side by side, and beside them the longest time a
   * {@code get()} returned past its deadline, each bar with its number.
   */
  static Figure figure(List<PhaseResult> results, String link) {
    List<String> names = new ArrayList<>();
    for (PhaseResult r :
        results) { // a fault given twice gets its phase number, so that names stay unique
      String n = r.fault().label();
      names.add(
          results.stream().filter(x -> x.fault() == r.fault()).count() > 1
              ? n + " (" + (names.size() + 1) + ")"
              : n);
    }
    String deadline =
        results.isEmpty() ? "" : " (deadline " + results.get(0).deadline().toMillis() + " ms)";
    GroupedBarPlot chains = new GroupedBarPlot(
            "Chaos on " + link + ": how the chains of each phase ended",
            "phase (fault)",
            "chains (count)")
        .categories(names)
        .valuePattern("#,##0")
        .size(800, 500)
        .series("done", values(results, PhaseResult::done))
        .series("failed", values(results, PhaseResult::failed))
        .series("lost", values(results, PhaseResult::lost));
    BarPlot overrun = new BarPlot(
            "Longest get() past its deadline" + deadline, "phase (fault)", "overrun (ms)")
        .bars(names, values(results, PhaseResult::maxOverrunMillis), "ms")
        .valuePattern("#,##0")
        .size(700, 500);
    return Figure.of(chains.chart(), overrun.chart());
  }

  private static double[] values(List<PhaseResult> results, ToDoubleFunction<PhaseResult> f) {
    return results.stream().mapToDouble(f).toArray();
  }

  private static long sum(List<PhaseResult> results, ToDoubleFunction<PhaseResult> f) {
    return Math.round(results.stream().mapToDouble(f).sum());
  }

  private static double maxOverrun(List<PhaseResult> results) {
    return results.stream().mapToDouble(PhaseResult::maxOverrunMillis).max().orElse(0);
  }
}
