package org.gridrmi.perf.placement;

import org.gridrmi.perf.LinkCost;

/**
 * What the placement model knows of the grid: the links between nodes, how long each server computes each method,
 * how large each method's result is, and how busy each server is. Nodes are named by their address
 * ({@code rmi://host:port}); methods by their service method key. Read on the caller's thread: an implementation
 * answers from memory, never over the network.
 */
public interface CostTable {
  /** The link that carries values from {@code from} to {@code to}, or null if nothing is known of it. */
  LinkCost link(String from, String to);

  /**
   * The link assumed for a pair nothing is known of yet: the slowest one measured (pessimistic, so that an unmeasured
   * pair never looks better than it may be), or null if no link at all is measured yet.
   */
  LinkCost fallbackLink();

  /** Seconds {@code method} computes on {@code server}, or NaN if that server has not run it yet. */
  double computeSeconds(String server, String method);

  /** Bytes of a result of {@code method}, or NaN if no result of it was measured yet. */
  double resultBytes(String method);

  /** How many calls {@code server} runs at once (its compute threads), at least 1. */
  int threads(String server);

  /** Seconds until {@code server} has a thread free for work it was given by others (its reported queue), >= 0. */
  double backlogSeconds(String server);
}
