package org.gridrmi.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.Test;

/**
 * Plain calls carry arrays larger than an RMI stream's cap on one array ({@code maxCallArrayBytes}): arguments and
 * results with a codec travel through it, growing as their bytes arrive, so only Java-serialized arrays are capped.
 */
class LargePlainValuesTest {
  static final int SIZE = 24 << 20; // past the 16 MiB cap

  @Test
  void aLargeArrayCrossesAPlainCallBothWays() {
    try (GridServer s1 = GridServer.builder()
            .name("S1")
            .export(Fig2Service.class, new Fig2ServiceImpl())
            .start();
        Grid grid = Grid.connect(s1.address())) {
      Fig2Service plain = grid.plain(Fig2Service.class);
      byte[] made = plain.method1(SIZE, 7);
      assertThat(made).hasSize(SIZE);
      assertThat(plain.length(made)).isEqualTo(SIZE);
    }
  }
}
