package org.gridrmi.runtime.wire;

import java.io.Serializable;
import java.util.UUID;

/**
 * The node that asks, in the calls that act on what an owner keeps for it as a borrower (a fetch, an abandon): its
 * address, and the key it made for that owner. The owner believes the address only once the node at that address
 * confirms the key (see {@code RequesterCheck}): an address alone is public, and anyone could name it.
 *
 * @param address the requester's {@code rmi://host:port} (or {@code inproc://name})
 * @param key a random secret the requester made for this one owner ({@code RequesterKeys}), or null
 */
public record Requester(String address, UUID key) implements Serializable {
  @Override
  public String toString() {
    return address; // never the key: messages and logs name requesters
  }
}
