package org.gridrmi.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** When bench memory stops waiting for the servers to free values after the client's GC. */
class SettlingTest {
  private static final long S = 1_000_000_000L;
  private final Settling settling = new Settling(0, Duration.ofSeconds(5), Duration.ofSeconds(30));

  @Test
  void noneLeftEndsTheWaitAtOnce() {
    assertThat(settling.settled(S / 4, 0)).isTrue();
  }

  @Test
  void aFlatReadingIsNotTheEndWhileTheQuietPeriodRuns() {
    assertThat(settling.settled(1 * S, 900)).isFalse();
    assertThat(settling.settled(3 * S, 900)).isFalse(); // flat for 2 s: releases come in bursts
    assertThat(settling.settled(4 * S, 400)).isFalse(); // a new low restarts the quiet period
    assertThat(settling.settled(8 * S, 400)).isFalse();
    assertThat(settling.settled(9 * S, 410)).isTrue(); // 5 s without a new low
  }

  @Test
  void aCountThatKeepsFallingEndsAtTheMaximum() {
    long values = 10_000;
    for (long t = 1; t < 30; t++)
      assertThat(settling.settled(t * S, values -= 100)).as("at %d s", t).isFalse();
    assertThat(settling.settled(30 * S, values - 100)).isTrue();
  }
}
