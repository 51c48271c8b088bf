package org.gridrmi.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The store's recency order, kept in the slots: what the access-ordered LinkedHashMap it replaces did. */
class SlotQueueTest {
  private final ValueStore store = TestStores.inMemory();
  private final Slot a = slot("a");
  private final Slot b = slot("b");
  private final Slot c = slot("c");
  private final SlotQueue q = new SlotQueue();

  private Slot slot(String label) {
    return new Slot(UUID.randomUUID(), label, store, null);
  }

  private List<String> order() {
    List<String> labels = new ArrayList<>();
    for (Slot s : q) labels.add(s.label());
    return labels;
  }

  @Test
  void touchingAddsAsNewestOrMovesThere() {
    q.touch(a);
    q.touch(b);
    q.touch(c);
    assertThat(order()).containsExactly("a", "b", "c");
    q.touch(a);
    assertThat(order()).containsExactly("b", "c", "a");
    q.touch(a);
    assertThat(order()).containsExactly("b", "c", "a");
    q.touch(c);
    assertThat(order()).containsExactly("b", "a", "c");
  }

  @Test
  void touchIfPresentLeavesAnAbsentSlotOut() {
    q.touch(a);
    q.touchIfPresent(b);
    assertThat(order()).containsExactly("a");
    assertThat(q.contains(b)).isFalse();
  }

  @Test
  void removingFromEitherEndOrTheMiddleKeepsTheRestInOrder() {
    q.touch(a);
    q.touch(b);
    q.touch(c);
    q.remove(b);
    assertThat(order()).containsExactly("a", "c");
    q.remove(b); // absent: nothing
    q.remove(a);
    assertThat(order()).containsExactly("c");
    q.remove(c);
    assertThat(order()).isEmpty();
    assertThat(q.contains(c)).isFalse();
    q.touch(b);
    assertThat(order()).containsExactly("b");
  }

  @Test
  void theIteratorRemovesWhatItReturnedLast() {
    q.touch(a);
    q.touch(b);
    q.touch(c);
    Iterator<Slot> it = q.iterator();
    assertThat(it.next()).isSameAs(a);
    assertThat(it.next()).isSameAs(b);
    it.remove();
    assertThat(it.next()).isSameAs(c);
    it.remove();
    assertThat(it.hasNext()).isFalse();
    assertThat(order()).containsExactly("a");
    assertThat(q.contains(b)).isFalse();
    assertThat(q.contains(c)).isFalse();
  }
}
