package org.gridrmi.client.internal.placement;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * When each server's compute threads become free, as far as the calls placed so far are concerned: a call occupies
 * the thread that frees first, from its start to its predicted end. Small (one number per thread per server), so a
 * copy is cheap: the exhaustive search and what-if predictions work on copies.
 */
public final class Timeline {
  private final Map<String, double[]> freeAt = new HashMap<>();

  /** The earliest time at or after {@code notBefore} when {@code server} has a thread free. */
  public double earliest(String server, int threads, double notBefore) {
    double[] slots = freeAt.get(server);
    if (slots == null) return notBefore;
    double min = Double.POSITIVE_INFINITY;
    for (int i = 0; i < Math.min(threads, slots.length); i++) min = Math.min(min, slots[i]);
    if (slots.length < threads) min = Double.NEGATIVE_INFINITY; // a thread never used yet
    return Math.max(notBefore, min);
  }

  /** A call runs on {@code server} from {@code start} to {@code end}: the thread free first is taken. */
  public void occupy(String server, int threads, double start, double end) {
    double[] slots = freeAt.computeIfAbsent(server, s -> filled(threads));
    if (slots.length < threads) {
      int old = slots.length;
      slots = Arrays.copyOf(slots, threads);
      Arrays.fill(slots, old, threads, Double.NEGATIVE_INFINITY);
      freeAt.put(server, slots);
    }
    int first = 0;
    for (int i = 1; i < threads; i++) if (slots[i] < slots[first]) first = i;
    slots[first] = Math.max(slots[first], end > start ? end : start);
  }

  /** An independent copy. */
  public Timeline copy() {
    Timeline t = new Timeline();
    freeAt.forEach((k, v) -> t.freeAt.put(k, v.clone()));
    return t;
  }

  private static double[] filled(int n) {
    double[] a = new double[n];
    Arrays.fill(a, Double.NEGATIVE_INFINITY);
    return a;
  }
}
