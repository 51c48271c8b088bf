package org.gridrmi.runtime.wire;

import java.io.ObjectInput;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.serial.SerialPolicy;

/**
 * Which {@link RefContext} a reference binds to when it is read. A stream GridRMI opens to read a value carries its
 * reader's context ({@link ValueReader}); that is how values are decoded (fetched, spilled, passed by value). The one
 * thread-local here is for the streams GridRMI does not open: RMI unmarshals a call's answer (a plain call's result)
 * with a stream of its own, on the calling thread, and offers no way to hand it anything, so the caller sets the
 * context for the duration of the call ({@link #forRmiStreams}); the in-process transport's copies stand in for those
 * streams and do the same. A reference read with neither is unbound ({@link #unbound()}): nothing in this JVM owns it,
 * so it resolves nothing, and says so when asked.
 */
public final class RefContexts {
  /** The context references read by RMI's own streams on this thread bind to, while a transport call runs. */
  private static final ThreadLocal<RefContext> RMI_STREAMS = new ThreadLocal<>();

  private static final RefContext UNBOUND = new Unbound();

  private RefContexts() {}

  /**
   * The context a reference being read from {@code in} binds to: the stream's own, if GridRMI opened it; else the
   * one set for RMI's streams on this thread; else {@link #unbound()}.
   */
  static RefContext of(ObjectInput in) {
    if (in instanceof ValueReader.Stream s) return s.context();
    RefContext c = RMI_STREAMS.get();
    return c != null ? c : UNBOUND;
  }

  /**
   * The context of a reference nothing in this JVM owns (read by code of its own, outside any Grid or server): it
   * passes on as an argument (the server fetches it from its owner), but resolving it fails with CANCELLED saying
   * so, and it is never held, released or pinned here.
   */
  public static RefContext unbound() {
    return UNBOUND;
  }

  /**
   * Runs {@code body}, a transport call whose answer RMI unmarshals itself (or the in-process transport copies), with
   * {@code context} as the one references read by those streams on this thread bind to; they are
   * {@linkplain RefContext#adopt adopted} (held while the reference objects live).
   */
  public static <T> T forRmiStreams(RefContext context, Supplier<T> body) {
    RefContext outer = RMI_STREAMS.get();
    RMI_STREAMS.set(context);
    try {
      return body.get();
    } finally {
      if (outer == null) RMI_STREAMS.remove();
      else RMI_STREAMS.set(outer);
    }
  }

  /**
   * Runs {@code body} as if on a thread of another JVM: no context, no policy and no collector of written references
   * of the caller apply meanwhile. What an in-process transport runs a call's far side in, so that it reads and
   * writes as a separate JVM would.
   */
  public static <T> T outside(Supplier<T> body) {
    RefContext context = RMI_STREAMS.get();
    RMI_STREAMS.remove();
    try {
      return SerialPolicy.outside(() -> WrittenRefs.outside(body));
    } finally {
      if (context != null) RMI_STREAMS.set(context);
    }
  }

  /** See {@link #unbound()}. */
  private static final class Unbound implements RefContext {
    @Override
    public String label(Ref<?> ref) {
      return "value " + ref.id() + " on " + ref.owner();
    }

    @Override
    public CompletableFuture<Object> resolve(Ref<?> ref) {
      String label = label(ref);
      return CompletableFuture.failedFuture(new GridException(
          Status.CANCELLED,
          label + ": this reference was read "
              + "outside any Grid or server (by a stream of its own, or as an argument of a plain call), so nothing here "
              + "can fetch it; resolve it where a Grid reads it (a call's result, a value it fetches) or pass it to an "
              + "async call, whose server fetches it from its owner",
          null,
          List.of(label)));
    }

    @Override
    public boolean isDone(Ref<?> ref) {
      return false;
    }

    @Override
    public boolean cancel(Ref<?> ref) {
      return false;
    }

    @Override
    public void release(Ref<?> ref) {}

    @Override
    public String toString() {
      return "unbound";
    }
  }
}
