package org.gridrmi.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.gridrmi.runtime.wire.HeldDigest;
import org.gridrmi.testing.HeapUse;
import org.junit.jupiter.api.Test;

class HeldIdsTest {
  @Test
  void theDigestIsAlwaysThatOfTheSet() {
    Random random = new Random(7);
    List<UUID> pool = new ArrayList<>();
    for (int i = 0; i < 500; i++) pool.add(new UUID(random.nextLong(), random.nextLong()));
    HeldIds held = new HeldIds();
    Set<UUID> model = new HashSet<>();
    for (int step = 0; step < 20_000; step++) {
      UUID id = pool.get(random.nextInt(pool.size()));
      if (random.nextBoolean()) assertThat(held.add(id)).isEqualTo(model.add(id));
      else assertThat(held.remove(id)).isEqualTo(model.remove(id));
      if (step % 500 == 0) {
        assertThat(held.digest()).isEqualTo(HeldDigest.of(model));
        assertThat(new HashSet<>(held.snapshot())).isEqualTo(model);
      }
    }
    assertThat(held.size()).isEqualTo(model.size());
    assertThat(held.digest()).isEqualTo(HeldDigest.of(model));
    List<UUID> all = new ArrayList<>();
    for (List<UUID> page = held.page(null, 64);
        !page.isEmpty();
        page = held.page(page.get(page.size() - 1), 64)) all.addAll(page);
    assertThat(all).isSorted().containsExactlyInAnyOrderElementsOf(model);
    held.clear();
    assertThat(held.digest()).isEqualTo(HeldDigest.EMPTY);
  }

  /**
   * A Grid's link keeps one id per reference it holds, and an owner one per value held: the set must cost its table,
   * not an entry object per id. Before: a HashSet, 38 bytes an id (its 32-byte entry and its table); now about 7.
   */
  @Test
  void anIdHeldCostsNoObjectOfItsOwn() {
    int n = 100_000;
    List<UUID> ids = new ArrayList<>(n);
    for (int i = 0; i < n; i++) ids.add(new UUID(i, 31L * i)); // made before the baseline
    HeldIds held = new HeldIds();
    long before = HeapUse.afterGc();
    for (UUID id : ids) held.add(id);
    long perId = (HeapUse.afterGc() - before) / n;
    assertThat(held.size()).isEqualTo(n);
    assertThat(perId).as("heap per id held, bytes").isLessThan(16);
  }
}
