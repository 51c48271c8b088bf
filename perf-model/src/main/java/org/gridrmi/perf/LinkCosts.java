package org.gridrmi.perf;

/**
 * The cost parameters of the paper's model (section 3): sending n bytes over the network takes t_s + n t_w,
 * through a local socket on one server tau_s + n tau_w; a remote reference is n_r bytes. Serialization and RMI
 * protocol overhead are counted in t_s/t_w, as in the paper. All values SI: seconds, seconds per byte, bytes.
 *
 * @param ts startup time per message, seconds (paper testbed: 21 ms)
 * @param tw transmission time per byte, seconds (paper testbed: 323 us per KB, KB = 1000 B)
 * @param tauS startup time through a local socket, seconds (0 if not measured)
 * @param tauW time per byte through a local socket, seconds (0 if not measured)
 * @param nr size of a serialized remote reference, bytes (paper: 32 B)
 */
public record LinkCosts(double ts, double tw, double tauS, double tauW, double nr) {
  /** The paper's n_r. */
  public static final double PAPER_REFERENCE_BYTES = 32;

  /** @throws IllegalArgumentException if a value is negative or not finite */
  public LinkCosts {
    check("t_s", ts);
    check("t_w", tw);
    check("tau_s", tauS);
    check("tau_w", tauW);
    check("n_r", nr);
  }

  /** A network link with tau_s = tau_w = 0 and the paper's n_r = 32 B. */
  public static LinkCosts of(double ts, double tw) {
    return new LinkCosts(ts, tw, 0, 0, PAPER_REFERENCE_BYTES);
  }

  /** The paper's testbed (section 3.6): t_s = 21 ms, t_w = 323 us/KB, n_r = 32 B, tau not reported (0). */
  public static LinkCosts paperTestbed() {
    return of(0.021, 323e-6 / 1000);
  }

  public LinkCosts withTau(double tauS, double tauW) {
    return new LinkCosts(ts, tw, tauS, tauW, nr);
  }

  public LinkCosts withReferenceBytes(double nr) {
    return new LinkCosts(ts, tw, tauS, tauW, nr);
  }

  /** Time to send one message of {@code bytes} over the network: t_s + n t_w. */
  public double message(double bytes) {
    return ts + bytes * tw;
  }

  private static void check(String name, double v) {
    if (!(v >= 0) || Double.isInfinite(v)) throw new IllegalArgumentException(name + " must be >= 0 and finite: " + v);
  }

  @Override
  public String toString() {
    return "t_s " + Units.formatDuration(ts) + ", t_w " + Units.formatRate(tw) + ", tau_s " + Units.formatDuration(tauS)
        + ", tau_w " + Units.formatRate(tauW) + ", n_r " + Units.formatSize(nr);
  }
}
