package org.gridrmi.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A small, fast run: checks the harness works, not how fast this machine is. */
class CodecThroughputTest {
  @Test
  void measuresEveryMechanismAndWritesCsv(@TempDir Path dir) throws Exception {
    CodecThroughput.Result r = CodecThroughput.run(60, 70, 1, 3);
    assertThat(r.payloadBytes()).isEqualTo(60 * 70 * 8);
    assertThat(r.samples()).hasSize(9);
    for (String m : CodecThroughput.MECHANISMS) {
      assertThat(r.medianMbPerS(m)).isPositive();
    }
    assertThat(r.codecOverRaw()).isEqualTo(r.medianMbPerS("codec") / r.medianMbPerS("raw"));

    Path csv = dir.resolve("out/codec.csv");
    r.writeCsv(csv);
    List<String> lines = Files.readAllLines(csv);
    assertThat(lines).hasSize(10).first().isEqualTo("mechanism,run,millis,mb_per_s");
    assertThat(lines.get(1)).startsWith("codec,1,");

    ByteArrayOutputStream table = new ByteArrayOutputStream();
    r.print(new PrintStream(table, true, StandardCharsets.UTF_8));
    assertThat(table.toString(StandardCharsets.UTF_8)).contains("serialization", "codec / raw");
  }

  @Test
  void rejectsBadParameters() {
    assertThatThrownBy(() -> CodecThroughput.run(0, 5, 1, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> CodecThroughput.main(new String[] {"--bogus"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--bogus");
  }
}
