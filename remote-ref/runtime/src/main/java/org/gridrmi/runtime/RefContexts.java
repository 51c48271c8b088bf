package org.gridrmi.runtime;

import java.util.function.Supplier;
import org.gridrmi.runtime.WrittenRefs;

/**
 * Which {@link RefContext} a reference read on this thread binds to: the one set by the code reading it (a server
 * running a call, a Grid decoding a value), else a detached context shared by the JVM, which fetches over plain RMI
 * with default settings (a reference read by user code outside any Grid).
 */
public final class RefContexts {
  private static final ThreadLocal<RefContext> CURRENT = new ThreadLocal<>();
  /** Set while a value is decoded: references read then are held by their context's instance. */
  private static final ThreadLocal<Boolean> IN_VALUE = new ThreadLocal<>();
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

  /**
   * Runs {@code body} as the decoding of a value by {@code context}'s instance: references read meanwhile bind to
   * it and are {@linkplain RefContext#adopt adopted} (held while the reference objects live).
   */
  public static <T> T readingValue(RefContext context, Supplier<T> body) {
    Boolean outer = IN_VALUE.get();
    IN_VALUE.set(Boolean.TRUE);
    try {
      return with(context, body);
    } finally {
      if (outer == null) IN_VALUE.remove();
      else IN_VALUE.set(outer);
    }
  }

  /**
   * Runs {@code body} as if on a thread of another JVM: no context, no value being read, no policy and no collector
   * of written references of the caller apply meanwhile. What an in-process transport runs a call's far side in, so
   * that it reads and writes as a separate JVM would.
   */
  public static <T> T outside(Supplier<T> body) {
    RefContext context = CURRENT.get();
    Boolean inValue = IN_VALUE.get();
    CURRENT.remove();
    IN_VALUE.remove();
    try {
      return SerialPolicy.outside(() -> WrittenRefs.outside(body));
    } finally {
      if (context != null) CURRENT.set(context);
      if (inValue != null) IN_VALUE.set(inValue);
    }
  }

  /** A reference was just read on this thread: inside a value, its context holds it. */
  static void read(Ref<?> ref) {
    if (IN_VALUE.get() != null) ref.context().adopt(ref);
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
