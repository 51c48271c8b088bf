package org.gridrmi.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.benchmarks.LatencyBench;
import org.gridrmi.cli.report.PlotAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bench latency end to end: two server JVMs, a fresh client JVM, few rounds; figures are not judged here. */
class LatencyBenchIT {
  @TempDir
  Path dir;

  @Test
  void measuresEveryMechanismAndPrintsTheSummaryLine() throws Exception {
    Path out = dir.resolve("results");
    String stdout = BenchCommands.run(
        new LatencyBench(),
        "--rounds",
        "30",
        "--warmup",
        "30",
        "--warmup-seconds",
        "0.5",
        "--bytes",
        "64",
        "--out",
        out.toString());
    Matcher m = Pattern.compile(
            "latency: async_chain_us=([0-9.]+) two_plain_us=([0-9.]+) cross_us=([0-9.]+)"
                + " same_us=([0-9.]+) first_1000_p50_us=([0-9.]+)")
        .matcher(stdout);
    assertThat(m.find()).as(stdout).isTrue();
    for (int g = 1; g <= 5; g++) assertThat(Double.parseDouble(m.group(g))).isPositive();
    assertThat(m.group(4)).as("same_us is the async chain on one server").isEqualTo(m.group(1));
    List<String> csv = Files.readAllLines(out.resolve("latency.csv"));
    assertThat(csv.get(0)).isEqualTo("mechanism,rounds,p50_us,p90_us,p99_us,notes");
    assertThat(csv.subList(1, csv.size()))
        .extracting(l -> l.split(",")[0])
        .containsExactly("async_chain", "two_plain", "cross", "first_1000");
    PlotAssert.assertPng(out.resolve("latency.png"), 600, 500);
  }
}
