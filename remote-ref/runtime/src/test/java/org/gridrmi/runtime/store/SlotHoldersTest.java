package org.gridrmi.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A slot's holders, kept as one id, a few, or a concurrent set: the same answers as a set, whatever the count. */
class SlotHoldersTest {
  private final Slot slot = new Slot(UUID.randomUUID(), "v", TestStores.inMemory(), null);

  @Test
  void addsAndRemovesLikeASetThroughEveryForm() {
    List<UUID> hs = new ArrayList<>();
    for (int i = 0; i < Slot.MAX_FEW_HOLDERS + 3; i++) hs.add(UUID.randomUUID());
    assertThat(slot.unheld()).isTrue();
    for (UUID h : hs) {
      assertThat(slot.addHolder(h)).isTrue();
      assertThat(slot.addHolder(h)).as("again").isFalse();
      assertThat(slot.heldBy(h)).isTrue();
    }
    assertThat(slot.heldBy(UUID.randomUUID())).isFalse();
    assertThat(slot.removeHolder(UUID.randomUUID())).isFalse();
    for (UUID h : hs) {
      assertThat(slot.unheld()).isFalse();
      assertThat(slot.removeHolder(h)).isTrue();
      assertThat(slot.removeHolder(h)).as("again").isFalse();
      assertThat(slot.heldBy(h)).isFalse();
    }
    assertThat(slot.unheld()).isTrue();
  }

  @Test
  @Timeout(10)
  void aValueHeldByVeryManyCostsNoCopyPerHold() {
    for (int i = 0; i < 200_000; i++) slot.addHolder(new UUID(0, i));
    assertThat(slot.heldBy(new UUID(0, 199_999))).isTrue();
  }

  @Test
  void concurrentHoldsAndReleasesLoseNone() throws Exception {
    int threads = 4;
    int each = 2_000;
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> ts = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int k = t;
      Thread th = new Thread(() -> {
        try {
          start.await();
        } catch (InterruptedException e) {
          return;
        }
        for (int i = 0; i < each; i++) {
          UUID h = new UUID(k, i);
          slot.addHolder(h);
          if (i % 2 == 0) slot.removeHolder(h);
        }
      });
      th.start();
      ts.add(th);
    }
    start.countDown();
    for (Thread th : ts) th.join();
    for (int t = 0; t < threads; t++) {
      for (int i = 0; i < each; i++) assertThat(slot.heldBy(new UUID(t, i))).isEqualTo(i % 2 == 1);
    }
  }
}
