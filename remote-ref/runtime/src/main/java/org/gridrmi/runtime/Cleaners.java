package org.gridrmi.runtime;

import java.lang.ref.Cleaner;
import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The threads that watch reference objects for every Grid and server of the JVM (a Cleaner is a thread; one per
 * instance would cost more than it saves). Their actions only queue releases: they never block.
 *
 * <p>Two ways to watch an object: {@link #register} (the JDK's {@link Cleaner}, which keeps its own record of each
 * registration: about 70 bytes with the action) and {@link Watch}, a phantom reference its user keeps reachable in a
 * structure of its own and that carries its own fields, for where an object per reference counts (a Grid's
 * references: see the client's {@code Session}).
 */
public final class Cleaners {
  private static final Logger LOG = Logger.getLogger(Cleaners.class.getName());
  private static final Cleaner CLEANER =
      Cleaner.create(Daemons.factory("gridrmi-reference-cleaner"));
  private static final ReferenceQueue<Object> WATCHED = new ReferenceQueue<>();

  static {
    Daemons.factory("gridrmi-reference-watch").newThread(Cleaners::drainWatched).start();
  }

  private Cleaners() {}

  /** Runs {@code action} once {@code object} is phantom reachable; {@code action} must not refer to it. */
  public static void register(Object object, Runnable action) {
    CLEANER.register(object, action);
  }

  /**
   * A phantom reference whose {@link #collected} runs on the JVM's one watch thread once its referent is phantom
   * reachable. Unlike {@link #register}, nothing here keeps the watch itself reachable: its user must (a watch that
   * became garbage first is never run), and it must not refer to its referent.
   */
  public abstract static class Watch<T> extends PhantomReference<T> {
    protected Watch(T referent) {
      super(referent, WATCHED);
    }

    /** What to do once the referent went; runs on the watch thread, so it must not block. */
    protected abstract void collected();
  }

  private static void drainWatched() {
    while (true) {
      try {
        ((Watch<?>) WATCHED.remove()).collected();
      } catch (InterruptedException e) {
        // a daemon of the JVM's life: nothing asks it to stop
      } catch (RuntimeException | Error e) {
        LOG.log(Level.WARNING, "a watched reference's action failed", e);
      }
    }
  }
}
