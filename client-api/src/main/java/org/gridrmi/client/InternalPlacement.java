package org.gridrmi.client;

import org.gridrmi.client.internal.AutoPlacement;
import org.gridrmi.perf.placement.CostSnapshot;

/**
 * The gate through which GridRMI's own placement benchmark reads the automatic placement behind a Grid's
 * {@link CallOptions#auto()} views: the estimates it decides with, so that other policies can be timed against the
 * same ones. Not for users' code (gRPC keeps such gates as {@code Internal*} classes the same way); users ask
 * {@link Grid#explain} why a call went where it went.
 */
public final class InternalPlacement {
  private final AutoPlacement policy;

  private InternalPlacement(AutoPlacement policy) {
    this.policy = policy;
  }

  /** The automatic placement of {@code grid}. */
  public static InternalPlacement of(Grid grid) {
    return new InternalPlacement(grid.session().placement());
  }

  /** The estimates the policy decides with now: the servers' learned link costs, compute times and queues. */
  public CostSnapshot table() {
    return policy.table();
  }

  /** The address the client's own values are fetched from, as the estimates name it. */
  public String clientAddress() {
    return policy.clientAddress();
  }

  /** Rebuilds the estimates now, from every server's stats (blocks for one round of stats calls). */
  public void refreshNow() {
    policy.refreshNow();
  }
}
