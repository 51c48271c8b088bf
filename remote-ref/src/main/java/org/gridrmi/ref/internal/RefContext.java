package org.gridrmi.ref.internal;

import java.util.concurrent.CompletableFuture;

/**
 * What the client that made a reference knows about it beyond its identity: the call it came from, whether the
 * command that creates it has reached its server, and whether the client's Grid is still open.
 * Never serialized: a reference that travels arrives without one.
 */
public interface RefContext {
  /** The call that makes the value, such as {@code MatrixOps.svd on S1}; for messages. */
  String label();

  /** Completes when the server has registered the value's id (the batch carrying it was accepted). */
  CompletableFuture<?> submitted();

  /**
   * Completes when the batch carrying the value's call holds its connection (its first byte is written; before
   * {@link #submitted()}): a fetch may go from then on, and the owner waits for the id to arrive.
   */
  CompletableFuture<?> sent();

  /** True once the Grid that made the reference is closed. */
  boolean closed();

  /** Releases the value on behalf of this client. */
  void release(Ref<?> ref);

  /**
   * Another way to the value after {@code failure}, or null if there is none (the default): a client re-runs an
   * idempotent call whose server died.
   */
  default java.util.concurrent.CompletableFuture<Object> recover(Throwable failure) {
    return null;
  }
}
