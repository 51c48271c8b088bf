package org.gridrmi.perf;

import java.io.Serializable;

/**
 * The paper's cost of one link, one direction: sending a message of n bytes takes t_s + n t_w. The one type for a
 * link's cost: the cost model's parameters ({@link CostParameters}) hold two, the placement math
 * ({@code org.gridrmi.perf.placement}) one per pair of nodes, and what a node learns of its link to a peer (the
 * runtime's {@code PeerLinkEstimate}) carries one, which is why it is serializable.
 *
 * @param ts startup time per message, seconds (the paper's t_s)
 * @param tw transmission time per byte, seconds (the paper's t_w)
 */
public record LinkCost(double ts, double tw) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** No cost at all: a value already where it is needed (localized), or a cost not measured (taken as 0). */
  public static final LinkCost ZERO = new LinkCost(0, 0);

  /** @throws IllegalArgumentException if a value is negative, NaN or infinite */
  public LinkCost {
    if (!(ts >= 0) || !(tw >= 0) || Double.isInfinite(ts) || Double.isInfinite(tw)) {
      throw new IllegalArgumentException("t_s and t_w must be >= 0 and finite: " + ts + ", " + tw);
    }
  }

  /** t_s + n t_w: the time one message of {@code bytes} takes. */
  public double seconds(double bytes) {
    return ts + bytes * tw;
  }

  /** {@code t_s 21 ms, t_w 323 us/KB}. */
  @Override
  public String toString() {
    return "t_s " + Units.formatDuration(ts) + ", t_w " + Units.formatRate(tw);
  }
}
