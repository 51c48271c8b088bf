package org.gridrmi.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The contract of {@link IdTable}: a map by id whose elements carry their ids, checked against a HashMap. */
class IdTableTest {
  /** An element that carries its id, as a client's watch of a reference does. */
  private record Entry(UUID id, int n) {}

  @Test
  void addKeepsTheElementThereAndPutReplacesIt() {
    IdTable<Entry> t = new IdTable<>(Entry::id);
    UUID id = UUID.randomUUID();
    Entry first = new Entry(id, 1);
    assertThat(t.add(first)).isTrue();
    assertThat(t.add(new Entry(id, 2))).isFalse();
    assertThat(t.get(id)).isSameAs(first);
    Entry third = new Entry(id, 3);
    assertThat(t.put(third)).isSameAs(first);
    assertThat(t.get(id)).isSameAs(third);
    assertThat(t.size()).isEqualTo(1);
    assertThat(t.remove(id)).isSameAs(third);
    assertThat(t.remove(id)).isNull();
    assertThat(t.get(id)).isNull();
    assertThat(t.isEmpty()).isTrue();
  }

  @Test
  void anEqualIdFromAnotherObjectFindsTheElement() {
    IdTable<UUID> t = IdTable.ofIds();
    UUID id = UUID.randomUUID();
    t.add(id);
    UUID copy = new UUID(id.getMostSignificantBits(), id.getLeastSignificantBits());
    assertThat(t.contains(copy)).isTrue();
    assertThat(t.get(copy)).isSameAs(id);
  }

  @Test
  void nullsAreRefused() {
    IdTable<Entry> t = new IdTable<>(Entry::id);
    assertThatThrownBy(() -> t.add(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> t.put(new Entry(null, 1))).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> t.get(null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void growsPastThreeQuartersAndShrinksBelowAnEighth() {
    IdTable<UUID> t = IdTable.ofIds();
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      ids.add(UUID.randomUUID());
      t.add(ids.get(i));
    }
    assertThat(t.capacity()).isEqualTo(16); // 12 of 16: three quarters
    ids.add(UUID.randomUUID());
    t.add(ids.get(12));
    assertThat(t.capacity()).isEqualTo(32);
    for (int i = 0; i < 10_000; i++) {
      UUID id = UUID.randomUUID();
      ids.add(id);
      t.add(id);
    }
    assertThat(t.capacity()).isEqualTo(16_384); // 10,013 ids: more than 3/4 of 8,192
    for (UUID id : ids) assertThat(t.contains(id)).isTrue();
    for (UUID id : ids.subList(0, ids.size() - 3)) assertThat(t.remove(id)).isSameAs(id);
    assertThat(t.capacity()).isEqualTo(IdTable.MIN_CAPACITY);
    assertThat(t.size()).isEqualTo(3);
    for (UUID id : ids.subList(ids.size() - 3, ids.size()))
      assertThat(t.contains(id)).isTrue();
  }

  /**
   * Random adds, puts and removes against a HashMap, on ids drawn from a small pool so that removals happen in the
   * middle of long probe runs (backward-shift deletion must keep every remaining element reachable).
   */
  @Test
  void behavesAsAMapUnderRandomChanges() {
    Random random = new Random(30);
    List<UUID> pool = new ArrayList<>();
    for (int i = 0; i < 3_000; i++) pool.add(new UUID(random.nextLong(), random.nextLong()));
    IdTable<Entry> t = new IdTable<>(Entry::id);
    Map<UUID, Entry> model = new HashMap<>();
    for (int step = 0; step < 200_000; step++) {
      UUID id = pool.get(random.nextInt(pool.size()));
      switch (random.nextInt(4)) {
        case 0 -> {
          Entry e = new Entry(id, step);
          assertThat(t.add(e)).isEqualTo(!model.containsKey(id));
          model.putIfAbsent(id, e);
        }
        case 1 -> {
          Entry e = new Entry(id, step);
          assertThat(t.put(e)).isEqualTo(model.put(id, e));
        }
        default -> assertThat(t.remove(id)).isEqualTo(model.remove(id));
      }
      assertThat(t.size()).isEqualTo(model.size());
      if (step % 5_000 == 0) {
        for (UUID p : pool) assertThat(t.get(p)).isEqualTo(model.get(p));
        Set<Entry> seen = new HashSet<>();
        t.forEach(seen::add);
        assertThat(seen).isEqualTo(new HashSet<>(model.values()));
      }
    }
    t.clear();
    assertThat(t.size()).isZero();
    for (UUID p : pool) assertThat(t.contains(p)).isFalse();
  }
}
