package org.gridrmi.runtime;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.gridrmi.runtime.store.Slot;
import org.gridrmi.runtime.wire.Outcomes;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.runtime.wire.RefContext;

/**
 * Resolves references for code that runs on a node (a server's call): a value a node here holds is the object itself
 * (localized), any other is fetched from its owner through the node's shared {@link Fetcher}. References read inside
 * values here are held by the node ({@link HeldReferences}) while they live; a call's code cannot release them for
 * the others, nor cancel what it does not hold.
 */
public class FetchingContext implements RefContext {
  private final NodeRuntime runtime;
  private final Fetcher fetcher;
  private final LocalNode node;
  private final UUID holder;
  private final HeldReferences held;

  /**
   * @param node the node whose values are local (with those of the JVM's nodes, where its transport shares them)
   * @param holder the client whose call runs (it may cancel what it holds), or null
   * @param held what holds the references read inside values here, or null for none
   */
  public FetchingContext(
      NodeRuntime runtime, Fetcher fetcher, LocalNode node, UUID holder, HeldReferences held) {
    this.runtime = runtime;
    this.fetcher = fetcher;
    this.node = java.util.Objects.requireNonNull(node, "node");
    this.holder = holder;
    this.held = held;
  }

  /** The same context for a call of {@code client}. */
  public FetchingContext forHolder(UUID client) {
    return new FetchingContext(runtime, fetcher, node, client, held);
  }

  @Override
  public String label(Ref<?> ref) {
    return "value " + ref.id() + " on " + ref.owner();
  }

  private Slot local(UUID id) {
    return node.findLocal(id);
  }

  @Override
  public boolean isDone(Ref<?> ref) {
    Slot s = local(ref.id());
    return s != null && s.isDone();
  }

  @Override
  public CompletableFuture<Object> resolve(Ref<?> ref) {
    Slot s = local(ref.id());
    if (s != null) return Outcomes.of(s.future(), label(ref));
    // no replica is kept for the call's client: it does not know this node read the reference, so
    // it would never
    // release the replica; the reference object caches the value for its own later uses
    Fetcher.Waiter w =
        fetcher.await(ref.owner(), ref.id(), null, null, CompletableFuture.completedFuture(null));
    return Outcomes.of(w.future(), label(ref));
  }

  @Override
  public boolean cancel(Ref<?> ref) {
    Slot s = local(ref.id());
    return s != null
        && holder != null
        && node.table().holds(holder, ref.id())
        && s.cancel(label(ref));
  }

  @Override
  public void release(Ref<?> ref) {
    // the node holds it while this reference object lives (see adopt); one call cannot let go for
    // the others
  }

  @Override
  public void adopt(Ref<?> ref) {
    if (held != null) held.adopt(ref);
  }

  @Override
  public CompletableFuture<Void> held(Ref<?> ref) {
    return held == null ? CompletableFuture.completedFuture(null) : held.acknowledged(ref);
  }

  @Override
  public void pin(Ref<?> ref) {
    if (held != null) runtime.pins().pin(java.util.List.of(ref));
  }
}
