package org.gridrmi.runtime.wire;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Notices the references read inside a value on this thread, for a receiver that tells the value's sender once it
 * holds them (a fetch's transfer: see {@code TransitPins}). The counterpart of {@link WrittenRefs}.
 */
public final class ReadRefs {
  private static final ThreadLocal<List<Ref<?>>> COLLECTOR = new ThreadLocal<>();

  private ReadRefs() {}

  /** What {@link #collect} returns: the body's result, and the references read meanwhile on this thread. */
  public record Read<T>(T result, List<Ref<?>> refs) {}

  /** Runs {@code body} and returns, with its result, the references read on this thread meanwhile. */
  public static <T> Read<T> collect(Supplier<T> body) {
    List<Ref<?>> outer = COLLECTOR.get();
    List<Ref<?>> mine = new ArrayList<>();
    COLLECTOR.set(mine);
    try {
      T result = body.get();
      return new Read<>(result, mine);
    } finally {
      if (outer == null) COLLECTOR.remove();
      else COLLECTOR.set(outer);
    }
  }

  static void noticed(Ref<?> ref) {
    List<Ref<?>> c = COLLECTOR.get();
    if (c != null) c.add(ref);
  }
}
