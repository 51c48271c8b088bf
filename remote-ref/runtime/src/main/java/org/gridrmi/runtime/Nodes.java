package org.gridrmi.runtime;

import org.gridrmi.runtime.store.Slot;
import org.gridrmi.runtime.store.ValueTable;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The RMI nodes of this JVM, for localized resolution: a value held by any of them is returned as the object itself,
 * whichever Grid or server of this JVM made it (several servers in one JVM resolve each other's values without
 * copies). A registry, not configuration: each node adds itself while it serves.
 */
public final class Nodes {
  private static final List<LocalNode> NODES = new CopyOnWriteArrayList<>();

  private Nodes() {}

  static void add(LocalNode n) { NODES.add(n); }

  static void remove(LocalNode n) { NODES.remove(n); }

  /** The slot of a value held in this JVM, or null. */
  public static Slot findSlot(UUID valueId) {
    for (LocalNode n : NODES) {
      Slot s = n.table().get(valueId);
      if (s != null) return s;
    }
    return null;
  }

  /** The node of this JVM with this address, or null. */
  public static LocalNode byAddress(String address) {
    for (LocalNode n : NODES) if (n.address().equals(address)) return n;
    return null;
  }
}
