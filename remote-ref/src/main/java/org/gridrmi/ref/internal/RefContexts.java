package org.gridrmi.ref.internal;

import java.util.function.Supplier;

/**
 * Which {@link RefContext} a reference read on this thread binds to: the one set by the code reading it (a server
 * running a call, a Grid decoding a value), else a detached context shared by the JVM, which fetches over plain RMI
 * with default settings (a reference read by user code outside any Grid).
 */
public final class RefContexts {
  private static final ThreadLocal<RefContext> CURRENT = new ThreadLocal<>();
  private static volatile RefContext detached;

  private RefContexts() {}

  /** The context for a reference read now. */
  public static RefContext current() {
    RefContext c = CURRENT.get();
    return c != null ? c : detached();
  }

  /** Runs {@code body} with {@code context} as the one references read on this thread bind to. */
  public static <T> T with(RefContext context, Supplier<T> body) {
    RefContext outer = CURRENT.get();
    CURRENT.set(context);
    try {
      return body.get();
    } finally {
      if (outer == null) CURRENT.remove();
      else CURRENT.set(outer);
    }
  }

  private static RefContext detached() {
    RefContext d = detached;
    if (d == null) {
      synchronized (RefContexts.class) {
        if (detached == null) detached = DetachedContext.create();
        d = detached;
      }
    }
    return d;
  }
}
