package org.gridrmi.client;

import java.time.Duration;
import java.util.Arrays;
import org.gridrmi.runtime.telemetry.CallTimes;

/**
 * How long a server's calls took from their arrival to their value (waiting for arguments, queued, computing),
 * counted since the server started in logarithmic buckets (four per doubling, so a percentile is within 10% or so).
 * The calls of an interval are the difference of two readings ({@link #since}).
 */
public final class CallLatency {
  private final long[] counts;

  CallLatency(long[] counts) {
    this.counts = counts.clone();
  }

  /** Calls counted. */
  public long count() {
    return Arrays.stream(counts).sum();
  }

  /** The calls counted here and not in {@code earlier} (an earlier reading of the same server). */
  public CallLatency since(CallLatency earlier) {
    long[] d = counts.clone();
    for (int i = 0; i < Math.min(d.length, earlier.counts.length); i++)
      d[i] = Math.max(0, d[i] - earlier.counts[i]);
    return new CallLatency(d);
  }

  /**
   * The {@code q}-quantile of the calls counted (0.5: the median, 0.99), or null if none were.
   *
   * @throws IllegalArgumentException for {@code q} outside 0 to 1
   */
  public Duration percentile(double q) {
    if (q < 0 || q > 1)
      throw new IllegalArgumentException("a quantile is between 0 and 1, not " + q);
    double micros = CallTimes.percentileMicros(counts, q);
    return Double.isNaN(micros) ? null : Duration.ofNanos(Math.round(micros * 1000));
  }

  @Override
  public String toString() {
    return count() == 0
        ? "no calls"
        : count() + " calls, p50 " + percentile(0.5) + ", p99 " + percentile(0.99);
  }
}
