package org.gridrmi.client.internal;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.Fetcher;
import org.gridrmi.runtime.LocalNode;
import org.gridrmi.runtime.store.Slot;
import org.gridrmi.runtime.wire.Outcomes;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.runtime.wire.RefContext;
import org.gridrmi.runtime.wire.Release;

/**
 * The context of references a Grid reads inside values (a result that is a {@code List<RemoteReference<T>>}, a
 * record with a reference field): this Grid holds each such value while any of those reference objects lives, like
 * the references it made itself, and resolves them from their owners.
 */
final class ValueRefs implements RefContext {
  private final Session session;

  ValueRefs(Session session) {
    this.session = session;
  }

  @Override
  public String label(Ref<?> ref) {
    return "value " + ref.id() + " on " + ref.owner();
  }

  @Override
  public boolean closed() {
    return session.closed();
  }

  @Override
  public CompletableFuture<Object> resolve(Ref<?> ref) {
    if (session.closed()) {
      return CompletableFuture.failedFuture(new GridException(
          Status.CANCELLED, label(ref) + ": its Grid is closed", null, List.of(label(ref))));
    }
    LocalNode home = session.homeIfStarted();
    Slot local = home != null ? home.findLocal(ref.id()) : null;
    if (local != null) return Outcomes.of(local.future(), label(ref));
    // a value this Grid's own batch makes, read back (inside a plain call's result, say) before
    // that
    // batch reached the owner: asked at once, the owner had not heard of it (NOT_FOUND)
    CompletableFuture<?> made = session.madeAfter(ref.id());
    Fetcher.Waiter w = session.fetcher().await(ref.owner(), ref.id(), null, null, made);
    return session.endedByClose(Outcomes.of(w.future(), label(ref)), label(ref));
  }

  @Override
  public boolean isDone(Ref<?> ref) {
    LocalNode home = session.homeIfStarted();
    Slot local = home != null
        ? home.findLocal(ref.id())
        : session.runtime().transport().jvmNodes().find(ref.id());
    return local != null && local.isDone();
  }

  @Override
  public boolean cancel(Ref<?> ref) {
    return false; // this Grid did not make the call: it only holds the value
  }

  @Override
  public void release(Ref<?> ref) {
    session.release(ref.id(), session.ownerChannel(ref.owner()), Release.Cause.EXPLICIT);
  }

  @Override
  public void adopt(Ref<?> ref) {
    session.adopt(ref);
  }

  @Override
  public CompletableFuture<Void> held(Ref<?> ref) {
    ServerChannel owner = session.ownerChannel(ref.owner());
    return owner == null
        ? CompletableFuture.completedFuture(null) // held in this Grid's own node
        : owner.link().acknowledged(ref.id());
  }

  @Override
  public void pin(Ref<?> ref) {
    session.runtime().pins().pin(List.of(ref));
  }
}
