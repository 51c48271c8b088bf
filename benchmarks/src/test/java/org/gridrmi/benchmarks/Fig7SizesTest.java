package org.gridrmi.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class Fig7SizesTest {
  @Test
  void rangeIsTenSizesInKilobytesOfThousandBytes() {
    assertThat(Fig7Sizes.parse("10KB..100KB"))
        .containsExactly(
            10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 70_000, 80_000, 90_000, 100_000);
  }

  @Test
  void rangeWithStepAndList() {
    assertThat(Fig7Sizes.parse("1KB..3KB:1KB")).containsExactly(1000, 2000, 3000);
    assertThat(Fig7Sizes.parse("10KB, 50KB,100KB")).containsExactly(10_000, 50_000, 100_000);
    assertThat(Fig7Sizes.parse("512B")).containsExactly(512);
  }

  @Test
  void badInputIsAClearMessage() {
    assertThatThrownBy(() -> Fig7Sizes.parse("100KB,10KB"))
        .hasMessageContaining("out of order")
        .hasMessageContaining("10KB..100KB");
    assertThatThrownBy(() -> Fig7Sizes.parse("100KB..10KB"))
        .hasMessageContaining("above its start");
    assertThatThrownBy(() -> Fig7Sizes.parse("10QB..100KB")).hasMessageContaining("bad --sizes");
    assertThatThrownBy(() -> Fig7Sizes.parse("0B,1KB")).hasMessageContaining("outside");
  }
}
