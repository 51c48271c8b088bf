package org.gridrmi.ref.internal;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Daemon threads with names that say what they do, and the JVM-wide pool for blocking RMI I/O. */
public final class Daemons {
  /** Threads that wait on the network (fetches, batch sends). Unbounded: they block on I/O, not on CPU. */
  public static final ExecutorService IO = Executors.newCachedThreadPool(factory("gridrmi-io"));

  private Daemons() {}

  public static ThreadFactory factory(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
