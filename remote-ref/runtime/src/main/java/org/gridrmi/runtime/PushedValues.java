package org.gridrmi.runtime;

import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.gridrmi.runtime.serial.Codecs;
import org.gridrmi.runtime.wire.FetchResult;

/**
 * Values their owners pushed to this node before a fetch here asked for them ({@code NodeProtocol.push}), kept for the
 * fetch to come. Peers feed it, so it is bounded in count (in all, and per owner), bytes and time: a push past a limit
 * is not kept, and one not taken within {@link #KEEP} is dropped. Either way nothing is lost: the owner still has the
 * value (a push costs it nothing it keeps), and the fetch asks for it as it would without a push. A kept value is
 * taken only by a fetch of its id from the owner that pushed it, once. Thread-safe.
 */
final class PushedValues {
  /** The most values kept at once. */
  static final int MAX_VALUES = 1024;
  /** The most values kept at once from one owner, so that one peer cannot take every place. */
  static final int MAX_PER_OWNER = 256;
  /** The most bytes kept at once (each value is at most a receipt's answer, 64 KB). */
  static final long MAX_BYTES = 8L << 20;
  /**
   * How long a pushed value waits for its fetch: the consumer's batch left the client with the producer's, so it is
   * here within a round trip or two of the push unless something failed; then the fetch asks as before.
   */
  static final Duration KEEP = Duration.ofSeconds(2);
  /** What a "fetch it" (no value) counts against {@link #MAX_BYTES}, and each value besides its size. */
  static final long NO_VALUE_BYTES = 1024;

  private record Kept(String owner, FetchResult result, long bytes, long atNanos) {}

  private final Ticker ticker;
  /** In the order they arrived, which is the order of their arrival times (the ticker never goes back). */
  private final LinkedHashMap<UUID, Kept> kept = new LinkedHashMap<>();

  private final Map<String, Integer> perOwner = new HashMap<>();
  private long bytes;

  PushedValues(Ticker ticker) {
    this.ticker = ticker;
  }

  /**
   * Keeps {@code result}, the value {@code id} pushed by {@code owner}, for a fetch to come.
   *
   * @return false if it is not kept: one for this id is kept already, or a limit is reached
   */
  synchronized boolean offer(String owner, UUID id, FetchResult result) {
    long now = ticker.nanoTime();
    expire(now);
    long size = sizeOf(result);
    if (kept.containsKey(id)
        || kept.size() >= MAX_VALUES
        || perOwner.getOrDefault(owner, 0) >= MAX_PER_OWNER
        || bytes + size > MAX_BYTES) {
      return false;
    }
    kept.put(id, new Kept(owner, result, size, now));
    perOwner.merge(owner, 1, Integer::sum);
    bytes += size;
    return true;
  }

  /** The value {@code id} that {@code owner} pushed, taken (it is kept no longer), or null if none is kept. */
  synchronized FetchResult take(String owner, UUID id) {
    expire(ticker.nanoTime());
    Kept k = kept.get(id);
    if (k == null || !k.owner().equals(owner)) return null;
    remove(id, k);
    return k.result();
  }

  /** How many values are kept now (tests, stats). */
  synchronized int size() {
    expire(ticker.nanoTime());
    return kept.size();
  }

  private void expire(long now) {
    for (Iterator<Map.Entry<UUID, Kept>> i = kept.entrySet().iterator(); i.hasNext(); ) {
      Kept k = i.next().getValue();
      if (now - k.atNanos() < KEEP.toNanos()) return;
      i.remove();
      forget(k);
    }
  }

  private void remove(UUID id, Kept k) {
    kept.remove(id);
    forget(k);
  }

  private void forget(Kept k) {
    bytes -= k.bytes();
    perOwner.computeIfPresent(k.owner(), (o, n) -> n <= 1 ? null : n - 1);
  }

  /** What {@code r} counts against {@link #MAX_BYTES}: its value's size by its class's codec, plus a constant. */
  static long sizeOf(FetchResult r) {
    if (r.state() != FetchResult.State.READY || r.value().serialized()) return NO_VALUE_BYTES;
    Object v = r.value().decoded();
    return v == null || Codecs.forClass(v.getClass()) == null
        ? NO_VALUE_BYTES
        : NO_VALUE_BYTES + Codecs.size(v);
  }
}
