package org.gridrmi.client;

import java.util.List;
import java.util.Locale;
import org.gridrmi.runtime.cost.PeerLinkEstimate;

/**
 * What a node learned of its link to one peer from its own traffic: every round trip it made there (a batch, a short
 * call, a value fetched over a data connection, a probe of {@link GridLinks#probe()}) is a sample of bytes and time,
 * and the paper's cost of a message of n bytes, t_s + n t_w, is fitted to the most recent samples by least squares.
 *
 * @param peer the peer's address, {@code rmi://host:port} (as {@link ServerInfo#address()} and a reference's owner
 *     name it)
 * @param ts seconds per message, one way (t_s): half the fitted time of a round trip that moves nothing
 * @param tw seconds per byte (t_w); NaN while every sample had about the same size (the slope is then unknown: a
 *     probe adds a larger one)
 * @param samples how many samples the estimate rests on (the most recent ones, at most 64)
 */
public record LinkEstimate(String peer, double ts, double tw, long samples) {
  static List<LinkEstimate> of(List<PeerLinkEstimate> estimates) {
    return estimates == null
        ? List.of()
        : estimates.stream()
            .map(e -> new LinkEstimate(
                e.peer(),
                e.cost().ts(),
                e.knowsBandwidth() ? e.cost().tw() : Double.NaN,
                e.samples()))
            .toList();
  }

  /** Whether the per-byte cost is known (the samples differed enough in size). */
  public boolean knowsBandwidth() {
    return !Double.isNaN(tw);
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "%s: t_s %.3f ms, t_w %s (%d samples)",
        peer,
        ts * 1e3,
        knowsBandwidth() ? String.format(Locale.ROOT, "%.3f us/KB", tw * 1e9) : "unknown",
        samples);
  }
}
