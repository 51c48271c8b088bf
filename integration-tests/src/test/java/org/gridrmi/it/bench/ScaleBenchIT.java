package org.gridrmi.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.benchmarks.ScaleBench;
import org.gridrmi.cli.report.PlotAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench scale end to end in its quick form: two stock server JVMs, 1k and 10k values, two clients, values up to 1 MB,
 * a fresh client JVM per server count. The figures are checked for sense (positive, within wide bounds), not speed.
 */
class ScaleBenchIT {
  private static final Pattern SUMMARY = Pattern.compile(
      "(?m)^scale: servers=(\\d+) connect_ms=([0-9.]+) bytes_per_value=([0-9.]+) bytes_per_ref=([0-9.]+)"
          + " renew_growth=([0-9.]+) connect_ms_no_cds=([0-9.]+)$");

  @TempDir
  Path dir;

  @Test
  void quickRunPrintsAWellFormedSummaryAndWritesCsvAndPng() throws Exception {
    Path out = dir.resolve("results");
    String stdout = BenchCommands.run(new ScaleBench(), "--quick", "--out", out.toString());
    Matcher m = SUMMARY.matcher(stdout);
    assertThat(m.find()).as(stdout).isTrue();
    assertThat(Integer.parseInt(m.group(1))).isEqualTo(2);
    assertThat(Double.parseDouble(m.group(2)))
        .as("connect + first chain, ms")
        .isBetween(1.0, 60_000.0);
    // a value costs a slot, an id and its entries, at least; far more than a few KB would be a leak
    assertThat(Double.parseDouble(m.group(3))).as("bytes per value on S1").isBetween(24.0, 4_000.0);
    assertThat(Double.parseDouble(m.group(4))).as("bytes per reference").isBetween(16.0, 4_000.0);
    assertThat(Double.parseDouble(m.group(5)))
        .as("renewal growth, 10k over 1k values")
        .isBetween(0.2, 5.0);
    // the same fresh client without the launcher's class-data-sharing archive (none here: not run
    // by the launcher)
    assertThat(Double.parseDouble(m.group(6)))
        .as("connect + first chain without the archive, ms")
        .isBetween(1.0, 60_000.0);
    List<String> csv = Files.readAllLines(out.resolve("scale.csv"));
    assertThat(csv.get(0)).isEqualTo("section,x,metric,value,unit");
    assertThat(csv.subList(1, csv.size()))
        .extracting(l -> l.split(",")[0] + "/" + l.split(",")[2])
        .contains(
            "values/server_bytes_per_value",
            "values/client_bytes_per_ref",
            "values/renewal_traffic",
            "size/lazy_over_raw",
            "clients/throughput",
            "clients/p99",
            "servers/connect_first_chain",
            "servers/connect_first_chain_no_cds",
            "servers/round_of_chains",
            "servers/idle_cpu",
            "servers/renewal_traffic");
    PlotAssert.assertPng(out.resolve("scale.png"), 4 * 700, 450);
  }
}
