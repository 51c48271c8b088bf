package org.gridrmi.runtime.wire;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;

/**
 * The reference implementation: a value id and its owner's address. Serialized as exactly those two (the value id's
 * 16 bytes and the address as UTF), so a reference costs about a hundred bytes on the wire. It is bound to the
 * {@link RefContext} it was made or read in (see {@link RefContexts#of}), which resolves it; it never reaches anything
 * else of the JVM.
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

  /** @param context what resolves it here ({@link RefContexts#unbound()} for nothing) */
  public Ref(UUID id, String address, RefContext context) {
    this.id = id;
    this.address = address;
    this.context = java.util.Objects.requireNonNull(context, "context");
  }

  @Override
  public UUID id() {
    return id;
  }

  @Override
  public String owner() {
    return address;
  }

  public RefContext context() {
    return context;
  }
  /** True once {@link #release()} was called on this object. */
  public boolean released() {
    return released;
  }

  /** How messages name this value: its call if known here, else its id and owner. */
  public String describe() {
    return context.label(this);
  }

  @Override
  public T get() {
    try {
      return resolved(Long.MAX_VALUE).get();
    } catch (ExecutionException e) {
      throw rethrow(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GridException(Status.CANCELLED, "interrupted while waiting for " + describe(), e);
    }
  }

  @Override
  public T get(Duration timeout) {
    long start = System.nanoTime();
    long nanos = timeout.toNanos();
    try {
      CompletableFuture<T> f = resolved(nanos);
      return f.get(Math.max(0, nanos - (System.nanoTime() - start)), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new GridException(
          Status.DEADLINE_EXCEEDED,
          "the wait of " + timeout.toMillis() + " ms passed before " + describe() + " existed",
          null,
          List.of());
    } catch (ExecutionException e) {
      throw rethrow(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GridException(Status.CANCELLED, "interrupted while waiting for " + describe(), e);
    }
  }

  private static GridException rethrow(Throwable t) {
    if (t instanceof GridException g) {
      // a fresh exception, so the stack trace shows this get() and not the thread that completed
      // the future
      return new GridException(g.status(), g.description(), g.getCause(), g.chain());
    }
    return FailureCarrier.unwrap(t, null).toException();
  }

  @Override
  public boolean isDone() {
    CompletableFuture<T> f = future;
    return f != null ? f.isDone() : context.isDone(this);
  }

  @Override
  public CompletableFuture<T> toCompletableFuture() {
    return resolved(-1);
  }

  /**
   * The value's future, resolved once per object ({@link RefContext#resolve}); for a caller about to block on it for
   * at most {@code blockingNanos} (-1: a caller that does not block), by {@link RefContext#resolveBlocking}, which may
   * use the caller's thread meanwhile (outside this object's lock: another thread's {@code toCompletableFuture} never
   * waits for it).
   */
  @SuppressWarnings("unchecked")
  private CompletableFuture<T> resolved(long blockingNanos) {
    CompletableFuture<T> f = future;
    if (f == null && blockingNanos >= 0) {
      CompletableFuture<T> mine =
          (CompletableFuture<T>) context.resolveBlocking(this, blockingNanos);
      synchronized (this) {
        if (future == null) future = mine;
        f = future;
      }
    }
    if (f == null) {
      synchronized (this) {
        if (future == null) future = (CompletableFuture<T>) context.resolve(this);
        f = future;
      }
    }
    // the copy keeps this reference reachable until the value is here: a caller that keeps only the
    // future (and
    // drops the reference) must not have the value released while it is being fetched
    CompletableFuture<T> copy = new CompletableFuture<>();
    f.whenComplete((v, t) -> {
      java.lang.ref.Reference.reachabilityFence(this);
      if (t == null) copy.complete(v);
      else copy.completeExceptionally(t);
    });
    return copy;
  }

  @Override
  public boolean cancel() {
    CompletableFuture<T> f = future;
    if (f != null && f.isDone()) return false;
    return context.cancel(this);
  }

  @Override
  public void release() {
    released = true;
    CompletableFuture<T> f = future;
    if (f != null && !(f.isDone() && !f.isCompletedExceptionally()))
      future = null; // a fetched copy stays valid
    context.release(this);
  }

  @Override
  public void writeExternal(ObjectOutput out) throws IOException {
    WrittenRefs.written(this); // a plain call's result pins what it carries (see PlainResult)
    out.writeLong(id.getMostSignificantBits());
    out.writeLong(id.getLeastSignificantBits());
    out.writeUTF(address);
  }

  @Override
  public void readExternal(ObjectInput in) throws IOException {
    id = new UUID(in.readLong(), in.readLong());
    address = in.readUTF();
    context = RefContexts.of(in);
    context.adopt(
        this); // read inside a value: held by the context's instance while this object lives
    ReadRefs.noticed(this); // a receiver may acknowledge the value's transfer once it holds it
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Ref<?> r && r.id.equals(id);
  }

  @Override
  public int hashCode() {
    return id.hashCode();
  }

  @Override
  public String toString() {
    return "RemoteReference[" + describe() + "]";
  }
}
