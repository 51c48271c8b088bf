package org.gridrmi.lookup;

/**
 * Told when a server appears in, changes in, or disappears from a {@link LookupDirectory}.
 * Called on one thread per directory, in order; it must return quickly and not block.
 */
@FunctionalInterface
public interface ServerListener {

  /** What happened to a server. */
  enum Change {
    /** It registered (or is already there when the listener is added). */
    APPEARED,
    /** Its services or attributes changed; the record is the new state. */
    CHANGED,
    /** All its registrations are gone (cancelled, or its lease lapsed); the record is the last state seen. */
    DISAPPEARED
  }

  void serverChanged(Change change, ServerRecord server);
}
