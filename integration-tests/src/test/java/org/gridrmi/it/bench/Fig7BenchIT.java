package org.gridrmi.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gridrmi.benchmarks.Fig7Bench;
import org.gridrmi.cli.report.PlotAssert;
import org.gridrmi.perf.Calibration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** bench fig7 end to end with a server JVM on loopback, tiny sizes and one run. */
class Fig7BenchIT {
  @TempDir
  Path dir;

  @Test
  void writesCsvWithHeaderAndOneRowPerSizeVariantAndRun() throws Exception {
    Path cal = dir.resolve("cal.properties");
    new Calibration(0.0005, 2e-9, 0, 0, 0.99, "loopback", "test").store(cal);
    Path out = dir.resolve("results");
    String stdout = BenchCommands.run(
        new Fig7Bench(),
        "--link",
        "loopback",
        "--sizes",
        "1KB,2KB",
        "--runs",
        "2",
        "--compute-ms",
        "20",
        "--warmup",
        "30",
        "--calibration",
        cal.toString(),
        "--out",
        out.toString());
    List<String> lines = Files.readAllLines(out.resolve("fig7.csv"));
    assertThat(lines.get(0))
        .isEqualTo("size_bytes,variant,run,millis,model_millis,client_rx_bytes");
    assertThat(lines).hasSize(1 + 2 * 3 * 2);
    for (String variant : List.of("plain", "improved", "lower_bound")) {
      assertThat(lines).filteredOn(l -> l.startsWith("1000," + variant + ",")).hasSize(2);
      assertThat(lines).filteredOn(l -> l.startsWith("2000," + variant + ",")).hasSize(2);
    }
    for (String l : lines.subList(1, lines.size())) {
      String[] f = l.split(",");
      assertThat(Double.parseDouble(f[3]))
          .as(l)
          .isGreaterThanOrEqualTo(40); // two 20 ms methods at least
      assertThat(Double.parseDouble(f[4])).as(l).isGreaterThan(40);
      assertThat(Long.parseLong(f[5]))
          .as(l)
          .isGreaterThanOrEqualTo(Long.parseLong(f[0])); // the result came back
    }
    PlotAssert.assertPng(
        out.resolve("fig7.png"), 900, 600); // its series: Fig7TableTest, on the same method
    assertThat(stdout).contains("min overhead eliminated").contains("eliminated");
  }

  @Test
  void poorCalibrationIsReportedAndNotUsed() throws Exception {
    Path cal = dir.resolve("poor.properties");
    new Calibration(0.0005, 2e-9, 0, 0, 0.5, "loopback", "test").store(cal);
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    PrintStream old = System.out;
    int code;
    System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
    try {
      code = new CommandLine(new Fig7Bench())
          .execute(
              "--sizes",
              "1KB,2KB",
              "--runs",
              "1",
              "--compute-ms",
              "1",
              "--calibration",
              cal.toString(),
              "--out",
              dir.resolve("r2").toString());
    } finally {
      System.setOut(old);
    }
    assertThat(code).isEqualTo(2);
    assertThat(buf.toString(StandardCharsets.UTF_8)).contains("poor fit").contains("not used");
    assertThat(dir.resolve("r2").resolve("fig7.csv")).doesNotExist();
  }
}
