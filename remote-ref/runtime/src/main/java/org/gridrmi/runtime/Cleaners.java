package org.gridrmi.runtime;

import java.lang.ref.Cleaner;

/**
 * The one cleaner that watches reference objects for every Grid and server of the JVM (a Cleaner is a thread; one per
 * instance would cost more than it saves). Its actions only queue releases: they never block.
 */
public final class Cleaners {
  private static final Cleaner CLEANER =
      Cleaner.create(Daemons.factory("gridrmi-reference-cleaner"));

  private Cleaners() {}

  /** Runs {@code action} once {@code object} is phantom reachable; {@code action} must not refer to it. */
  public static void register(Object object, Runnable action) {
    CLEANER.register(object, action);
  }
}
