package org.gridrmi.runtime;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link Ticker} that moves only when told: for tests and simulations that decide when leases lapse, pins let go
 * and holder links give up, instead of waiting for it. Thread-safe; starts at an arbitrary reading.
 */
public final class ManualTicker implements Ticker {
  private final AtomicLong now = new AtomicLong(1_000_000_000_000L);

  @Override
  public long nanoTime() {
    return now.get();
  }

  /**
   * Moves the time forward by {@code d}.
   *
   * @throws IllegalArgumentException if {@code d} is negative (a ticker never goes back)
   */
  public void advance(Duration d) {
    if (d.isNegative()) throw new IllegalArgumentException("a ticker never goes back: " + d);
    now.addAndGet(d.toNanos());
  }
}
