package org.gridrmi.benchmarks.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WarmupTest {
  @Test
  void runsEveryRoundOnceOnSeveralThreads() {
    Set<Integer> seen = ConcurrentHashMap.newKeySet();
    Set<Thread> threads = ConcurrentHashMap.newKeySet();
    CountDownLatch together = new CountDownLatch(3);
    Warmup.run(50, 3, r -> {
      assertThat(seen.add(r)).as("round %d twice", r).isTrue();
      threads.add(Thread.currentThread());
      together.countDown();
      together.await(
          5, TimeUnit.SECONDS); // the first three rounds can only end if they run at the same time
    });
    assertThat(seen).hasSize(50).allMatch(r -> r >= 0 && r < 50);
    assertThat(threads).hasSize(3);
  }

  @Test
  void firstFailureStopsTheRestAndNamesTheRound() {
    AtomicInteger ran = new AtomicInteger();
    assertThatThrownBy(() -> Warmup.run(1000, 2, r -> {
          ran.incrementAndGet();
          if (r == 5) throw new java.io.IOException("link down");
        }))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("warm-up round 6 of 1000 failed")
        .hasMessageContaining("link down")
        .hasRootCauseInstanceOf(java.io.IOException.class);
    assertThat(ran.get()).isLessThan(1000);
  }

  @Test
  void badCountsAreRefusedAndZeroRoundsDoNothing() {
    Warmup.run(0, 4, r -> {
      throw new AssertionError("no round expected");
    });
    assertThatThrownBy(() -> Warmup.run(-1, 1, r -> {}))
        .hasMessageContaining("rounds must be >= 0: -1");
    assertThatThrownBy(() -> Warmup.run(1, 0, r -> {}))
        .hasMessageContaining("threads must be >= 1: 0");
  }
}
