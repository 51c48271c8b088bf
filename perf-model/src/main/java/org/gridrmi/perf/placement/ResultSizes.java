package org.gridrmi.perf.placement;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a client learned of the sizes of methods' results, from the results it saw: per method and shape of its
 * arguments (their sizes, each rounded to a power of two, so {@code times(n x n, n x 1)} and
 * {@code times(n x n, n x n)} are told apart), else per method. A method not seen yet is assumed to return as much as
 * its largest argument. Bounded ({@value #MAX_KEYS} keys, the least recently used forgotten). Thread-safe.
 */
public final class ResultSizes {
  static final int MAX_KEYS = 4096;
  private final Map<String, Double> sizes = new LinkedHashMap<>(64, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Double> eldest) {
      return size() > MAX_KEYS;
    }
  };

  /** A result of {@code method} taking arguments of {@code argBytes} was {@code bytes} long. */
  public synchronized void learn(String method, double[] argBytes, double bytes) {
    if (!(bytes >= 0)) return;
    sizes.merge(key(method, argBytes), bytes, (old, n) -> old + (n - old) / 4); // a moving mean
    sizes.merge(method, bytes, (old, n) -> old + (n - old) / 4);
  }

  /** The expected size of a result of {@code method} taking arguments of {@code argBytes} (NaN where unknown). */
  public synchronized double expect(String method, double[] argBytes) {
    Double exact = sizes.get(key(method, argBytes));
    if (exact != null) return exact;
    Double any = sizes.get(method);
    if (any != null) return any;
    double largest = Double.NaN;
    for (double b : argBytes) if (!Double.isNaN(b) && !(b <= largest)) largest = b;
    return largest;
  }

  /** The expected size of a result of each method seen, whatever its arguments. */
  public synchronized Map<String, Double> perMethod() {
    Map<String, Double> out = new java.util.HashMap<>();
    sizes.forEach((k, v) -> {
      if (k.indexOf('(') < 0) out.put(k, v);
    });
    return out;
  }

  /** Whether a result of {@code method} was seen. */
  public synchronized boolean knows(String method) {
    return sizes.containsKey(method);
  }

  private static String key(String method, double[] argBytes) {
    StringBuilder b = new StringBuilder(method).append('(');
    for (double a : argBytes) {
      b.append(Double.isNaN(a) ? "?" : String.valueOf(64 - Long.numberOfLeadingZeros((long) a)))
          .append(',');
    }
    return b.append(')').toString();
  }
}
