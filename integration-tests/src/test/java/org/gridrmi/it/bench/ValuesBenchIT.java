package org.gridrmi.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.benchmarks.ValuesBench;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench values end to end through the command line, tiny values: two stock server JVMs with the fast codec, then
 * two with it off; users' record lists, string maps and MediaContent graphs move S1 to S2 by the fast codec in the
 * first pair and by Java serialization in the second, as S1's own counters say; the floor of the record list and the
 * string map is printed and written, and only theirs.
 */
class ValuesBenchIT {
  private static final Pattern SUMMARY =
      Pattern.compile("values: shapes=(\\d+) min_speedup=(\\d+\\.\\d) chain_speedup=(\\d+\\.\\d)");

  @TempDir
  Path dir;

  @Test
  void movesEachShapeBothWaysAndEndsWithTheSummaryLineCsvAndPng() throws Exception {
    Path out = dir.resolve("results");
    String stdout = BenchCommands.run(
        new ValuesBench(),
        "--elements",
        "200",
        "--rounds",
        "2",
        "--warmup",
        "1",
        "--chain-rounds",
        "2",
        "--out",
        out.toString());
    List<String> lines = stdout.strip().lines().toList();
    Matcher m = SUMMARY.matcher(lines.get(lines.size() - 1));
    assertThat(m.matches()).as("last line of:\n%s", stdout).isTrue();
    assertThat(Integer.parseInt(m.group(1))).isEqualTo(5);
    assertThat(Double.parseDouble(m.group(2))).isPositive();
    // printed to one decimal: with 200 elements a chain's move is a fraction of a
    // millisecond, and one move slowed by a load spike makes a shape's speedup round to
    // 0.0 (seen once, in a fresh clone's verify beside three other builds on 2 cores)
    assertThat(Double.parseDouble(m.group(3))).isNotNegative();

    List<String> byCodec =
        lines.stream().filter(l -> l.contains("S1 wrote values by codec:")).toList();
    assertThat(byCodec).as(stdout).hasSize(2);
    assertThat(byCodec.get(0)).as("servers with the fast codec").contains("fory=");
    assertThat(byCodec.get(1))
        .as("servers with -Dgridrmi.fastCodec=false")
        .doesNotContain("fory")
        .contains("java=");

    // the floor, for the two shapes the goal names: a speedup per shape, and only for them
    List<String> floor =
        lines.stream().filter(l -> l.contains("the floor, the most")).toList();
    assertThat(floor).as(stdout).hasSize(1);
    assertThat(floor.get(0))
        .containsPattern("records x\\d+\\.\\d")
        .containsPattern("strings x\\d+\\.\\d")
        .doesNotContain("media");

    List<String> csv = Files.readAllLines(out.resolve("values.csv"));
    assertThat(csv).hasSize(6);
    assertThat(csv.get(0))
        .startsWith("shape,kind,codec,")
        .endsWith(",floor_write_ms,floor_read_ms,floor_speedup");
    assertThat(csv).anyMatch(l -> l.startsWith("records,") && l.matches(".*,\\d+\\.\\d\\d$"));
    assertThat(csv).anyMatch(l -> l.startsWith("media,") && l.endsWith(",,,"));
    assertThat(csv).anyMatch(l -> l.startsWith("doubles,bulk,jdk.doubles,"));
    for (String shape : List.of("records", "strings", "media"))
      assertThat(csv).anyMatch(l -> l.startsWith(shape + ",object,fory,"));
    assertThat(Files.size(out.resolve("values.png"))).isPositive();
  }
}
