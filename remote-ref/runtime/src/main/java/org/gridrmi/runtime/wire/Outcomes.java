package org.gridrmi.runtime.wire;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.gridrmi.ref.GridException;

/** How a value's outcome (a slot's future, a fetch's) becomes what {@code get()} returns or throws. */
public final class Outcomes {
  private Outcomes() {}

  /** The GridException a failed outcome stands for. */
  public static GridException toGrid(Throwable t) {
    Throwable c = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    if (c instanceof GridException g) return g;
    return FailureCarrier.unwrap(c, null).toException();
  }

  /**
   * {@code source} as a value future: the same value, or the GridException of its failure; a NOT_FOUND without a
   * chain names {@code label}, since the owner only knew the id.
   */
  public static CompletableFuture<Object> of(CompletableFuture<Object> source, String label) {
    CompletableFuture<Object> out = new CompletableFuture<>();
    source.whenComplete((v, t) -> {
      if (t == null) out.complete(v);
      else out.completeExceptionally(named(toGrid(t), label));
    });
    return out;
  }

  /**
   * A failure that names only a value id (the owner's NOT_FOUND, a fetch that found the owner gone) gets the caller's
   * name for the value, the call that makes it, in its message and chain.
   */
  public static GridException named(GridException g, String label) {
    if (g.chain().isEmpty()) {
      return new GridException(
          g.status(), label + ": " + g.description(), g.getCause(), java.util.List.of(label));
    }
    return g;
  }
}
