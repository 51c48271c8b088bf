package org.gridrmi.runtime;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.gridrmi.runtime.wire.Borrower;
import org.gridrmi.runtime.wire.Requester;

/**
 * The keys an instance presents when it asks other nodes for values as a borrower: one random key per owner, made on
 * first use, so that an owner can check that a call naming this node's address comes from this node (it asks this
 * node whether it gave that key, {@link #gave}), and one owner cannot pass for this node with another. A key lives
 * as long as its instance: a node restarted at the same address has new ones, which its owners confirm again.
 */
public final class RequesterKeys {
  private final Map<String, UUID> byOwner = new ConcurrentHashMap<>();

  /**
   * How this node names itself to {@code owner}: its address and node id ({@code self}, null for a node not started)
   * and its key for that owner.
   */
  public Requester toOwner(Borrower self, String owner) {
    return self == null
        ? null
        : new Requester(
            self.address(), self.node(), byOwner.computeIfAbsent(owner, o -> UUID.randomUUID()));
  }

  /** Whether this node gave {@code key} to the node at {@code owner}. */
  public boolean gave(String owner, UUID key) {
    return key != null && key.equals(byOwner.get(owner));
  }
}
