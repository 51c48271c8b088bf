package org.gridrmi.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.benchmarks.LifetimeBench;
import org.gridrmi.cli.report.PlotAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench lifetime end to end, short: 50 seeds of the deterministic simulation through the command, its summary line,
 * CSV and PNG; then one seed replayed with {@code --seed}, which gives that seed's row again.
 */
class LifetimeBenchIT {
  static final Pattern SUMMARY = Pattern.compile(
      "lifetime: seeds=(\\d+) steps=(\\d+) freed_while_referenced=(\\d+) leaked=(\\d+)"
          + " duplicated=(\\d+) overdue=(\\d+)");

  @TempDir
  Path dir;

  @Test
  void fiftySeedsKeepEveryInvariantAndOneReplaysAlone() throws Exception {
    Path out = dir.resolve("results");
    String stdout =
        BenchCommands.run(new LifetimeBench(), "--seeds", "50", "--out", out.toString());
    System.out.print(stdout);
    Matcher m = SUMMARY.matcher(last(stdout));
    assertThat(m.matches()).as("last line of:%n%s", stdout).isTrue();
    assertThat(m.group(1)).isEqualTo("50");
    assertThat(m.group(2)).as("steps").isEqualTo("10000");
    for (int g = 3; g <= 6; g++) assertThat(m.group(g)).as(stdout).isEqualTo("0");

    List<String> rows = Files.readAllLines(out.resolve("lifetime.csv"));
    assertThat(rows.get(0))
        .isEqualTo(
            "seed,steps,messages,remade,freed_while_referenced,leaked,duplicated,overdue,trace_hash,"
                + "first_violation");
    assertThat(rows).hasSize(51);
    PlotAssert.assertPng(out.resolve("lifetime.png"), 900, 600);

    String replay = BenchCommands.run(new LifetimeBench(), "--seed", "7", "--out", out.toString());
    assertThat(replay).contains("seed 7: every invariant kept").contains("  last events:");
    String hash = rows.get(1 + 7).split(",")[8];
    assertThat(replay)
        .as("the replay ran the same events as seed 7 of the sweep")
        .contains("trace_hash=" + hash);
    Matcher one = SUMMARY.matcher(last(replay));
    assertThat(one.matches()).as(replay).isTrue();
    assertThat(one.group(1)).isEqualTo("1");
    assertThat(one.group(2)).isEqualTo("200");
  }

  private static String last(String stdout) {
    List<String> lines = stdout.strip().lines().toList();
    return lines.get(lines.size() - 1);
  }
}
