package org.gridrmi.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibrationTest {
  @TempDir
  Path dir;

  @Test
  void roundTrip() throws Exception {
    Calibration c = new Calibration(
        0.0213,
        322.8e-9,
        0.4e-3,
        9.7e-9,
        0.998,
        "paper-wan (21 ms, 3.10 MB/s)",
        "2025-01-31T12:00:00Z");
    Path f = dir.resolve("results/calibration.properties");
    c.store(f);
    assertThat(Files.readString(f)).contains("ts_ms=21.3", "tw_us_per_kb=322.8", "r2=0.998");
    Calibration back = Calibration.load(f);
    assertThat(back.ts()).isCloseTo(0.0213, within(1e-12));
    assertThat(back.tw()).isCloseTo(322.8e-9, within(1e-15));
    assertThat(back.link()).isEqualTo(c.link());
    assertThat(back.isGoodFit()).isTrue();
    assertThat(back.toCostParameters(32).referenceBytes()).isEqualTo(32);
  }

  @Test
  void badFiles() throws Exception {
    Path f = dir.resolve("c.properties");
    Files.writeString(f, "ts_ms=21\nr2=0.99\n");
    assertThatThrownBy(() -> Calibration.load(f)).hasMessageContaining("missing tw_us_per_kb");
    Files.writeString(f, "ts_ms=21\ntw_us_per_kb=-3\nr2=0.99\n");
    assertThatThrownBy(() -> Calibration.load(f))
        .hasMessageContaining("tw_us_per_kb=-3 is not a non-negative");
    Files.writeString(f, "ts_ms=21\ntw_us_per_kb=323\nr2=0.5\n");
    assertThat(Calibration.load(f).isGoodFit()).isFalse();
  }
}
