package org.gridrmi.runtime.cost;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * A server's compute time per service method, from its own calls: a count and a sum of the time each invocation ran
 * (not its waiting for arguments or a thread), and the times of its last {@value #RECENT_RUNS} runs. Bounded: at most {@value #MAX_METHODS} methods (a server exports a
 * fixed set; past the bound new methods are not counted). Thread-safe, lock-free on the call path.
 */
public final class MethodTimes {
  /** Methods counted. */
  public static final int MAX_METHODS = 1024;

  /** The runs of each method whose times are kept for {@link #typicalNanos} (a power of two). */
  public static final int RECENT_RUNS = 8;

  private final Map<String, Times> methods = new ConcurrentHashMap<>();

  private static final class Times {
    final LongAdder calls = new LongAdder();
    final LongAdder nanos = new LongAdder();
    /** The last runs' times, a ring: run n's at n mod {@link #RECENT_RUNS}. */
    final AtomicLongArray recent = new AtomicLongArray(RECENT_RUNS);

    final AtomicInteger runs = new AtomicInteger();
  }

  /** One invocation of {@code method} ran for {@code nanos}. */
  public void record(String method, long nanos) {
    Times t = methods.get(method);
    if (t == null) {
      if (methods.size() >= MAX_METHODS) return;
      t = methods.computeIfAbsent(method, m -> new Times());
    }
    t.calls.increment();
    t.nanos.add(Math.max(0, nanos));
    int run = t.runs.getAndUpdate(n -> n == Integer.MAX_VALUE ? RECENT_RUNS : n + 1);
    t.recent.set(run & (RECENT_RUNS - 1), Math.max(0, nanos));
  }

  /**
   * How long {@code method} typically runs here now, in nanoseconds: the median (the lower of the two middle ones) of
   * its last {@value #RECENT_RUNS} runs; -1 until it ran that often (or for a method past the bound, never counted).
   * Unlike the mean of {@link #snapshot}, a slow first run (class loading, interpreted code) or a rare outlier does not
   * hide that a method is quick now, and a method that turned slow shows it within a few runs. An estimate: runs
   * recorded while it is read may or may not count.
   */
  public long typicalNanos(String method) {
    Times t = methods.get(method);
    if (t == null || t.runs.get() < RECENT_RUNS) return -1;
    long[] last = new long[RECENT_RUNS];
    for (int i = 0; i < last.length; i++) last[i] = t.recent.get(i);
    java.util.Arrays.sort(last);
    return last[(RECENT_RUNS - 1) / 2];
  }

  /** The mean time and count of each method that ran, by name. */
  public List<MethodCost> snapshot() {
    List<MethodCost> out = new ArrayList<>();
    methods.forEach((m, t) -> {
      long n = t.calls.sum();
      if (n > 0) out.add(new MethodCost(m, t.nanos.sum() / 1e9 / n, n));
    });
    out.sort(java.util.Comparator.comparing(MethodCost::method));
    return out;
  }
}
