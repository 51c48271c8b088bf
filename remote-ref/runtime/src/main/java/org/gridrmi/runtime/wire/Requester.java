package org.gridrmi.runtime.wire;

import java.io.Serializable;
import java.util.UUID;

/**
 * The node that asks, in the calls that act on what an owner keeps for it as a borrower (a fetch, an abandon): its
 * address, its node id, and the key it made for that owner. The owner believes the address only once the node at that
 * address confirms the key (see {@code RequesterCheck}): an address alone is public, and anyone could name it. The
 * node id says which life of the server at that address asks: an owner acts only on the borrows of that node
 * ({@link Borrower}).
 *
 * @param address the requester's {@code rmi://host:port} (or {@code inproc://name})
 * @param node the requester's node id, or null for a caller that borrows nothing (a link probe)
 * @param key a random secret the requester made for this one owner ({@code RequesterKeys}), or null
 */
public record Requester(String address, UUID node, UUID key) implements Serializable {
  private static final long serialVersionUID = 2L;

  /** The borrows this requester may renew or end: its address and node id; null if it names no node. */
  public Borrower borrower() {
    return address == null || node == null ? null : new Borrower(address, node);
  }

  @Override
  public String toString() {
    return address; // never the key: messages and logs name requesters
  }
}
