package org.gridrmi.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.benchmarks.ChaosBench;
import org.gridrmi.benchmarks.ChaosReport;
import org.gridrmi.cli.report.PlotAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench chaos end to end, small: three server JVMs, a server stopped for 2 s and a partition between two servers,
 * 20 chains. (kill -9 and the slow link are left to {@code ../shared/checks/runtime-chaos}, which runs every fault;
 * what a kill left on healthy servers is held by ChaosFindingsTest, in process.)
 */
class ChaosBenchIT {
  static final Pattern SUMMARY =
      Pattern.compile("chaos: faults=(\\d+) chains=(\\d+) done=(\\d+) failed=(\\d+) "
          + "lost=(\\d+) duplicated=(\\d+) max_overrun_ms=(\\d+) leaked_values=(\\d+)");

  @TempDir
  Path dir;

  @Test
  void faultsStrikeInTurnAndNothingIsLostRunTwiceOrLeft() throws Exception {
    Path out = dir.resolve("results");
    String stdout = BenchCommands.run(
        new ChaosBench(),
        "--chains",
        "20",
        "--faults",
        "stop,partition",
        "--stop-for",
        "2s",
        "--out",
        out.toString());
    System.out.print(stdout);
    List<String> lines = stdout.strip().lines().toList();
    Matcher m = SUMMARY.matcher(lines.get(lines.size() - 1));
    assertThat(m.matches()).as("last line of:%n%s", stdout).isTrue();
    assertThat(m.group(1)).isEqualTo("2");
    assertThat(m.group(2)).isEqualTo("20");
    assertThat(Integer.parseInt(m.group(3))).as("done").isPositive();
    assertThat(Integer.parseInt(m.group(3)) + Integer.parseInt(m.group(4))).isEqualTo(20);
    assertThat(m.group(5)).as("lost").isEqualTo("0");
    assertThat(m.group(6)).as("duplicated").isEqualTo("0");
    assertThat(m.group(8)).as("leaked values").isEqualTo("0");
    assertThat(stdout)
        .contains(
            "S1 stopped (SIGSTOP", "S1 resumed (SIGCONT)", "S3 cut off from another server (S1)");

    List<String> phases = Files.readAllLines(out.resolve("chaos.csv"));
    assertThat(phases.get(0)).isEqualTo(String.join(",", ChaosReport.PHASE_HEADER));
    assertThat(phases).hasSize(3);
    assertThat(phases.get(1)).startsWith("stop,");
    assertThat(phases.get(2)).startsWith("partition,");
    // every call of the phases is in the servers' ledgers, none twice (those of the stopped server
    // included)
    for (String row : phases.subList(1, 3)) {
      String[] f = row.split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)");
      assertThat(Long.parseLong(f[12]))
          .as("calls run in %s", f[0])
          .isPositive()
          .isLessThanOrEqualTo(30);
    }
    assertThat(Files.readAllLines(out.resolve("chaos-chains.csv"))).hasSize(1 + 20);
    PlotAssert.assertPng(out.resolve("chaos.png"), 1500, 500);
  }
}
