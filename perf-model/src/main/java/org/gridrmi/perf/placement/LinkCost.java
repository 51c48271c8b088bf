package org.gridrmi.perf.placement;

/**
 * The paper's link model for one direction of one pair of nodes: sending n bytes takes t_s + n t_w.
 *
 * @param ts startup time per message, seconds
 * @param tw transmission time per byte, seconds
 */
public record LinkCost(double ts, double tw) {
  /** A value already where it is needed: no message at all (localized). */
  public static final LinkCost LOCAL = new LinkCost(0, 0);

  public LinkCost {
    if (!(ts >= 0) || !(tw >= 0) || Double.isInfinite(ts) || Double.isInfinite(tw)) {
      throw new IllegalArgumentException("t_s and t_w must be >= 0 and finite: " + ts + ", " + tw);
    }
  }

  /** t_s + n t_w: the time one message of {@code bytes} takes. */
  public double seconds(double bytes) {
    return ts + bytes * tw;
  }
}
