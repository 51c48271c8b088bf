package org.gridrmi.runtime.telemetry;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How long a server's calls took, from arrival to their value, as counts in fixed logarithmic buckets (four per
 * doubling, from 1 us to over an hour): what {@code stats()} carries, so that {@code gridrmi status --watch} shows
 * calls per second and percentiles without any metrics backend. Recording is one array increment, with or without
 * OpenTelemetry; percentiles of an interval come from the difference of two snapshots ({@link #percentileMicros}).
 */
public final class CallTimes {
  /** Bucket 0 is under 1 us; bucket i > 0 covers [{@link #lowerMicros}(i), {@link #lowerMicros}(i + 1)). */
  public static final int BUCKETS = 1 + 4 * 32;

  private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);

  /** Counts one call that took {@code nanos}. */
  public void record(long nanos) {
    counts.incrementAndGet(bucket(nanos));
  }

  /** The counts now, per bucket. */
  public long[] snapshot() {
    long[] c = new long[BUCKETS];
    for (int i = 0; i < BUCKETS; i++) c[i] = counts.get(i);
    return c;
  }

  static int bucket(long nanos) {
    long us = nanos / 1000;
    if (us < 1) return 0;
    int e = 63 - Long.numberOfLeadingZeros(us); // floor(log2 us)
    int sub =
        (int) ((e >= 2 ? us >> (e - 2) : us << (2 - e)) & 3); // the two bits after the leading one
    return Math.min(BUCKETS - 1, 1 + 4 * e + sub);
  }

  /** The smallest duration, in microseconds, bucket {@code i} counts. */
  public static double lowerMicros(int i) {
    if (i <= 0) return 0;
    int e = (i - 1) / 4, sub = (i - 1) % 4;
    return (4 + sub) * Math.pow(2, e) / 4;
  }

  /**
   * The {@code q}-quantile (0 to 1) of the calls counted in {@code counts} (a snapshot, or the difference of two),
   * as the middle of its bucket, in microseconds; NaN if there are none.
   */
  public static double percentileMicros(long[] counts, double q) {
    long total = 0;
    for (long c : counts) total += c;
    if (total == 0) return Double.NaN;
    long rank = Math.max(1, (long) Math.ceil(q * total));
    long seen = 0;
    for (int i = 0; i < counts.length; i++) {
      seen += counts[i];
      if (seen >= rank) return i == 0 ? 0.5 : Math.sqrt(lowerMicros(i) * lowerMicros(i + 1));
    }
    return lowerMicros(counts.length - 1);
  }
}
