package org.gridrmi.runtime.store;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.LongSupplier;

/**
 * Releases that arrived before the hold they end: a client releases a value on a server that is still fetching it for
 * one of its calls (the release and the fetch travel separately). The replica that arrives later must not be kept for
 * that client, which will never release it again. Remembered for one lease, at most {@code max} of them, each with the
 * sequence number of the release ({@link ValueTable#UNNUMBERED} for none), so that a hold of the same link numbered
 * higher (made after the release) is not taken for one the release ended.
 */
final class EarlyReleases {
  private record Key(UUID holder, UUID id) {}

  /** A release remembered (not named Entry: inside the map's subclass below, javac 25 takes that name for Map.Entry). */
  private record Remembered(long until, long sequence) {}

  /** What {@link #take} returns when no release is remembered. */
  static final long NONE = -1;

  private final int max;
  private final long ttlMillis;
  private final LongSupplier millis;
  private final LinkedHashMap<Key, Remembered> released = new LinkedHashMap<>(16, 0.75f, false) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Key, Remembered> eldest) {
      return size() > EarlyReleases.this.max;
    }
  };

  EarlyReleases(int max, long ttlMillis, LongSupplier millis) {
    this.max = max;
    this.ttlMillis = ttlMillis;
    this.millis = millis;
  }

  /** {@code holder} released {@code id}, not here (or not held by it); keeps the higher number of two. */
  synchronized void record(UUID holder, UUID id, long sequence) {
    long until = millis.getAsLong() + ttlMillis;
    released.merge(
        new Key(holder, id),
        new Remembered(until, sequence),
        (a, b) -> new Remembered(until, Math.max(a.sequence(), b.sequence())));
  }

  /**
   * The sequence number of {@code holder}'s release of {@code id} that came before the value (or before it held it):
   * {@link ValueTable#UNNUMBERED} for an unnumbered one, {@link #NONE} if there is none (or it is older than a lease).
   * Forgets it: a release ends one hold.
   */
  synchronized long take(UUID holder, UUID id) {
    Remembered e = released.remove(new Key(holder, id));
    return e == null || e.until() < millis.getAsLong() ? NONE : e.sequence();
  }
}
