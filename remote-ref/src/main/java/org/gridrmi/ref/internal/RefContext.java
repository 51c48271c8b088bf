package org.gridrmi.ref.internal;

import java.util.concurrent.CompletableFuture;

/**
 * What resolves a reference where it is used: the Grid that made it (which knows the call it came from, whether its
 * batch has reached the server, and whether the Grid is open), the server whose call received it, or, for a reference
 * read outside both, a detached default. Never serialized: a reference that travels is bound again where it is read
 * ({@link RefContexts#current()}).
 */
public interface RefContext {
  /** The call that makes the value, such as {@code MatrixOps.svd on S1}, or how else to name it; for messages. */
  String label(Ref<?> ref);

  /**
   * The value of {@code ref}, as this context gets it: localized if a node here holds it, else fetched from its
   * owner. Never blocks. Completes exceptionally with the {@link org.gridrmi.ref.GridException} {@code get()} throws.
   */
  CompletableFuture<Object> resolve(Ref<?> ref);

  /** Asks the owner to cancel the computation; false if it is known here to be set already. */
  boolean cancel(Ref<?> ref);

  /** Releases the value on behalf of this context's holder. */
  void release(Ref<?> ref);

  /** True once the Grid that made the reference is closed. */
  default boolean closed() {
    return false;
  }
}
