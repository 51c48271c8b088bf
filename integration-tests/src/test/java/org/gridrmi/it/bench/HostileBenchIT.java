package org.gridrmi.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.benchmarks.HostileBench;
import org.gridrmi.cli.report.PlotAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench hostile end to end, short ({@code --quick}: no floods): a lookup service and two server JVMs, every other
 * attack as a raw peer and as a Grid client. Every attack is refused except those of a peer without the grid's
 * secret (refused only where connections are authenticated), both servers serve afterwards, no attack grows a
 * server by 64 MB, and the values a normal client stored before read back the same.
 */
class HostileBenchIT {
  static final Pattern SUMMARY = Pattern.compile(
      "hostile: attacks=(\\d+) refused=(\\d+) served_after=(yes|no) max_growth_mb=([0-9.]+) lost=(\\d+)");

  @TempDir
  Path dir;

  @Test
  void everyAttackIsRefusedThePeerWithoutTheSecretFirstAndNothingIsLost() throws Exception {
    Path out = dir.resolve("results");
    String stdout = BenchCommands.run(new HostileBench(), "--quick", "--out", out.toString());
    System.out.print(stdout);
    List<String> lines = stdout.strip().lines().toList();
    Matcher m = SUMMARY.matcher(lines.get(lines.size() - 1));
    assertThat(m.matches()).as("last line of:%n%s", stdout).isTrue();
    int attacks = Integer.parseInt(m.group(1));
    assertThat(attacks).isGreaterThanOrEqualTo(20);
    assertThat(m.group(3)).as("served after").isEqualTo("yes");
    assertThat(Double.parseDouble(m.group(4))).as("max growth, MB").isLessThan(64);
    assertThat(m.group(5)).as("lost").isEqualTo("0");

    List<String> rows = Files.readAllLines(out.resolve("hostile.csv"));
    assertThat(rows.get(0))
        .isEqualTo("phase,attack,refused,status,heap_growth_mb,refuse_ms,served_after");
    assertThat(rows).hasSize(1 + attacks);
    long refused = 0;
    for (String row : rows.subList(1, rows.size())) {
      String[] f = row.split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)");
      if (f[2].equals("true")) refused++;
      assertThat(f[2]).as("refused: %s", row).isEqualTo("true");
      assertThat(f[6]).as("served after: %s", row).isEqualTo("true");
    }
    assertThat(m.group(2)).as("refused, as the rows count them").isEqualTo(String.valueOf(refused));
    assertThat(stdout)
        .contains("no-secret plain call")
        .contains("replica over a pending result")
        .contains("stalled call, 800 MB array header")
        .contains("probeLinks to an outsider")
        .contains("lookup registration whose stub names an outsider")
        .contains("registrar proxy from unicast discovery names an outsider");
    PlotAssert.assertPng(out.resolve("hostile.png"), 1400, 700);
  }
}
