package org.gridrmi.runtime;

/**
 * Where a Grid's or server's runtime reads the time: lease expiries, transit pins, early releases, pauses between
 * retries and the give-up of holder links all read it here, so that a test (or a simulation) can run them on a clock
 * it moves itself. Like Guava's {@code Ticker}: a monotonic count of nanoseconds from an arbitrary origin, never the
 * time of day; compare two readings by subtracting them.
 *
 * <p>Timers still run on the runtime's scheduler: a fake ticker changes what the runtime decides when a timer fires (or
 * when a test calls the sweep itself), not when the timer fires.
 */
@FunctionalInterface
public interface Ticker {
  /** {@link System#nanoTime()}: what every Grid and server uses unless its builder was given another. */
  Ticker SYSTEM = System::nanoTime;

  /** Nanoseconds since an arbitrary origin (the same one for every reading of this ticker). */
  long nanoTime();

  /** {@link #nanoTime()} in milliseconds. */
  default long millis() {
    return nanoTime() / 1_000_000L;
  }
}
