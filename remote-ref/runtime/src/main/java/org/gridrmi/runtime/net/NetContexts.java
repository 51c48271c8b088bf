package org.gridrmi.runtime.net;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Which {@link NetContext} a stub read in this JVM uses. A stub's socket factory says only "TLS" or "plain"; the
 * context is the one of the instance making the call that reads the stub (set by its transport around every call,
 * so it is exact when two instances of the same kind differ, say in their emulated link), else the oldest live
 * context of that kind (stubs River reads on its own threads), else, for plain stubs only, a default one. A plain
 * stub read by a TLS instance, or where this JVM's only instances use TLS, gets none: such a JVM talks TLS only, so a
 * plain peer is named as such ({@link GridSocketFactory}) instead of being reached without TLS behind its back.
 */
public final class NetContexts {
  private static final ThreadLocal<NetContext> CURRENT = new ThreadLocal<>();
  private static final List<NetContext> LIVE = new CopyOnWriteArrayList<>();
  private static volatile NetContext plainDefault;
  /** Whether a program asked for the default plain context itself (a plain lookup directory): then it is live. */
  private static volatile boolean plainDefaultInUse;

  private NetContexts() {}

  static void register(NetContext c) {
    LIVE.add(c);
  }

  static void unregister(NetContext c) {
    LIVE.remove(c);
  }

  /** Runs {@code call} with {@code context} as the one stubs read on this thread bind to. */
  public static <T, E extends Exception> T with(NetContext context, CallDeadline.Call<T, E> call)
      throws E {
    NetContext outer = CURRENT.get();
    CURRENT.set(context);
    try {
      return call.run();
    } finally {
      if (outer == null) CURRENT.remove();
      else CURRENT.set(outer);
    }
  }

  /**
   * The context for a stub of this kind read now; null for a TLS stub where this JVM has no TLS context, and for a
   * plain stub read by a TLS instance or where every live instance uses TLS.
   */
  static NetContext resolve(boolean tls) {
    NetContext c = CURRENT.get();
    if (c != null && c.tls() == tls) return c;
    if (c != null && !tls) return null;
    boolean anyTls = false;
    for (NetContext live : LIVE) {
      if (live.tls() == tls) return live;
      anyTls |= live.tls();
    }
    if (tls || anyTls && !plainDefaultInUse) return null;
    return plainDefault();
  }

  /**
   * A plain context with no emulated link that no instance owns, with the default grid secret, for stubs and
   * references read outside any instance.
   */
  public static NetContext defaultPlain() {
    plainDefaultInUse = true;
    return plainDefault();
  }

  private static NetContext plainDefault() {
    NetContext d = plainDefault;
    if (d == null) {
      synchronized (NetContexts.class) {
        if (plainDefault == null) {
          plainDefault = NetContext.plainDefault();
          unregister(plainDefault); // a fallback, not a live instance
        }
        d = plainDefault;
      }
    }
    return d;
  }
}
