package org.gridrmi.runtime.wire;

import java.io.Serializable;
import java.util.UUID;

/**
 * @param id the node's identity (not its address: several nodes may share a host)
 * @param name a human name such as {@code S1}
 * @param address {@code rmi://host:port}
 * @param dataTicket what the node's data connections ask a peer to present (see the data plane), or null for a node
 *     that has none (another transport)
 */
public record NodeInfo(UUID id, String name, String address, UUID dataTicket) implements Serializable {
  public NodeInfo(UUID id, String name, String address) {
    this(id, name, address, null);
  }

  /** This node's information with its transport's data ticket. */
  public NodeInfo withDataTicket(UUID ticket) {
    return new NodeInfo(id, name, address, ticket);
  }
}
