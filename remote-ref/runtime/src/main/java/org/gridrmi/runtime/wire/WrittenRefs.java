package org.gridrmi.runtime.wire;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.runtime.TransitPins;

/**
 * Notices the references written inside a value (a {@code List<RemoteReference<T>>}, a record with a reference
 * field). Whoever writes a value with Java serialization writes it through {@link #stream}; what becomes of the
 * references it contained is up to the writer: a value that leaves the JVM pins them in transit (see
 * {@link TransitPins}), a value spilled to disk keeps them with its copy there.
 */
public final class WrittenRefs {
  private static final ThreadLocal<List<Ref<?>>> COLLECTOR = new ThreadLocal<>();

  private WrittenRefs() {}

  /** An object stream that reports each reference written through it to the collector open on this thread. */
  public static ObjectOutputStream stream(OutputStream out) throws IOException {
    return new NoticingStream(out);
  }

  /** Something that writes, and may fail. */
  @FunctionalInterface
  public interface Write {
    void run() throws IOException;
  }

  /**
   * Runs {@code write} and returns the references written through {@link #stream} meanwhile, on this thread
   * (nested collections each get their own).
   */
  public static List<Ref<?>> collect(Write write) throws IOException {
    return collect(COLLECTOR, write);
  }

  private static List<Ref<?>> collect(ThreadLocal<List<Ref<?>>> collector, Write write)
      throws IOException {
    List<Ref<?>> outer = collector.get();
    List<Ref<?>> mine = new ArrayList<>();
    collector.set(mine);
    try {
      write.run();
    } finally {
      if (outer == null) collector.remove();
      else collector.set(outer);
    }
    return mine;
  }

  /**
   * Hands references written inside a value to the collector open on this thread, if any.
   *
   * @return false if none is open (the value leaves the JVM as it is)
   */
  public static boolean pass(List<Ref<?>> refs) {
    List<Ref<?>> c = COLLECTOR.get();
    if (c == null) return false;
    c.addAll(refs);
    return true;
  }

  /** Runs {@code body} with no collector open (see {@link RefContexts#outside}). */
  static <T> T outside(java.util.function.Supplier<T> body) {
    List<Ref<?>> outer = COLLECTOR.get();
    COLLECTOR.remove();
    try {
      return body.get();
    } finally {
      if (outer != null) COLLECTOR.set(outer);
    }
  }

  /** The collector of {@link #collectFromAnyStream}, open on this thread. */
  private static final ThreadLocal<List<Ref<?>>> ANY_STREAM = new ThreadLocal<>();

  /**
   * Runs {@code write} and returns the references written meanwhile on this thread through any stream, not only
   * {@link #stream}: for a value that a stream of another's writes (the transport's, for a plain call's result).
   */
  public static List<Ref<?>> collectFromAnyStream(Write write) throws IOException {
    return collect(ANY_STREAM, write);
  }

  /** {@code ref} was written, by whatever stream: told to {@link #collectFromAnyStream}'s collector, if open. */
  static void written(Ref<?> ref) {
    List<Ref<?>> c = ANY_STREAM.get();
    if (c != null) c.add(ref);
  }

  private static void noticed(Ref<?> ref) {
    List<Ref<?>> c = COLLECTOR.get();
    if (c != null) c.add(ref);
  }

  private static final class NoticingStream extends ObjectOutputStream {
    NoticingStream(OutputStream out) throws IOException {
      super(out);
      enableReplaceObject(true);
    }

    @Override
    protected Object replaceObject(Object obj) {
      if (obj instanceof Ref<?> r) noticed(r);
      return obj;
    }
  }
}
