package org.gridrmi.runtime.transport;

import java.util.UUID;
import org.gridrmi.runtime.store.Slot;
import org.gridrmi.runtime.store.ValueTable;

/**
 * The nodes of this JVM whose values its other nodes resolve in place (localized: the object itself, no copy), kept
 * by a transport whose nodes share the JVM ({@link Transport#jvmNodes()}). A registry, not configuration: each node
 * adds itself while it serves.
 */
public interface JvmNodes {
  /** A node as the other nodes of its JVM see it. */
  interface Member {
    /** The address it is exported at. */
    String address();

    ValueTable table();
  }

  /** For a transport whose nodes each stand for a JVM of their own: nothing is shared. */
  JvmNodes NONE = new JvmNodes() {
    @Override
    public void add(Member node) {}

    @Override
    public void remove(Member node) {}

    @Override
    public Slot find(UUID valueId) {
      return null;
    }

    @Override
    public Member at(String address) {
      return null;
    }

    @Override
    public String toString() {
      return "no shared nodes";
    }
  };

  /** {@code node} serves now: the others may resolve its values in place. */
  void add(Member node);

  /** {@code node} stopped serving. */
  void remove(Member node);

  /** The slot of a value one of these nodes holds, or null. */
  Slot find(UUID valueId);

  /** The node exported at {@code address}, or null. */
  Member at(String address);
}
