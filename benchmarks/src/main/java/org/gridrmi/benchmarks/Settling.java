package org.gridrmi.benchmarks;

import java.time.Duration;

/**
 * When to stop waiting for the servers to free values after the client's GC ({@code bench memory}): as soon as none
 * is left, once the count has not reached a new low for a quiet period (releases come in bursts, as the client's
 * cleaner runs and its batches go out, so one flat reading is not the end), and at the latest after a maximum.
 */
final class Settling {
  private final long startNanos;
  private final long quietNanos;
  private final long maxNanos;
  private long lowest = Long.MAX_VALUE;
  private long lowestAtNanos;

  /**
   * @param startNanos when the wait began (the client's GC)
   * @param quiet how long the count may stay above its lowest before it counts as settled
   * @param max the longest wait
   */
  Settling(long startNanos, Duration quiet, Duration max) {
    this.startNanos = startNanos;
    this.quietNanos = quiet.toNanos();
    this.maxNanos = max.toNanos();
    this.lowestAtNanos = startNanos;
  }

  /** Takes the values held at {@code nowNanos} (all servers together); true once the wait is over. */
  boolean settled(long nowNanos, long values) {
    if (values < lowest) {
      lowest = values;
      lowestAtNanos = nowNanos;
    }
    return values == 0
        || nowNanos - lowestAtNanos >= quietNanos
        || nowNanos - startNanos >= maxNanos;
  }
}
