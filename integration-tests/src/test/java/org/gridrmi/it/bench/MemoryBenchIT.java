package org.gridrmi.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.benchmarks.MemoryReport;
import org.gridrmi.cli.CommandRunner;
import org.gridrmi.cli.GridRmiCli;
import org.gridrmi.cli.report.PlotAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bench memory end to end through the command line: two server JVMs, tiny values, a few chains. */
class MemoryBenchIT {
  private static final Pattern SUMMARY = Pattern.compile(
      "memory: chains=(\\d+) value=64KB heap_peak_mb=(\\d+\\.\\d) values_left=(\\d+) spilled_mb=(\\d+\\.\\d)");

  @TempDir
  Path dir;

  @Test
  void runsTheChainsAndEndsWithTheSummaryLineCsvAndPng() throws Exception {
    Path out = dir.resolve("results");
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    StringWriter err = new StringWriter();
    PrintStream old = System.out;
    int code;
    System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
    try {
      code = CommandRunner.execute(
          new PrintWriter(System.out, true),
          new PrintWriter(err, true),
          GridRmiCli.commandLine(),
          "bench",
          "memory",
          "--chains",
          "50",
          "--value",
          "64KB",
          "--heap",
          "128m",
          "--settle",
          "20s",
          "--out",
          out.toString());
    } finally {
      System.setOut(old);
    }
    String stdout = buf.toString(StandardCharsets.UTF_8);
    List<String> lines = stdout.strip().lines().toList();
    Matcher m = SUMMARY.matcher(lines.get(lines.size() - 1));
    assertThat(m.matches()).as("last line of:\n%s\nstderr: %s", stdout, err).isTrue();
    assertThat(lines.get(lines.size() - 2)).startsWith("bench memory: failed chains: ");
    int completed = Integer.parseInt(m.group(1));
    long left = Long.parseLong(m.group(3));
    assertThat(completed)
        .as(stdout)
        .isEqualTo(50); // 50 values of 64 KB fit any heap: every chain completes
    assertThat(Double.parseDouble(m.group(2)))
        .as("heap peak in MiB")
        .isGreaterThan(0)
        .isLessThanOrEqualTo(128);
    assertThat(code)
        .as("exit code with %d values left", left)
        .isEqualTo(left > 0.01 * completed ? 1 : 0);

    List<String> csv = Files.readAllLines(out.resolve("memory.csv"));
    assertThat(csv.get(0)).isEqualTo(String.join(",", MemoryReport.HEADER));
    for (String server : List.of("S1", "S2")) {
      assertThat(csv)
          .anyMatch(l -> l.contains(",chains," + server + ","))
          .anyMatch(l -> l.contains(",settle," + server + ","));
    }
    PlotAssert.assertPng(out.resolve("memory.png"), 2200, 550);
    assertThat(stdout)
        .contains("wrote " + out.resolve("memory.csv"))
        .contains(out.resolve("memory.png").toString());
  }
}
