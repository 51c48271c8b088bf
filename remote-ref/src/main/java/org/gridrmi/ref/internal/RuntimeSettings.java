package org.gridrmi.ref.internal;

import java.time.Duration;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.transport.Timeouts;

/**
 * The limits and timeouts of one Grid or server, set by its builder.
 *
 * @param timeouts how long remote calls may take
 * @param fetchWait the longest one fetch long-poll waits at the owner before it asks again
 * @param ioThreads threads for short remote calls (submits, renewals, releases) in flight at once
 * @param fetchThreads threads for fetch polls in flight at once (each may wait up to {@code fetchWait})
 * @param maxQueuedIo remote calls waiting for a thread before new ones are refused with RESOURCE_EXHAUSTED
 */
public record RuntimeSettings(Timeouts timeouts, Duration fetchWait, int ioThreads, int fetchThreads,
    int maxQueuedIo) {
  public static final RuntimeSettings DEFAULT = new RuntimeSettings(Timeouts.DEFAULT, Duration.ofSeconds(10), 16, 64,
      100_000);

  public RuntimeSettings {
    if (fetchWait == null || fetchWait.isNegative() || fetchWait.isZero()) {
      throw new GridException(Status.INVALID_ARGUMENT, "fetch wait must be positive: " + fetchWait);
    }
    if (ioThreads < 1 || fetchThreads < 1 || maxQueuedIo < 1) {
      throw new GridException(Status.INVALID_ARGUMENT, "thread and queue limits must be at least 1");
    }
  }

  public RuntimeSettings withTimeouts(Timeouts t) {
    return new RuntimeSettings(t, fetchWait, ioThreads, fetchThreads, maxQueuedIo);
  }

  public RuntimeSettings withFetchWait(Duration wait) {
    return new RuntimeSettings(timeouts, wait, ioThreads, fetchThreads, maxQueuedIo);
  }
}
