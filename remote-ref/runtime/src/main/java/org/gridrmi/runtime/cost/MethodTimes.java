package org.gridrmi.runtime.cost;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * A server's compute time per service method, from its own calls: a count and a sum of the time each invocation ran
 * (not its waiting for arguments or a thread). Bounded: at most {@value #MAX_METHODS} methods (a server exports a
 * fixed set; past the bound new methods are not counted). Thread-safe, lock-free on the call path.
 */
public final class MethodTimes {
  /** Methods counted. */
  public static final int MAX_METHODS = 1024;

  private final Map<String, Times> methods = new ConcurrentHashMap<>();

  private static final class Times {
    final LongAdder calls = new LongAdder();
    final LongAdder nanos = new LongAdder();
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
  }

  /**
   * The mean time {@code method} ran here, in nanoseconds, once it ran at least {@code minCalls} times; -1 before (or
   * for a method past the bound, never counted).
   */
  public long meanNanos(String method, long minCalls) {
    Times t = methods.get(method);
    if (t == null) return -1;
    long n = t.calls.sum();
    return n < Math.max(1, minCalls) ? -1 : t.nanos.sum() / n;
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
