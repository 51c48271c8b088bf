package org.gridrmi.runtime.cost;

import java.io.Serializable;
import org.gridrmi.perf.LinkCost;

/**
 * What a node learned of its link to one peer from its own round trips there ({@link LinkLearner}), as its stats
 * answer carries it: the link's cost in the model's terms and how much it rests on. Public as the client's
 * {@code LinkEstimate}.
 *
 * @param peer the peer's address, {@code rmi://host:port} (or its in-process name)
 * @param cost t_s, seconds per message one way, and t_w, seconds per byte, fitted to the recent samples; t_w is 0
 *     there until {@code knowsBandwidth}
 * @param knowsBandwidth whether t_w was estimated: false while every sample had about the same size (the slope is
 *     then unknown, and {@code cost.tw()} is 0 only as a placeholder)
 * @param samples the samples the estimate was fitted to (at most {@link LinkSamples#WINDOW} recent ones)
 * @param total every sample taken of this link since the node started
 */
public record PeerLinkEstimate(
    String peer, LinkCost cost, boolean knowsBandwidth, int samples, long total)
    implements Serializable {
  private static final long serialVersionUID = 1L;
}
