package org.gridrmi.runtime.cost;

import java.io.Serializable;

/**
 * What a node learned of its link to one peer, as its stats answer carries it.
 *
 * @param peer the peer's address, {@code rmi://host:port} (or its in-process name)
 * @param ts seconds per message, one way (the model's t_s)
 * @param tw seconds per byte (the model's t_w); NaN while every sample had about the same size
 * @param samples the samples the estimate was fitted to (at most {@link LinkSamples#WINDOW} recent ones)
 * @param total every sample taken of this link since the node started
 */
public record LinkCost(String peer, double ts, double tw, int samples, long total) implements Serializable {
  private static final long serialVersionUID = 1L;
}
