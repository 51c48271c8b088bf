package org.gridrmi.runtime;

import java.time.Duration;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.transport.Timeouts;

/**
 * The limits and timeouts of one Grid or server, set by its builder.
 *
 * @param timeouts how long remote calls may take
 * @param fetchWait the longest one fetch long-poll waits at the owner before it asks again
 * @param ioThreads threads for short remote calls (submits, renewals, releases) in flight at once
 * @param fetchThreads threads for fetch polls in flight at once (each may wait up to {@code fetchWait})
 * @param maxQueuedIo remote calls waiting for a thread before new ones are refused with RESOURCE_EXHAUSTED
 * @param referenceTransit how long a reference written inside a value that leaves this instance keeps its value held
 *     here after the write, so that the receiver registers its own hold first (see {@link TransitPins})
 * @param ticker where the runtime reads the time (leases, pins, retries); {@link Ticker#SYSTEM} but in tests
 */
public record RuntimeSettings(
    Timeouts timeouts,
    Duration fetchWait,
    int ioThreads,
    int fetchThreads,
    int maxQueuedIo,
    Duration referenceTransit,
    Ticker ticker) {
  public static final RuntimeSettings DEFAULT = new RuntimeSettings(
      Timeouts.DEFAULT, Duration.ofSeconds(10), 16, 64, 100_000, Duration.ofSeconds(60));

  /** Settings that read the time from {@link Ticker#SYSTEM}. */
  public RuntimeSettings(
      Timeouts timeouts,
      Duration fetchWait,
      int ioThreads,
      int fetchThreads,
      int maxQueuedIo,
      Duration referenceTransit) {
    this(
        timeouts, fetchWait, ioThreads, fetchThreads, maxQueuedIo, referenceTransit, Ticker.SYSTEM);
  }

  public RuntimeSettings {
    if (ticker == null) {
      throw new GridException(Status.INVALID_ARGUMENT, "a ticker is required (Ticker.SYSTEM)");
    }
    if (fetchWait == null || fetchWait.isNegative() || fetchWait.isZero()) {
      throw new GridException(Status.INVALID_ARGUMENT, "fetch wait must be positive: " + fetchWait);
    }
    if (referenceTransit == null || referenceTransit.isNegative() || referenceTransit.isZero()) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "reference transit must be positive: " + referenceTransit);
    }
    if (ioThreads < 1 || fetchThreads < 1 || maxQueuedIo < 1) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "thread and queue limits must be at least 1");
    }
  }

  public RuntimeSettings withTimeouts(Timeouts t) {
    return new RuntimeSettings(
        t, fetchWait, ioThreads, fetchThreads, maxQueuedIo, referenceTransit, ticker);
  }

  public RuntimeSettings withFetchWait(Duration wait) {
    return new RuntimeSettings(
        timeouts, wait, ioThreads, fetchThreads, maxQueuedIo, referenceTransit, ticker);
  }

  public RuntimeSettings withReferenceTransit(Duration transit) {
    return new RuntimeSettings(
        timeouts, fetchWait, ioThreads, fetchThreads, maxQueuedIo, transit, ticker);
  }

  /** The same settings, reading the time from {@code t}. */
  public RuntimeSettings withTicker(Ticker t) {
    return new RuntimeSettings(
        timeouts, fetchWait, ioThreads, fetchThreads, maxQueuedIo, referenceTransit, t);
  }
}
