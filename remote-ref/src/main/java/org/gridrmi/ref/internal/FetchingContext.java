package org.gridrmi.ref.internal;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * Resolves references for code that runs on a node (a server's call) or outside any Grid (detached): a value a
 * node here holds is the object itself (localized), any other is fetched from its owner through the shared
 * {@link Fetcher}. It holds nothing, so it cannot cancel or release what others hold.
 */
public class FetchingContext implements RefContext {
  private final NodeRuntime runtime;
  private final Fetcher fetcher;
  private final LocalNode node;
  private final UUID holder;

  /**
   * @param node the node whose values are local, or null (then only the JVM's RMI nodes, if the transport shares it)
   * @param holder the client a fetched replica is kept for, or null
   */
  public FetchingContext(NodeRuntime runtime, Fetcher fetcher, LocalNode node, UUID holder) {
    this.runtime = runtime;
    this.fetcher = fetcher;
    this.node = node;
    this.holder = holder;
  }

  @Override
  public String label(Ref<?> ref) {
    return "value " + ref.id() + " on " + ref.owner();
  }

  private Slot local(UUID id) {
    if (node != null) return node.findLocal(id);
    return runtime.transport().sharesJvm() ? Nodes.findSlot(id) : null;
  }

  @Override
  public CompletableFuture<Object> resolve(Ref<?> ref) {
    Slot s = local(ref.id());
    if (s != null) return Outcomes.of(s.future(), label(ref));
    Fetcher.Waiter w = fetcher.await(ref.owner(), ref.id(), holder, null, CompletableFuture.completedFuture(null));
    return Outcomes.of(w.future(), label(ref));
  }

  @Override
  public boolean cancel(Ref<?> ref) {
    Slot s = local(ref.id());
    return s != null && holder != null && node != null && node.table().holds(holder, ref.id())
        && s.cancel(label(ref));
  }

  @Override
  public void release(Ref<?> ref) {
    // holds nothing of its own
  }
}
