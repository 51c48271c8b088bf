package org.gridrmi.runtime.store;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.PriorityQueue;
import java.util.UUID;
import org.gridrmi.runtime.wire.HeldDigest;

/**
 * The value ids one holder holds at one owner, and their {@link HeldDigest}, kept together as ids come and go: on the
 * owner's side, its holder index ({@link ValueTable}); on the holder's side, what its link counts as held there. Each
 * change updates the digest in the same step (one lock per holder and owner), so the digest is always that of the set.
 * Thread-safe.
 *
 * <p>The ids are kept in an {@link IdTable}, which makes no object per id: a Grid's link keeps one id per reference
 * it holds, and an owner one per value held, so a set's 32-byte entry was an eighth of what a reference costs.
 */
public final class HeldIds {
  private final IdTable<UUID> ids = IdTable.ofIds();
  private HeldDigest digest = HeldDigest.EMPTY;

  /** Adds {@code id}; false if it was in the set already. */
  public synchronized boolean add(UUID id) {
    if (!ids.add(id)) return false;
    digest = digest.with(id);
    return true;
  }

  /** Removes {@code id}; false if it was not in the set. */
  public synchronized boolean remove(UUID id) {
    if (ids.remove(id) == null) return false;
    digest = digest.without(id);
    return true;
  }

  public synchronized boolean contains(UUID id) {
    return ids.contains(id);
  }

  public synchronized boolean isEmpty() {
    return ids.isEmpty();
  }

  public synchronized int size() {
    return ids.size();
  }

  /** Empties the set. */
  public synchronized void clear() {
    ids.clear();
    digest = HeldDigest.EMPTY;
  }

  /** The digest of the set now. */
  public synchronized HeldDigest digest() {
    return digest;
  }

  /** A copy of the set now, in no order. */
  public synchronized List<UUID> snapshot() {
    List<UUID> copy = new ArrayList<>(ids.size());
    ids.forEach(copy::add);
    return copy;
  }

  /**
   * At most {@code max} ids of the set greater than {@code after} ({@link UUID#compareTo}), the smallest first: one page
   * of the set, the next page starting after its last id; from the smallest for {@code after} null. Costs one pass
   * over the set and a heap of {@code max} ids, whatever the page.
   */
  public synchronized List<UUID> page(UUID after, int max) {
    if (max <= 0) return List.of();
    PriorityQueue<UUID> smallest =
        new PriorityQueue<>(Collections.reverseOrder()); // the largest on top
    ids.forEach(id -> {
      if (after != null && id.compareTo(after) <= 0) return;
      if (smallest.size() < max) smallest.add(id);
      else if (id.compareTo(smallest.peek()) < 0) {
        smallest.poll();
        smallest.add(id);
      }
    });
    List<UUID> page = new ArrayList<>(smallest);
    Collections.sort(page);
    return page;
  }
}
