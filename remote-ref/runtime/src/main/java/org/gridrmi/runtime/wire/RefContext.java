package org.gridrmi.runtime.wire;

import java.util.concurrent.CompletableFuture;
import org.gridrmi.runtime.TransitPins;

/**
 * What resolves a reference where it is used: the Grid that made it (which knows the call it came from, whether its
 * batch has reached the server, and whether the Grid is open), the Grid or server that read it inside a value, or,
 * for a reference read outside both, one that resolves nothing ({@link RefContexts#unbound()}). Never serialized: a
 * reference that travels is bound again where it is read, to the context of the stream that reads it
 * ({@link ValueReader}), or, in a stream RMI reads itself, to the one its caller set ({@link RefContexts}).
 */
public interface RefContext {
  /** The call that makes the value, such as {@code MatrixOps.svd on S1}, or how else to name it; for messages. */
  String label(Ref<?> ref);

  /**
   * The value of {@code ref}, as this context gets it: localized if a node here holds it, else fetched from its
   * owner. Never blocks. Completes exceptionally with the {@link org.gridrmi.ref.GridException} {@code get()} throws.
   */
  CompletableFuture<Object> resolve(Ref<?> ref);

  /**
   * The value of {@code ref} for a caller that blocks on it now ({@code get()}), for at most {@code waitNanos}: as
   * {@link #resolve}, except that the context may use the caller's thread before it returns, to send what the value
   * waits for (a Grid's batch that has not left yet) and receive the value with it. Returns within the transport's
   * call timeout. The default is {@link #resolve}.
   */
  default CompletableFuture<Object> resolveBlocking(Ref<?> ref, long waitNanos) {
    return resolve(ref);
  }

  /**
   * Whether the value (or its failure) is known here without waiting: a node of this instance, or of its JVM where
   * the transport shares values in place, holds it set. Never blocks, never calls out.
   */
  boolean isDone(Ref<?> ref);

  /** Asks the owner to cancel the computation; false if it is known here to be set already. */
  boolean cancel(Ref<?> ref);

  /** Releases the value on behalf of this context's holder. */
  void release(Ref<?> ref);

  /**
   * {@code ref} was just read here inside a value: hold its value while this reference object lives (registering
   * with its owner, like Java RMI's "dirty" call), and let go of it once the object is garbage. Never blocks.
   */
  default void adopt(Ref<?> ref) {}

  /**
   * Completes once this context's hold of {@code ref} (registered by {@link #adopt}) waits for no answer of its owner:
   * answered, refused, or given up after a lease of silence; at once for a reference this context does not hold at
   * another node. What a receiver waits for before it tells the sender of a value that it may unpin the references
   * inside (see {@link TransitPins}). Never blocks.
   */
  default CompletableFuture<Void> held(Ref<?> ref) {
    return CompletableFuture.completedFuture(null);
  }

  /**
   * {@code ref} was written inside a value that leaves this instance: keep holding its value for a while even if
   * this reference object becomes garbage (see {@link TransitPins}), so the receiver can register its own hold.
   *
   * @throws org.gridrmi.ref.GridException RESOURCE_EXHAUSTED past the pin limit
   */
  default void pin(Ref<?> ref) {}

  /** True once the Grid that made the reference is closed. */
  default boolean closed() {
    return false;
  }
}
