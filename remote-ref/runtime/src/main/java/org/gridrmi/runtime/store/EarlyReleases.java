package org.gridrmi.runtime.store;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.LongSupplier;

/**
 * Releases that arrived before the hold they end: a client releases a value on a server that is still fetching it for
 * one of its calls (the release and the fetch travel separately). The replica that arrives later must not be kept for
 * that client, which will never release it again. Remembered for one lease, at most {@code max} of them.
 */
final class EarlyReleases {
  private record Key(UUID holder, UUID id) {}

  private final int max;
  private final long ttlMillis;
  private final LongSupplier millis;
  private final LinkedHashMap<Key, Long> until = new LinkedHashMap<>(16, 0.75f, false) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Key, Long> eldest) {
      return size() > EarlyReleases.this.max;
    }
  };

  EarlyReleases(int max, long ttlMillis, LongSupplier millis) {
    this.max = max;
    this.ttlMillis = ttlMillis;
    this.millis = millis;
  }

  synchronized void record(UUID holder, UUID id) {
    until.put(new Key(holder, id), millis.getAsLong() + ttlMillis);
  }

  /** Whether {@code holder} released {@code id} before it was here; forgets it (a release ends one hold). */
  synchronized boolean consume(UUID holder, UUID id) {
    Long t = until.remove(new Key(holder, id));
    return t != null && t >= millis.getAsLong();
  }
}
