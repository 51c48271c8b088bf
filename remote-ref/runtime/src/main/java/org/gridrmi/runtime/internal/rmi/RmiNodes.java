package org.gridrmi.runtime.internal.rmi;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gridrmi.runtime.store.Slot;
import org.gridrmi.runtime.transport.JvmNodes;

/**
 * The RMI nodes of this JVM, for localized resolution: a value held by any of them is returned as the object itself,
 * whichever Grid or server of this JVM made it (several servers in one JVM resolve each other's values without
 * copies). This is the one process-wide thing the RMI transport implies: the RMI runtime itself is one per JVM (its
 * object table, connection pools, DGC), so every RMI node of the JVM is reachable in place from every other; each RMI
 * transport hands out this same registry ({@link RmiTransport#jvmNodes()}), and nothing else reaches it.
 */
final class RmiNodes implements JvmNodes {
  static final RmiNodes JVM = new RmiNodes();
  private final List<Member> nodes = new CopyOnWriteArrayList<>();

  private RmiNodes() {}

  @Override
  public void add(Member node) {
    nodes.add(node);
  }

  @Override
  public void remove(Member node) {
    nodes.remove(node);
  }

  @Override
  public Slot find(UUID valueId) {
    for (Member n : nodes) {
      Slot s = n.table().get(valueId);
      if (s != null) return s;
    }
    return null;
  }

  @Override
  public Member at(String address) {
    for (Member n : nodes) if (n.address().equals(address)) return n;
    return null;
  }

  @Override
  public String toString() {
    return "the RMI nodes of this JVM";
  }
}
