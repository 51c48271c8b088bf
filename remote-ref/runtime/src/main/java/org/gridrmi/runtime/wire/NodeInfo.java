package org.gridrmi.runtime.wire;

import java.io.Serializable;
import java.util.UUID;

/**
 * A node's answer to the node protocol's {@code info()}: who it is and how its data connections are admitted. Any
 * node has one, a Grid's as well as a server's. Not the client's public {@code org.gridrmi.client.ServerInfo} (a
 * server as a user sees it: name, address, services, lookup attributes), which a Grid builds from this answer
 * for a server given by address and from the lookup service's {@code ServerRecord} otherwise; this one carries the
 * node's identity and data ticket instead of its services.
 *
 * @param id the node's identity (not its address: several nodes may share a host)
 * @param name a human name such as {@code S1}
 * @param address where it is called, {@code rmi://host:port} (or its in-process name)
 * @param dataTicket what the node's data connections ask a peer to present (see the data plane), or null for a node
 *     that has none (another transport)
 */
public record NodeInfo(UUID id, String name, String address, UUID dataTicket)
    implements Serializable {
  public NodeInfo(UUID id, String name, String address) {
    this(id, name, address, null);
  }

  /** This node's information with its transport's data ticket. */
  public NodeInfo withDataTicket(UUID ticket) {
    return new NodeInfo(id, name, address, ticket);
  }
}
