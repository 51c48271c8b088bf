package org.gridrmi.client.internal;

/**
 * When a channel stops gathering calls into one batch ({@link ServerChannel}): a chain split in two waits a whole
 * round trip for its second half, so where round trips are long the channel waits while the chain is still being
 * made. It stops as soon as the thread that made the last call is no longer running (it waits, typically in
 * {@code get()} for the chain's result), else after a quiet gap without a new call, and at the latest after a
 * tenth of a round trip.
 *
 * @param quietGapNanos the longest wait for the next call: a hundredth of the round trip, 30-500 us
 * @param maxNanos the longest wait in all: a tenth of the round trip, at most 5 ms
 */
record Linger(long quietGapNanos, long maxNanos) {
  /** Under this round trip a split chain costs little, and nothing waits. */
  static final long MIN_ROUND_TRIP_NANOS = 1_000_000;

  static final long MIN_QUIET_GAP_NANOS = 30_000;
  static final long MAX_QUIET_GAP_NANOS = 500_000;
  static final long MAX_LINGER_NANOS = 5_000_000;

  /** The policy for a channel whose submits take {@code roundTripNanos}; null where lingering is not worth it. */
  static Linger forRoundTrip(long roundTripNanos) {
    if (roundTripNanos < MIN_ROUND_TRIP_NANOS) return null;
    long gap = Math.max(MIN_QUIET_GAP_NANOS, Math.min(roundTripNanos / 100, MAX_QUIET_GAP_NANOS));
    return new Linger(gap, Math.min(roundTripNanos / 10, MAX_LINGER_NANOS));
  }

  /**
   * @param startNanos when the wait began
   * @param lastCallNanos when the last call arrived (or the start)
   * @param nowNanos now
   * @param callerRunning whether the thread that made the last call is running
   */
  boolean keepWaiting(long startNanos, long lastCallNanos, long nowNanos, boolean callerRunning) {
    return callerRunning
        && nowNanos - lastCallNanos < quietGapNanos
        && nowNanos - startNanos < maxNanos;
  }
}
