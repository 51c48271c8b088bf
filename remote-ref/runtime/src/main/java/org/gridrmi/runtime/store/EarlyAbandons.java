package org.gridrmi.runtime.store;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.LongSupplier;
import org.gridrmi.runtime.wire.Borrower;

/**
 * Abandons that arrived before the value they name: a borrower says it no longer waits for a value (the call that took
 * it was cancelled at once, its result released as soon as its batch was accepted) before the batch that makes the
 * value reached this owner; the client's batches to the owner and to the borrower travel separately. When the value
 * is made, the borrower counts as having it ({@link Slot#fetched}), so that the holder's release naming it keeps
 * nothing for it (it kept the value a lease). Remembered for one lease, at most {@code max} of them, one node per value
 * and address (as {@link Slot} remembers who fetched), so that abandons naming made-up ids cost a bounded table.
 */
final class EarlyAbandons {
  /** An abandon remembered (not named Entry: inside the map's subclass below, javac 25 takes that name for Map.Entry). */
  private record Remembered(long until, UUID node) {}

  private final int max;
  private final long ttlMillis;
  private final LongSupplier millis;
  /**
   * By value id, by borrower address. An abandon is authorized for its requester's own address only (see
   * RequesterCheck), so each id's map holds one entry per node that borrows it.
   */
  private final LinkedHashMap<UUID, Map<String, Remembered>> abandoned =
      new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<UUID, Map<String, Remembered>> eldest) {
          return size() > EarlyAbandons.this.max;
        }
      };

  EarlyAbandons(int max, long ttlMillis, LongSupplier millis) {
    this.max = max;
    this.ttlMillis = ttlMillis;
    this.millis = millis;
  }

  /** {@code borrower} no longer waits for {@code id}, which is not here; replaces an earlier life at its address. */
  synchronized void record(UUID id, Borrower borrower) {
    abandoned
        .computeIfAbsent(id, k -> new HashMap<>(2))
        .put(borrower.address(), new Remembered(millis.getAsLong() + ttlMillis, borrower.node()));
  }

  /** Marks the borrowers that abandoned {@code s} less than a lease before it was here as having it; forgets them. */
  void applyTo(Slot s) {
    Map<String, Remembered> early;
    synchronized (this) {
      if (abandoned.isEmpty()) return;
      early = abandoned.remove(s.id());
    }
    if (early == null) return;
    long now = millis.getAsLong();
    early.forEach((address, r) -> {
      if (r.until() >= now) s.fetched(new Borrower(address, r.node()));
    });
  }
}
