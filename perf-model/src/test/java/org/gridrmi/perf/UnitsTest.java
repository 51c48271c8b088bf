package org.gridrmi.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class UnitsTest {
  @Test
  void durations() {
    assertThat(Units.parseDuration("21ms")).isCloseTo(0.021, within(1e-15));
    assertThat(Units.parseDuration("323us")).isCloseTo(323e-6, within(1e-15));
    assertThat(Units.parseDuration("323µs")).isCloseTo(323e-6, within(1e-15));
    assertThat(Units.parseDuration("0.5s")).isEqualTo(0.5);
    assertThat(Units.parseDuration(" 500 ms ")).isCloseTo(0.5, within(1e-15));
    assertThat(Units.parseDuration("1e3ns")).isCloseTo(1e-6, within(1e-18));
  }

  @Test
  void sizes() {
    assertThat(Units.parseSize("100KB")).isEqualTo(100_000);
    assertThat(Units.parseSize("1MB")).isEqualTo(1_000_000);
    assertThat(Units.parseSize("10B")).isEqualTo(10);
    assertThat(Units.parseSize("1KiB")).isEqualTo(1024);
    assertThat(Units.parseSize("32")).isEqualTo(32);
  }

  @Test
  void ratesAreSecondsPerByte() {
    assertThat(Units.parseRate("323us/KB")).isCloseTo(323e-9, within(1e-20));
    assertThat(Units.parseRate("1us/B")).isCloseTo(1e-6, within(1e-20));
    assertThat(Units.parseRate("3MB/s")).isCloseTo(1 / 3e6, within(1e-20));
    assertThat(Units.parseRate("100 KB/s")).isCloseTo(1e-5, within(1e-20));
  }

  @Test
  void badInputShowsTheExpectedForm() {
    assertThatThrownBy(() -> Units.parseDuration("-5ms"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("negative duration '-5ms'; expected a duration such as 21ms, 323us or 0.5s");
    assertThatThrownBy(() -> Units.parseDuration("21")).hasMessageContaining("unit in '21'");
    assertThatThrownBy(() -> Units.parseDuration("21 parsecs"))
        .hasMessageContaining("expected a duration");
    assertThatThrownBy(() -> Units.parseDuration("fast"))
        .hasMessageStartingWith("malformed duration 'fast'");
    assertThatThrownBy(() -> Units.parseSize("10XB"))
        .hasMessageContaining("expected a size such as 100KB");
    assertThatThrownBy(() -> Units.parseSize("-1KB")).hasMessageStartingWith("negative size");
    assertThatThrownBy(() -> Units.parseRate("323us"))
        .hasMessageContaining("expected a rate such as 323us/KB");
    assertThatThrownBy(() -> Units.parseRate("0MB/s")).hasMessageContaining("zero bandwidth");
    assertThatThrownBy(() -> Units.parseDuration(null)).hasMessageContaining("malformed");
  }

  @Test
  void printing() {
    assertThat(Units.formatDuration(0.021)).isEqualTo("21 ms");
    assertThat(Units.formatDuration(323e-6)).isEqualTo("323 us");
    assertThat(Units.formatDuration(12.5)).isEqualTo("12.5 s");
    assertThat(Units.formatSize(100_000)).isEqualTo("100 KB");
    assertThat(Units.formatSize(32)).isEqualTo("32 B");
    assertThat(Units.formatRate(323e-9)).isEqualTo("323 us/KB");
    assertThat(Units.parseRate(Units.formatRate(1 / 3e6).replace(" ", "")))
        .isCloseTo(1 / 3e6, within(1e-10));
  }
}
