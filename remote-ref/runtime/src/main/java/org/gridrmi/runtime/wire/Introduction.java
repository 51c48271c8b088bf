package org.gridrmi.runtime.wire;

import java.io.Serializable;
import java.util.List;

/**
 * What a client tells a server about itself with a batch: the address of its own node (where its put values live),
 * and the servers of its Grid (which the server may then fetch from, where no lookup service or certificate vouches
 * for them). Sent with a channel's first batch and again when the Grid's servers change; null otherwise.
 *
 * @param callerAddress the client's node address, or null if it has none
 * @param gridServers the addresses of the servers of the client's Grid
 */
public record Introduction(String callerAddress, List<String> gridServers) implements Serializable {
  private static final long serialVersionUID = 1L;
  /** More addresses than any Grid has: a longer list is a forged stream. */
  public static final int MAX_SERVERS = 10_000;

  public Introduction {
    gridServers = List.copyOf(gridServers);
    if (gridServers.size() > MAX_SERVERS) {
      throw new IllegalArgumentException("an introduction of " + gridServers.size() + " servers");
    }
  }
}
