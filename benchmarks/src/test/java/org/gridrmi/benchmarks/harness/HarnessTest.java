package org.gridrmi.benchmarks.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gridrmi.cli.report.CsvWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HarnessTest {
  @TempDir
  Path dir;

  @Test
  void csvAppearsOnlyWhenComplete() throws Exception {
    Path f = dir.resolve("a/b/fig7.csv");
    try (CsvWriter w = CsvWriter.create(f, "size_bytes", "variant", "millis", "note")) {
      w.row(10_000, "plain", 1234.5, null);
      w.row(20_000L, "improved", Double.NaN, "a, \"quoted\" note");
      assertThat(f).doesNotExist();
      assertThatThrownBy(() -> w.row(1, 2)).hasMessageContaining("2 fields, header has 4");
    }
    assertThat(Files.readAllLines(f))
        .containsExactly(
            "size_bytes,variant,millis,note",
            "10000,plain,1234.5,",
            "20000,improved,,\"a, \"\"quoted\"\" note\"");
    CsvWriter aborted = CsvWriter.create(f, "x");
    aborted.row(1);
    aborted.abort();
    assertThat(Files.readAllLines(f)).hasSize(3);
    try (var s = Files.list(f.getParent())) {
      assertThat(s).hasSize(1);
    }
  }

  @Test
  void writeTable() throws Exception {
    Path f = dir.resolve("t.csv");
    CsvWriter.write(f, List.of("a", "b"), List.of(List.of(1, 0.1 + 0.2), List.of(2, 1e-7)));
    assertThat(Files.readAllLines(f)).containsExactly("a,b", "1,0.3", "2,0");
  }

  @Test
  void stats() {
    assertThat(Stats.median(3, 1, 2)).isEqualTo(2);
    assertThat(Stats.median(4, 1, 2, 3)).isEqualTo(2.5);
    assertThat(Stats.median(List.of(5, 7))).isEqualTo(6);
    double[] v = {1, 2, 3, 4, 5};
    assertThat(Stats.percentile(v, 0)).isEqualTo(1);
    assertThat(Stats.percentile(v, 100)).isEqualTo(5);
    assertThat(Stats.percentile(v, 90)).isEqualTo(4.6);
    assertThat(Stats.mean(v)).isEqualTo(3);
    assertThatThrownBy(() -> Stats.median()).hasMessageContaining("no values");
    assertThatThrownBy(() -> Stats.percentile(v, 101)).hasMessageContaining("[0, 100]");
  }

  @Test
  void progress() {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    Progress p = new Progress(10, new PrintStream(b, true));
    assertThat(p.step("size 10 KB, run 1/5"))
        .isEqualTo("size 10 KB, run 1/5, estimating time left");
    assertThat(p.step("size 10 KB, run 2/5")).matches("size 10 KB, run 2/5, ~\\d+s left");
    assertThat(p.finish()).startsWith("done in ");
    assertThat(Progress.duration(70_000_000_000L)).isEqualTo("1m10s");
    assertThat(Progress.duration(7_500_000_000_000L)).isEqualTo("2h05m");
  }
}
