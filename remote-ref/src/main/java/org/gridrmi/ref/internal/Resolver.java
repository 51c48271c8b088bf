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
      if (failure != null) {
        result.completeExceptionally(toGrid(failure, ref));
      } else {
        Daemons.IO.execute(() -> fetchLoop(ref, result));
      }
    });
    return result;
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

  /** Polls the owner until the value is set, the owner fails, or {@code result} is completed by someone else. */
  @SuppressWarnings("unchecked")
  private static <T> void fetchLoop(Ref<T> ref, CompletableFuture<T> result) {
    String requester = Nodes.JVM_ID.toString();
    while (!result.isDone()) {
      RefContext ctx = ref.context();
      if (ctx != null && ctx.closed()) {
        result.completeExceptionally(new GridException(Status.CANCELLED, ref.describe() + ": its Grid was closed"));
        return;
      }
      FetchResult r;
      try {
        r = Stubs.node(ref.owner()).fetch(ref.id(), StoreEndpoint.MAX_WAIT_MILLIS, requester);
      } catch (RemoteException | GridException e) {
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
