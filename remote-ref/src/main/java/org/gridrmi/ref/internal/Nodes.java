package org.gridrmi.ref.internal;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The nodes of this JVM, for localized resolution: a value held by any node here is returned as the object
 * itself. Also this JVM's identity as a holder of remote values, and its lazily started client node.
 */
public final class Nodes {
  /** This JVM as a holder of values on other nodes. */
  public static final UUID JVM_ID = UUID.randomUUID();
  private static final List<LocalNode> NODES = new CopyOnWriteArrayList<>();
  private static volatile LocalNode home;

  private Nodes() {}

  static void add(LocalNode n) { NODES.add(n); }

  static void remove(LocalNode n) {
    NODES.remove(n);
    synchronized (Nodes.class) {
      if (home == n) home = null;
    }
  }

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

  /** This JVM's client node if it was started, else null. */
  public static LocalNode homeIfStarted() {
    return home;
  }

  /** This JVM's client node, started on a free port the first time it is needed. */
  public static LocalNode home() {
    LocalNode h = home;
    if (h != null) return h;
    synchronized (Nodes.class) {
      if (home == null) {
        String host = System.getProperty("java.rmi.server.hostname", "127.0.0.1");
        String pid = ManagementFactory.getRuntimeMXBean().getName();
        home = LocalNode.start(JVM_ID, "client-" + pid.substring(0, Math.max(0, pid.indexOf('@'))), host, 0,
            Long.getLong("gridrmi.leaseMillis", 60_000), StoreEndpoint::new);
      }
      return home;
    }
  }
}
