package org.gridrmi.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What a small value costs the table that holds it, by the heap used after a full collection with 20,000 values
 * minus the same before them: the representation, not the value (a one-element array), is what is bounded here.
 */
class ValueTableFootprintTest {
  private static final int VALUES = 20_000;

  @Test
  void aValueWithOneHolderCostsNoSetsOrMapsOfItsOwn() {
    UUID self = UUID.randomUUID();
    UUID client = UUID.randomUUID();
    ValueTable table = new ValueTable(self, 60_000, TestStores.inMemory(), () -> 0L);
    String label = "S1.method1";
    List<UUID> ids = new ArrayList<>(VALUES);
    for (int i = 0; i < VALUES; i++) ids.add(new UUID(i, i)); // made before the baseline
    long before = usedAfterGc();
    for (UUID id : ids) {
      Slot s = table.create(id, client, label);
      s.set(new byte[1]);
    }
    long perValue = (usedAfterGc() - before) / VALUES;
    assertThat(table.size()).isEqualTo(VALUES);
    // a slot, its future, the table's entries (by id, by holder) and the store's; before: several
    // concurrent sets and maps per value, 687 bytes; after, 296
    assertThat(perValue).as("heap per value, bytes").isLessThan(400);
  }

  private static long usedAfterGc() {
    for (int i = 0; i < 3; i++) System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
