package org.gridrmi.ref;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * A typed handle to a value that lives in one JVM of the Grid, its <em>owner</em>: the result of an async call,
 * or a value the client {@code put}. It is immutable and serializable; passing it to another call sends only its
 * identity (owner node id and value id, 32 bytes, plus the owner's address; about 120 bytes once serialized),
 * never the value.
 *
 * <p><b>Write-once.</b> A value is set exactly once, to a value or a failure, and never changes, so it may be
 * cached and copied freely: every {@code get} on every reference to it returns an equal value.
 *
 * <p><b>Where the value comes from.</b> In the owner's JVM, resolving is a map look-up that returns the owner's
 * object itself (localized: no copy, no serialization). Elsewhere it is fetched straight from the owner (lazy:
 * server to server, never through the client unless the client itself calls {@code get}); the fetched copy is
 * kept by this handle, so a second {@code get} costs nothing.
 *
 * <p><b>Failures.</b> A call that threw stores its failure as its value; every call that takes that value fails
 * too, and {@code get} throws {@link GridException} with {@link Status#REMOTE_FAILURE}, the chain of calls and
 * the original exception as cause. A dead owner gives {@link Status#UNAVAILABLE}; an id the owner does not hold
 * (never made, released, or its lease lapsed) gives {@link Status#NOT_FOUND}.
 *
 * @param <T> the type of the value; {@code get()} returns it without casts
 */
public interface RemoteReference<T> {

  /**
   * Blocks until the value exists and returns it.
   *
   * @throws GridException if the computation failed or was cancelled, the owner is gone, or the calling thread
   *     was interrupted (then {@link Status#CANCELLED}, with the interrupt flag set again)
   */
  T get();

  /**
   * Blocks at most {@code timeout} for the value.
   *
   * @throws GridException with {@link Status#DEADLINE_EXCEEDED} if the value did not exist in time (the
   *     computation goes on; a later {@code get} may succeed), or as {@link #get()}
   */
  T get(Duration timeout);

  /** True once the value or its failure is known here (never blocks, never contacts the owner). */
  boolean isDone();

  /**
   * The value as a future, completed by a background fetch; never blocks. It completes exceptionally with the
   * {@link GridException} {@link #get()} would throw. Cancelling the returned future cancels only the wait, not the
   * remote computation: use {@link #cancel()} for that.
   */
  CompletableFuture<T> toCompletableFuture();

  /**
   * Asks the owner to cancel the computation: if it has not started it never runs, if it is running its thread is
   * interrupted. The value becomes a {@link Status#CANCELLED} failure, and so do the calls that depend on it.
   * Copies of the value already shipped elsewhere are not recalled.
   *
   * @return false if the value was already known here to be set (a write-once value cannot be cancelled)
   */
  boolean cancel();

  /**
   * Tells the owner this holder no longer needs the value; the owner frees it once no holder is left. Copies
   * already fetched (including the one this handle may cache) stay valid. Calls already submitted that still need
   * the value may fail with {@link Status#NOT_FOUND}. Idempotent; never blocks.
   */
  void release();

  /** The id of the value, unique in the Grid. */
  java.util.UUID id();

  /** The address of the owner's JVM, {@code rmi://host:port}. */
  String owner();

  /**
   * A reference that carries its value with it: passing it to a call serializes the value into the call,
   * as a plain RMI argument would be. Use it for small constants.
   *
   * @throws GridException with {@link Status#INVALID_ARGUMENT} if {@code value} is null
   */
  static <T> RemoteReference<T> of(T value) {
    return InlineReference.of(value);
  }
}
