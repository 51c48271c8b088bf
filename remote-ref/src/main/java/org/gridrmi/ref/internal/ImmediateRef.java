package org.gridrmi.ref.internal;

import java.io.Serializable;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.wire.WireValue;

/** A reference that carries its value: see {@link RemoteReference#of}. */
public final class ImmediateRef<T> implements RemoteReference<T>, Serializable {
  private static final long serialVersionUID = 1L;
  private final UUID id = UUID.randomUUID();
  private final WireValue value;

  private ImmediateRef(T value) {
    this.value = new WireValue(value);
  }

  public static <T> ImmediateRef<T> of(T value) {
    if (value == null) throw new GridException(Status.INVALID_ARGUMENT, "RemoteReference.of(null): a value is required");
    return new ImmediateRef<>(value);
  }

  @SuppressWarnings("unchecked")
  @Override public T get() { return (T) value.value(); }
  @Override public T get(Duration timeout) { return get(); }
  @Override public boolean isDone() { return true; }
  @Override public CompletableFuture<T> toCompletableFuture() { return CompletableFuture.completedFuture(get()); }
  @Override public boolean cancel() { return false; }
  @Override public void release() { }
  @Override public UUID id() { return id; }
  @Override public String owner() { return "inline"; }
  @Override public String toString() { return "RemoteReference[inline " + value.value() + "]"; }
}
