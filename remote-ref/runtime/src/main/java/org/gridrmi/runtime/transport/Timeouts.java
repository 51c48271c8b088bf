package org.gridrmi.runtime.transport;

import java.time.Duration;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * How long remote calls may take.
 *
 * @param call submits, renewals, releases, stats, look-ups: short calls that should answer at once
 * @param fetchSlack how much longer than its wait a fetch long-poll may take before its owner counts as stuck
 * @param connect how long a connection attempt may take
 */
public record Timeouts(Duration call, Duration fetchSlack, Duration connect) {
  public static final Timeouts DEFAULT =
      new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(2), Duration.ofSeconds(5));

  public Timeouts {
    for (Duration d : new Duration[] {call, fetchSlack, connect}) {
      if (d == null || d.isNegative() || d.isZero()) {
        throw new GridException(Status.INVALID_ARGUMENT, "timeouts must be positive: " + d);
      }
    }
  }
}
