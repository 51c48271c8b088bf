package org.gridrmi.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gridrmi.cli.internal.ModelSweep;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.PlotAssert;
import org.gridrmi.perf.Calibration;
import org.gridrmi.perf.CallLayout;
import org.gridrmi.perf.Composition;
import org.gridrmi.perf.CostParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import picocli.CommandLine;

class ModelCommandTest {
  private static final String[] PAPER = {
    "--ts",
    "21ms",
    "--tw",
    "323us/KB",
    "--n1",
    "100KB",
    "--n2",
    "100KB",
    "--t1",
    "500ms",
    "--t2",
    "500ms"
  };

  @TempDir
  Path dir;

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
    assertThat(out.toString())
        .contains("plain RMI", "180.9", "1180.9", "1106.6", "recommendation: improved RMI");
  }

  /** Issue 12: t1 = 10 ms fails the rule of thumb, yet eq. 5 predicts improved RMI 21.3 ms faster than eq. 1. */
  @Test
  void recommendationFollowsThePredictedTimes() {
    assertThat(run(
            "--ts",
            "21ms",
            "--tw",
            "323us/KB",
            "--n1",
            "100KB",
            "--n2",
            "100KB",
            "--t1",
            "10ms",
            "--t2",
            "500ms"))
        .isZero();
    assertThat(out.toString())
        .contains("recommendation: improved RMI", "669.6 ms vs 690.9 ms with plain RMI")
        .doesNotContain("recommendation: plain RMI");
    assertThat(out.toString().lines().filter(l -> l.startsWith("rule of thumb")).findFirst())
        .hasValueSatisfying(l -> assertThat(l)
            .contains(
                "section 3.5",
                "disagrees",
                "t1 = 10.0 ms <= 2(t_s + n_r t_w) = 42.0 ms",
                "plain RMI"));
  }

  @Test
  void sameServerCsv() {
    assertThat(run(with(PAPER, "--same-server", "--csv"))).isZero();
    assertThat(out.toString().lines())
        .first()
        .isEqualTo("variant,equation,placement,comm_ms,total_ms,recommended");
    assertThat(out.toString())
        .contains(
            "plain,1,one_server,180.900,1180.900,false",
            "future_one_server,7,one_server,74.300,1074.300,true");
    assertThat(err.toString().lines())
        .containsExactly(
            "recommendation: improved RMI: one server: predicted 1074.3 ms vs 1180.9 ms with plain RMI (eq. 7 vs eq. 1),"
                + " 106.6 ms less",
            "rule of thumb (section 3.5, one server: improved if n_i > 2 n_r) agrees: n1 = 100 KB > 2 n_r = 64 B");
  }

  @Test
  void negativeTsIsRefusedWithExitCode2() {
    assertThat(run(
            "--ts", "-5ms", "--tw", "1us/B", "--n1", "1KB", "--n2", "1KB", "--t1", "1ms", "--t2",
            "1ms"))
        .isEqualTo(2);
    assertThat(err.toString().strip())
        .isEqualTo(
            "--ts: negative duration '-5ms'; expected a duration such as 21ms, 323us or 0.5s");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void otherBadInput() {
    assertThat(run(with(PAPER, "--nr", "32XB"))).isEqualTo(2);
    assertThat(run("--ts", "21ms", "--n1", "1KB", "--n2", "1KB", "--t1", "1ms", "--t2", "1ms"))
        .isEqualTo(2);
    assertThat(run(with(PAPER, "--sweep", "n1=100KB..10KB"))).isEqualTo(2);
    assertThat(run(with(PAPER, "--sweep", "n7=1KB..10KB"))).isEqualTo(2);
    assertThat(err.toString().lines()).hasSize(4).allMatch(l -> l.startsWith("--"));
    assertThat(err.toString()).contains("--tw: missing", "out of order", "unknown variable 'n7'");
  }

  @Test
  void chainOfThree() {
    assertThat(run(
            "--ts", "21ms", "--tw", "323us/KB", "--chain", "100KB:500ms,100KB:500ms,100KB:500ms"))
        .isZero();
    // 6 t_s + (0 + 2*200 + 100) KB t_w = 126 + 161.5
    assertThat(out.toString()).contains("287.5");
  }

  @Test
  void calibrationFile() throws Exception {
    Path f = dir.resolve("calibration.properties");
    new Calibration(0.021, 323e-9, 0, 0, 0.99, "paper-wan", "today").store(f);
    assertThat(run(
            "--calibration",
            f.toString(),
            "--n1",
            "100KB",
            "--n2",
            "100KB",
            "--t1",
            "500ms",
            "--t2",
            "500ms"))
        .isZero();
    assertThat(out.toString()).contains("180.9");
    new Calibration(0.021, 323e-9, 0, 0, 0.4, "paper-wan", "today").store(f);
    assertThat(run(
            "--calibration",
            f.toString(),
            "--n1",
            "1KB",
            "--n2",
            "1KB",
            "--t1",
            "1ms",
            "--t2",
            "1ms"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("poor fit").contains("R^2 = 0.400");
  }

  @Test
  void sweepWritesPngAndCsv() throws Exception {
    assertThat(run(with(PAPER, "--sweep", "n1=10KB..100KB", "--out", dir.toString())))
        .isZero();
    Path png = dir.resolve("model-sweep-n1.png");
    Path csv = dir.resolve("model-sweep-n1.csv");
    assertThat(Files.size(png)).isGreaterThan(1000);
    assertThat(Files.readAllBytes(png)).startsWith(0x89, 'P', 'N', 'G');
    assertThat(Files.readAllLines(csv))
        .hasSize(1 + 10 * 5)
        .contains("n1,100,KB,across_servers,plain,1,180.9,1180.9,improved,improved");
    assertThat(out.toString())
        .contains("sweep: n1 10..100 KB: by predicted time improved RMI at every value; the rule"
            + " of thumb (section 3.5) agrees everywhere");
    try (var s = Files.list(dir)) {
      assertThat(s.filter(p -> p.getFileName().toString().endsWith(".tmp"))).isEmpty();
    }
  }

  /**
   * Sweeping t1 over the paper's testbed: improved RMI is predicted faster at every t1 (plain carries n1 through the
   * client twice), while the rule of thumb says plain until t1 passes 42 ms; the CSV, the summary and the plot agree.
   */
  @Test
  void sweepRecommendsByPredictedTimeAndShowsWhereTheRuleOfThumbDisagrees() throws Exception {
    assertThat(run(
            "--ts",
            "21ms",
            "--tw",
            "323us/KB",
            "--n1",
            "100KB",
            "--n2",
            "100KB",
            "--t1",
            "10ms",
            "--t2",
            "500ms",
            "--sweep",
            "t1=0ms..90ms",
            "--out",
            dir.toString()))
        .isZero();
    assertThat(out.toString())
        .contains(
            "sweep: t1 0..90 ms: by predicted time improved RMI at every value; the rule"
                + " of thumb (section 3.5) says plain RMI at t1 0..40 ms, improved RMI at t1 50..90 ms");
    List<String> rows = Files.readAllLines(dir.resolve("model-sweep-t1.csv"));
    assertThat(rows.get(0)).endsWith(",recommended,rule_of_thumb");
    assertThat(rows)
        .contains(
            "t1,10,ms,across_servers,plain,1,180.9,690.9,improved,plain",
            "t1,50,ms,across_servers,plain,1,180.9,730.9,improved,improved");
  }

  /** The sweep's PNG: the chart ModelSweep wrote has a line per variant, ten points each, and is that PNG. */
  @Test
  void sweepPlotHasALinePerVariant() throws Exception {
    ModelSweep.Result r = ModelSweep.run(
        "n1=10KB..100KB",
        CostParameters.paperTestbed(),
        Composition.twoCalls(100e3, 100e3, 0.5, 0.5),
        CallLayout.ACROSS_SERVERS,
        dir,
        IllegalArgumentException::new);
    XYChart chart = r.plot().chart();
    assertThat(PlotAssert.names(chart))
        .containsExactly(
            "plain RMI (eq. 1)",
            "lazy/localized RMI (eq. 2)",
            "future-based (improved) (eq. 5)",
            "future-based, t_i dominates (eq. 6)",
            "lower bound (one call)");
    PlotAssert.assertPoints(chart, 10);
    PlotAssert.assertLabelled(chart);
    assertThat(chart.getTitle()).contains("across servers", "t_s 21 ms");
    PlotAssert.assertPng(r.png(), Figure.of(chart));
  }

  @Test
  void helpStatesTheKilobyte() {
    assertThat(run("--help")).isZero();
    assertThat(out.toString()).contains("KB = 1000 B", "--same-server", "--calibration");
  }
}
