package org.gridrmi.ref.internal;

import java.rmi.RemoteException;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.wire.Failure;
import org.gridrmi.ref.internal.wire.FetchResult;

/**
 * Turns a reference into its value: localized when a node of this JVM holds it (the object itself, no copy),
 * lazy otherwise (a long-polling fetch from the owner on an I/O thread, never on a compute thread).
 */
final class Resolver {
  private Resolver() {}

  static <T> CompletableFuture<T> resolve(Ref<T> ref) {
    RefContext ctx = ref.context();
    if (ctx != null && ctx.closed()) {
      return CompletableFuture.failedFuture(new GridException(Status.CANCELLED,
          ref.describe() + ": its Grid is closed", null, List.of(ref.describe())));
    }
    Slot local = Nodes.findSlot(ref.id());
    if (local != null) return typed(local.future(), ref);
    CompletableFuture<?> submitted = ctx == null ? CompletableFuture.completedFuture(null) : ctx.submitted();
    CompletableFuture<T> result = new CompletableFuture<>();
    submitted.whenComplete((x, failure) -> {
      if (failure != null) result.completeExceptionally(toGrid(failure, ref));
    });
    if (result.isDone()) return result;
    LocalNode owner = Nodes.byAddress(ref.owner());
    if (owner != null) {
      awaitLocal(owner, ref, submitted, result);
    } else {
      // once the batch is on its way, not after its acknowledgement: the owner parks a fetch for an id whose batch
      // is in flight, so async call + get() costs one round trip, not two
      CompletableFuture<?> sent = ctx == null ? submitted : ctx.sent();
      sent.whenComplete((x, t) -> Daemons.IO.execute(() -> fetchLoop(ref, submitted, result)));
    }
    return result;
  }

  /**
   * The owner is a node of this JVM but the call is not registered yet: wait for it there (localized, no copy).
   * Once the batch is accepted the call is registered, so an id still unknown then was released or never made.
   */
  @SuppressWarnings("unchecked")
  private static <T> void awaitLocal(LocalNode owner, Ref<T> ref, CompletableFuture<?> submitted,
      CompletableFuture<T> result) {
    CompletableFuture<Slot> created = owner.table().whenCreated(ref.id());
    created.thenAccept(s -> s.future().whenComplete((v, t) -> {
      if (t == null) result.complete((T) v);
      else result.completeExceptionally(toGrid(t, ref));
    }));
    submitted.whenComplete((x, failure) -> {
      if (created.isDone()) return;
      owner.table().abandon(ref.id(), created);
      Slot s = owner.table().get(ref.id()); // made by a put, or just now
      if (s != null) {
        created.complete(s);
      } else if (failure == null) {
        result.completeExceptionally(describeNotFound(Failure.of(Status.NOT_FOUND, "value " + ref.id()
            + " is not held by " + owner + ": never made there, released, or its lease lapsed", null, null), ref)
            .toException());
      }
    });
  }

  @SuppressWarnings("unchecked")
  private static <T> CompletableFuture<T> typed(CompletableFuture<Object> f, Ref<T> ref) {
    CompletableFuture<T> out = new CompletableFuture<>();
    f.whenComplete((v, t) -> {
      if (t == null) out.complete((T) v);
      else out.completeExceptionally(toGrid(t, ref));
    });
    return out;
  }

  private static GridException toGrid(Throwable t, Ref<?> ref) {
    Throwable c = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    if (c instanceof GridException g) return g;
    return FailureCarrier.unwrap(c, null).toException();
  }

  /**
   * Polls the owner until the value is set, the owner fails, or {@code result} is completed by someone else. While
   * the batch making the value is not acknowledged, the fetch says so, and the owner waits for the id to appear.
   */
  @SuppressWarnings("unchecked")
  private static <T> void fetchLoop(Ref<T> ref, CompletableFuture<?> submitted, CompletableFuture<T> result) {
    String requester = Nodes.JVM_ID.toString();
    while (!result.isDone()) {
      RefContext ctx = ref.context();
      if (ctx != null && ctx.closed()) {
        result.completeExceptionally(new GridException(Status.CANCELLED, ref.describe() + ": its Grid was closed"));
        return;
      }
      FetchResult r;
      try {
        r = Stubs.node(ref.owner()).fetch(ref.id(), StoreEndpoint.MAX_WAIT_MILLIS, requester, !submitted.isDone());
      } catch (RemoteException | GridException e) {
        if (result.isDone()) return; // the batch failed meanwhile: that is the error to report
        Stubs.forget(ref.owner());
        result.completeExceptionally(new GridException(Status.UNAVAILABLE, "the owner " + ref.owner() + " of "
            + ref.describe() + " is unavailable: " + Stubs.rootMessage(e), e, List.of(ref.describe())));
        return;
      } catch (RuntimeException e) {
        result.completeExceptionally(new GridException(Status.INTERNAL, "fetching " + ref.describe() + ": " + e, e));
        return;
      }
      switch (r.state()) {
        case READY -> result.complete((T) r.value().value());
        case FAILED -> result.completeExceptionally(describeNotFound(r.failure(), ref).toException());
        case PENDING -> { }
      }
    }
  }

  private static Failure describeNotFound(Failure f, Ref<?> ref) {
    if (f.status() == Status.NOT_FOUND && f.chain().isEmpty()) {
      return Failure.of(Status.NOT_FOUND, ref.describe() + ": " + f.message(), null, ref.describe());
    }
    return f;
  }

  /** Releases values without waiting: at once if a node of this JVM holds them, else by a message to the owner. */
  static void releaseAsync(String address, List<UUID> ids) {
    LocalNode local = Nodes.byAddress(address);
    if (local != null) {
      local.table().release(Nodes.JVM_ID, ids);
      return;
    }
    Daemons.IO.execute(() -> {
      try {
        Stubs.node(address).release(Nodes.JVM_ID, ids);
      } catch (RemoteException | GridException ignored) {
        // the owner is gone, and so are its values
      }
    });
  }
}
