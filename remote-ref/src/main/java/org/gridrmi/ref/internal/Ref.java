package org.gridrmi.ref.internal;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;

/**
 * The reference implementation: a value id and its owner's address. Serialized as exactly those two (the
 * value id's 16 bytes and the address as UTF), so a reference costs about a hundred bytes on the wire.
 */
public final class Ref<T> implements RemoteReference<T>, Externalizable {
  private static final long serialVersionUID = 1L;
  private UUID id;
  private String address;
  private transient volatile CompletableFuture<T> future;
  private transient RefContext context;
  /** Set by {@link #release()}: this client may no longer pass the reference on (a copy elsewhere may). */
  private transient volatile boolean released;

  /** For deserialization only. */
  public Ref() {}

  public Ref(UUID id, String address, RefContext context) {
    this.id = id;
    this.address = address;
    this.context = context;
  }

  @Override public UUID id() { return id; }
  @Override public String owner() { return address; }
  public RefContext context() { return context; }
  /** True once {@link #release()} was called on this object. */
  public boolean released() { return released; }

  /** How messages name this value: its call if known here, else its id and owner. */
  public String describe() {
    return context != null ? context.label() : "value " + id + " on " + address;
  }

  @Override
  public T get() {
    try {
      return toCompletableFuture().join();
    } catch (CompletionException e) {
      throw rethrow(e.getCause());
    }
  }

  @Override
  public T get(Duration timeout) {
    try {
      return toCompletableFuture().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new GridException(Status.DEADLINE_EXCEEDED, "deadline of " + timeout.toMillis() + " ms passed before "
          + describe() + " existed", null, List.of(describe()));
    } catch (ExecutionException e) {
      throw rethrow(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GridException(Status.CANCELLED, "interrupted while waiting for " + describe(), e);
    }
  }

  private static GridException rethrow(Throwable t) {
    if (t instanceof GridException g) {
      // a fresh exception, so the stack trace shows this get() and not the thread that completed the future
      return new GridException(g.status(), g.description(), g.getCause(), g.chain());
    }
    return FailureCarrier.unwrap(t, null).toException();
  }

  @Override
  public boolean isDone() {
    CompletableFuture<T> f = future;
    if (f != null) return f.isDone();
    Slot s = Nodes.findSlot(id);
    return s != null && s.isDone();
  }

  @Override
  public CompletableFuture<T> toCompletableFuture() {
    CompletableFuture<T> f = future;
    if (f == null) {
      synchronized (this) {
        if (future == null) future = withRecovery(Resolver.resolve(this));
        f = future;
      }
    }
    return f.copy();
  }

  /** Lets the context re-make a value whose owner died (see {@link RefContext#recover}). */
  @SuppressWarnings("unchecked")
  private CompletableFuture<T> withRecovery(CompletableFuture<T> resolved) {
    RefContext ctx = context;
    if (ctx == null) return resolved;
    return resolved.exceptionallyCompose(t -> {
      Throwable c = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
      CompletableFuture<Object> other = c instanceof GridException g && g.status() == Status.UNAVAILABLE
          ? ctx.recover(c) : null;
      return other == null ? CompletableFuture.failedFuture(c) : (CompletableFuture<T>) other;
    });
  }

  @Override
  public boolean cancel() {
    if (isDone()) return false;
    Slot s = Nodes.findSlot(id);
    if (s != null) return s.cancel(describe());
    CompletableFuture<?> submitted = context == null ? CompletableFuture.completedFuture(null) : context.submitted();
    submitted.whenCompleteAsync((x, t) -> {
      try {
        Stubs.node(address).cancel(id);
      } catch (Exception ignored) {
        // the owner is gone: the value can no longer be made anyway
      }
    }, Daemons.IO);
    return true;
  }

  @Override
  public void release() {
    released = true;
    future = null;
    if (context != null) {
      context.release(this);
    } else {
      Resolver.releaseAsync(address, List.of(id));
    }
  }

  @Override
  public void writeExternal(ObjectOutput out) throws IOException {
    out.writeLong(id.getMostSignificantBits());
    out.writeLong(id.getLeastSignificantBits());
    out.writeUTF(address);
  }

  @Override
  public void readExternal(ObjectInput in) throws IOException {
    id = new UUID(in.readLong(), in.readLong());
    address = in.readUTF();
  }

  @Override public boolean equals(Object o) { return o instanceof Ref<?> r && r.id.equals(id); }
  @Override public int hashCode() { return id.hashCode(); }
  @Override public String toString() { return "RemoteReference[" + describe() + "]"; }
}
