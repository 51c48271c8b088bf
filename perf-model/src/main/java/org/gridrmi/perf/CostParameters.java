package org.gridrmi.perf;

import java.util.Objects;

/**
 * The parameters of the paper's cost model (section 3), not a link: what the model takes every message of a
 * composition to cost. Sending n bytes over the network takes t_s + n t_w ({@link #network}), through a local socket
 * on one server tau_s + n tau_w ({@link #localSocket}); a remote reference is n_r bytes ({@link #referenceBytes}).
 * Serialization and RMI protocol overhead are counted in t_s/t_w, as in the paper. All values SI: seconds, seconds
 * per byte, bytes.
 *
 * @param network t_s and t_w of the network between client and servers (paper testbed: 21 ms, 323 us per KB,
 *     KB = 1000 B)
 * @param localSocket tau_s and tau_w of a local socket on one server ({@link LinkCost#ZERO} if not measured)
 * @param referenceBytes n_r, the size of a serialized remote reference, bytes (paper: 32 B)
 */
public record CostParameters(LinkCost network, LinkCost localSocket, double referenceBytes) {
  /** The paper's n_r. */
  public static final double PAPER_REFERENCE_BYTES = 32;

  /** @throws IllegalArgumentException if the reference size is negative or not finite */
  public CostParameters {
    Objects.requireNonNull(network, "network");
    Objects.requireNonNull(localSocket, "localSocket");
    if (!(referenceBytes >= 0) || Double.isInfinite(referenceBytes)) {
      throw new IllegalArgumentException("n_r must be >= 0 and finite: " + referenceBytes);
    }
  }

  /** A network of t_s and t_w, no local-socket cost (tau_s = tau_w = 0) and the paper's n_r = 32 B. */
  public static CostParameters of(double ts, double tw) {
    return new CostParameters(new LinkCost(ts, tw), LinkCost.ZERO, PAPER_REFERENCE_BYTES);
  }

  /** The paper's testbed (section 3.6): t_s = 21 ms, t_w = 323 us/KB, n_r = 32 B, tau not reported (0). */
  public static CostParameters paperTestbed() {
    return of(0.021, 323e-6 / 1000);
  }

  public CostParameters withNetwork(LinkCost network) {
    return new CostParameters(network, localSocket, referenceBytes);
  }

  public CostParameters withLocalSocket(LinkCost localSocket) {
    return new CostParameters(network, localSocket, referenceBytes);
  }

  public CostParameters withReferenceBytes(double referenceBytes) {
    return new CostParameters(network, localSocket, referenceBytes);
  }

  @Override
  public String toString() {
    return "t_s " + Units.formatDuration(network.ts()) + ", t_w " + Units.formatRate(network.tw())
        + ", tau_s "
        + Units.formatDuration(localSocket.ts()) + ", tau_w " + Units.formatRate(localSocket.tw())
        + ", n_r "
        + Units.formatSize(referenceBytes);
  }
}
