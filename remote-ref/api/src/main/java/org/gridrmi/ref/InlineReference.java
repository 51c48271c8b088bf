package org.gridrmi.ref;

import java.io.Serializable;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * A reference that carries its value: see {@link RemoteReference#of}. The value travels inside the call that takes
 * it, serialized with the call's other arguments and read with the receiving server's filter; the server reads it
 * with {@link #get()} like any reference that is not its own kind.
 */
final class InlineReference<T> implements RemoteReference<T>, Serializable {
  private static final long serialVersionUID = 2L;
  private final UUID id = UUID.randomUUID();
  private final T value;

  private InlineReference(T value) {
    this.value = value;
  }

  static <T> InlineReference<T> of(T value) {
    if (value == null)
      throw new GridException(
          Status.INVALID_ARGUMENT, "RemoteReference.of(null): a value is required");
    if (!(value instanceof Serializable)) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "RemoteReference.of: a value of " + value.getClass().getName()
              + " is not Serializable, so it cannot travel inside a call; put() it instead");
    }
    return new InlineReference<>(value);
  }

  @Override
  public T get() {
    return value;
  }

  @Override
  public T get(Duration timeout) {
    return value;
  }

  @Override
  public boolean isDone() {
    return true;
  }

  @Override
  public CompletableFuture<T> toCompletableFuture() {
    return CompletableFuture.completedFuture(value);
  }

  @Override
  public boolean cancel() {
    return false;
  }

  @Override
  public void release() {}

  @Override
  public UUID id() {
    return id;
  }

  @Override
  public String owner() {
    return "inline";
  }

  @Override
  public String toString() {
    return "RemoteReference[inline " + value + "]";
  }
}
