package org.gridrmi.runtime.net;

/**
 * Tells a thread when its next RMI call holds a connection: at the first byte that thread writes to a GridRMI
 * socket, which JRMP does only once it has taken a connection (a new one, a pooled one it pinged, or a warm one).
 *
 * <p>Why: JRMP pings a pooled connection left idle for more than about two round trips before it uses it, so a
 * call that gets an idle connection pays a whole round trip first. A client that starts a second call (a fetch)
 * while its first (the batch that makes the value) is still looking for a connection can take the warm one and
 * leave the batch the idle one; on a wide-area link that puts 2 t_s on the chain's critical path. Starting the
 * second call from this signal gives the first the warm connection.
 */
public final class FirstWrite {
  private static final ThreadLocal<Runnable> PENDING = new ThreadLocal<>();

  private FirstWrite() {}

  /** Runs {@code action} on this thread at its next write to a GridRMI socket (once), or at {@link #cancel()}. */
  public static void runOnNext(Runnable action) {
    PENDING.set(action);
  }

  /** Runs the pending action now if no write ran it (the call failed before it wrote), and forgets it. */
  public static void cancel() {
    fire();
  }

  static void fire() {
    Runnable action = PENDING.get();
    if (action != null) {
      PENDING.remove();
      action.run();
    }
  }
}
