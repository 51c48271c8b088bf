package org.gridrmi.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

class ConcurrentIdTableTest {
  /** An element that carries its id, as a client's watch of a reference does. */
  private record Count(UUID id, int n) {}

  @Test
  void computeAddsReplacesAndRemoves() {
    ConcurrentIdTable<Count> t = new ConcurrentIdTable<>(Count::id);
    UUID id = UUID.randomUUID();
    assertThat(t.computeIfPresent(id, (k, c) -> new Count(k, 99))).isNull();
    assertThat(t.get(id)).isNull();
    assertThat(t.compute(id, (k, c) -> new Count(k, c == null ? 1 : c.n() + 1)))
        .isEqualTo(new Count(id, 1));
    assertThat(t.computeIfPresent(id, (k, c) -> new Count(k, c.n() + 1)))
        .isEqualTo(new Count(id, 2));
    assertThat(t.size()).isEqualTo(1);
    assertThat(t.compute(id, (k, c) -> null)).isNull();
    assertThat(t.get(id)).isNull();
    assertThat(t.size()).isZero();
  }

  @Test
  void anElementOfAnotherIdIsRefusedAndChangesNothing() {
    ConcurrentIdTable<Count> t = new ConcurrentIdTable<>(Count::id);
    UUID id = UUID.randomUUID();
    t.compute(id, (k, c) -> new Count(k, 1));
    assertThatThrownBy(() -> t.compute(id, (k, c) -> new Count(UUID.randomUUID(), 2)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(t.get(id)).isEqualTo(new Count(id, 1));
  }

  /** Each id's updates are atomic: four threads counting on shared ids lose no increment. */
  @Test
  void updatesOfOneIdFromManyThreadsAreAtomic() throws Exception {
    ConcurrentIdTable<Count> t = new ConcurrentIdTable<>(Count::id);
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) ids.add(UUID.randomUUID());
    int perThread = 50_000;
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> runs = new ArrayList<>();
      for (int th = 0; th < 4; th++) {
        runs.add(pool.submit(() -> {
          for (int i = 0; i < perThread; i++) {
            UUID id = ids.get(ThreadLocalRandom.current().nextInt(ids.size()));
            t.compute(id, (k, c) -> new Count(k, c == null ? 1 : c.n() + 1));
          }
        }));
      }
      for (Future<?> f : runs) f.get();
    } finally {
      pool.shutdownNow();
    }
    int total = 0;
    for (UUID id : ids) {
      Count c = t.get(id);
      total += c == null ? 0 : c.n();
    }
    assertThat(total).isEqualTo(4 * perThread);
    assertThat(t.size()).isLessThanOrEqualTo(ids.size());
  }
}
