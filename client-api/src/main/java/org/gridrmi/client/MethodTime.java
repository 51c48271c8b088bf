package org.gridrmi.client;

import java.util.List;
import java.util.Locale;
import org.gridrmi.runtime.cost.MethodCost;

/**
 * A server's compute time for one service method, learned from its own calls: the time from the start of each
 * invocation to its result (not the waiting for arguments or a thread), async and plain calls alike.
 *
 * @param method {@code Service.method} with the interface's simple name, as calls are labelled
 *     ({@code MatrixOps.times}); overloads share one entry
 * @param meanSeconds the mean time one call ran
 * @param calls how many calls ran
 */
public record MethodTime(String method, double meanSeconds, long calls) {
  static List<MethodTime> of(List<MethodCost> costs) {
    return costs == null
        ? List.of()
        : costs.stream()
            .map(c -> new MethodTime(c.method(), c.meanSeconds(), c.calls()))
            .toList();
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%s: %.3f ms x %d", method, meanSeconds * 1e3, calls);
  }
}
