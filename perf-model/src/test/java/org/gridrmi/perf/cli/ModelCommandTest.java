package org.gridrmi.perf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gridrmi.perf.Calibration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ModelCommandTest {
  private static final String[] PAPER = {"--ts", "21ms", "--tw", "323us/KB", "--n1", "100KB", "--n2", "100KB",
      "--t1", "500ms", "--t2", "500ms"};
  @TempDir Path dir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cl = ModelCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  private static String[] with(String[] base, String... more) {
    String[] all = java.util.Arrays.copyOf(base, base.length + more.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
  }

  @Test
  void paperTestbedPrintsEq1() {
    assertThat(run(PAPER)).isZero();
    assertThat(out.toString()).contains("plain RMI", "180.9", "1180.9", "1106.6", "recommendation: improved RMI");
  }

  @Test
  void sameServerCsv() {
    assertThat(run(with(PAPER, "--same-server", "--csv"))).isZero();
    assertThat(out.toString().lines()).first().isEqualTo("variant,equation,placement,comm_ms,total_ms");
    assertThat(out.toString()).contains("plain,1,one_server,180.900,1180.900", "future_one_server,7,one_server,74.300,1074.300");
    assertThat(err.toString()).contains("recommendation: improved RMI: one server: n1 = 100 KB > 2 n_r = 64 B");
  }

  @Test
  void negativeTsIsRefusedWithExitCode2() {
    assertThat(run("--ts", "-5ms", "--tw", "1us/B", "--n1", "1KB", "--n2", "1KB", "--t1", "1ms", "--t2", "1ms"))
        .isEqualTo(2);
    assertThat(err.toString().strip())
        .isEqualTo("--ts: negative duration '-5ms'; expected a duration such as 21ms, 323us or 0.5s");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void otherBadInput() {
    assertThat(run(with(PAPER, "--nr", "32XB"))).isEqualTo(2);
    assertThat(run("--ts", "21ms", "--n1", "1KB", "--n2", "1KB", "--t1", "1ms", "--t2", "1ms")).isEqualTo(2);
    assertThat(run(with(PAPER, "--sweep", "n1=100KB..10KB"))).isEqualTo(2);
    assertThat(run(with(PAPER, "--sweep", "n7=1KB..10KB"))).isEqualTo(2);
    assertThat(err.toString().lines()).hasSize(4).allMatch(l -> l.startsWith("--"));
    assertThat(err.toString()).contains("--tw: missing", "out of order", "unknown variable 'n7'");
  }

  @Test
  void chainOfThree() {
    assertThat(run("--ts", "21ms", "--tw", "323us/KB", "--chain", "100KB:500ms,100KB:500ms,100KB:500ms")).isZero();
    // 6 t_s + (0 + 2*200 + 100) KB t_w = 126 + 161.5
    assertThat(out.toString()).contains("287.5");
  }

  @Test
  void calibrationFile() throws Exception {
    Path f = dir.resolve("calibration.properties");
    new Calibration(0.021, 323e-9, 0, 0, 0.99, "paper-wan", "today").store(f);
    assertThat(run("--calibration", f.toString(), "--n1", "100KB", "--n2", "100KB", "--t1", "500ms", "--t2",
        "500ms")).isZero();
    assertThat(out.toString()).contains("180.9");
    new Calibration(0.021, 323e-9, 0, 0, 0.4, "paper-wan", "today").store(f);
    assertThat(run("--calibration", f.toString(), "--n1", "1KB", "--n2", "1KB", "--t1", "1ms", "--t2", "1ms"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("poor fit").contains("R^2 = 0.400");
  }

  @Test
  void sweepWritesPngAndCsv() throws Exception {
    assertThat(run(with(PAPER, "--sweep", "n1=10KB..100KB", "--out", dir.toString()))).isZero();
    Path png = dir.resolve("model-sweep-n1.png");
    Path csv = dir.resolve("model-sweep-n1.csv");
    assertThat(Files.size(png)).isGreaterThan(1000);
    assertThat(Files.readAllBytes(png)).startsWith(0x89, 'P', 'N', 'G');
    assertThat(Files.readAllLines(csv)).hasSize(1 + 10 * 5)
        .contains("n1,100,KB,across_servers,plain,1,180.9,1180.9");
    try (var s = Files.list(dir)) {
      assertThat(s.filter(p -> p.getFileName().toString().endsWith(".tmp"))).isEmpty();
    }
  }

  @Test
  void helpStatesTheKilobyte() {
    assertThat(run("--help")).isZero();
    assertThat(out.toString()).contains("KB = 1000 B", "--same-server", "--calibration");
  }
}
