package org.gridrmi.runtime.wire;

import java.io.Serializable;
import java.util.Objects;
import java.util.UUID;

/**
 * A server a value was lent to, as its owner keeps the value for it: the server's address and the node id of the
 * process there that accepted the call taking the value (its {@link BatchReceipt#node()}). The node id tells the lives
 * of a server apart: one restarted at the same address has a new one, so what the owner knows of the earlier life
 * (that it fetched the value) says nothing of the new one, and an {@code abandon} ends only the borrows of the node id
 * it carries (docs/reference-counting.md, "Borrows by node, not address").
 *
 * @param address the server's {@code rmi://host:port} (or {@code inproc://name})
 * @param node the node id of the server's process at that address
 */
public record Borrower(String address, UUID node) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** @throws NullPointerException if either is null */
  public Borrower {
    Objects.requireNonNull(address, "address");
    Objects.requireNonNull(node, "node");
  }

  @Override
  public String toString() {
    return address + " (node " + ValueIds.shortForm(node) + ")";
  }
}
