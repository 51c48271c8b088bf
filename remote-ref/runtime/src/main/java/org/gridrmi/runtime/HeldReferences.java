package org.gridrmi.runtime;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.runtime.wire.Release;

/**
 * The values a server holds because references to them live in its JVM: references read inside values (an argument
 * that is a {@code List<RemoteReference<T>>}, a fetched record with a reference field) and those carried by
 * arguments of calls it accepted. Java RMI's distributed GC, per value id: the first reference object registers the
 * node as a holder with the value's owner (a "dirty" call), and when the last one is garbage the node releases it
 * (a "clean" call, cause COLLECTED). Holds on other nodes are renewed like a Grid's leases; a crashed server's holds
 * lapse after one lease.
 */
public final class HeldReferences implements AutoCloseable {
  private final LocalNode node;
  private final long maxRenewMillis;
  private final java.util.function.Predicate<String> mayHoldAt;
  /** Live reference objects per value id held this way. */
  private final Map<UUID, Integer> live = new ConcurrentHashMap<>();

  private final Map<String, HolderLink> links = new ConcurrentHashMap<>();
  /**
   * Who this node is as a holder on other nodes: a secret like a client's holder id, not the node's id, which
   * {@code info()} hands to anyone (with it, anyone could release or cancel what this node holds there).
   */
  private final UUID holderId = UUID.randomUUID();

  private volatile boolean closed;

  /**
   * @param maxRenewMillis the longest between two renewals of the node's leases on other nodes
   * @param mayHoldAt which owners the node may contact (see {@link KnownPeers}): a reference to any other is not held
   *     here (and fails as PERMISSION_DENIED when it is resolved), so a forged reference cannot make the node connect
   *     to an arbitrary host
   */
  public HeldReferences(
      LocalNode node, long maxRenewMillis, java.util.function.Predicate<String> mayHoldAt) {
    this.node = node;
    this.maxRenewMillis = maxRenewMillis;
    this.mayHoldAt = mayHoldAt;
  }

  /**
   * Holds {@code ref}'s value while this reference object lives. Never blocks.
   *
   * @return completes once the value's owner answered this node's hold of it (at once for a value of this node, or
   *     one not held), or refused it, or this node gave up on the owner after a lease of silence: what a batch's
   *     receipt waits for before it tells the sender it may let go of the reference
   */
  public CompletableFuture<Void> adopt(Ref<?> ref) {
    if (closed || !(ref.owner().equals(node.address()) || mayHoldAt.test(ref.owner())))
      return CompletableFuture.completedFuture(null);
    UUID id = ref.id();
    String owner = ref.owner();
    // the hold is queued inside the count's update, so it cannot be overtaken by the release of an
    // earlier last one
    live.compute(id, (k, n) -> {
      if (n != null) return n + 1;
      if (owner.equals(node.address())) node.table().hold(id, node.id());
      else holdAt(owner, id);
      return 1;
    });
    Cleaners.register(ref, new Dropped(this, id, owner));
    HolderLink link = owner.equals(node.address()) ? null : links.get(owner);
    return link == null ? CompletableFuture.completedFuture(null) : link.acknowledged(id);
  }

  /**
   * Completes once this node's hold of {@code ref}'s value waits for no answer of its owner (see
   * {@link HolderLink#acknowledged}); at once for a value of this node, or one not held at another node.
   */
  public CompletableFuture<Void> acknowledged(Ref<?> ref) {
    HolderLink link = ref.owner().equals(node.address()) ? null : links.get(ref.owner());
    return link == null ? CompletableFuture.completedFuture(null) : link.acknowledged(ref.id());
  }

  /** Holds {@code id} at {@code owner} through its link, made if there is none (a link that went idle was dropped). */
  private void holdAt(String owner, UUID id) {
    links.compute(owner, (o, l) -> {
      HolderLink link = l != null ? l : newLink(o);
      link.hold(id);
      return link;
    });
  }

  /**
   * A link to {@code owner} that is dropped once it holds nothing (so a server that used the values of many nodes once
   * renews nothing there); dropped under the map's lock for that owner, which {@link #holdAt} takes too, so no hold
   * goes to a link already dropped.
   */
  private HolderLink newLink(String owner) {
    HolderLink[] made = new HolderLink[1];
    made[0] = new HolderLink(
        node.runtime(),
        holderId,
        owner,
        maxRenewMillis,
        () -> links.computeIfPresent(owner, (o, l) -> l == made[0] && l.idle() ? null : l));
    return made[0];
  }

  private void dropped(UUID id, String owner) {
    if (closed) return;
    live.computeIfPresent(id, (k, n) -> {
      if (n > 1) return n - 1;
      Release r = new Release(id, Release.Cause.COLLECTED, List.of());
      if (owner.equals(node.address())) {
        node.table().release(node.id(), List.of(r));
      } else {
        // no link: it gave up on an owner silent for a lease, which let go of everything held there
        HolderLink link = links.get(owner);
        if (link != null) link.release(List.of(r));
      }
      return null;
    });
  }

  /** Owners this node holds values at now, one link each (for stats and tests). */
  public int links() {
    return links.size();
  }

  /** Value ids held this way now (for stats and tests). */
  public int size() {
    return live.size();
  }

  /** What the cleaner runs: it must not hold the reference. */
  private record Dropped(HeldReferences holds, UUID id, String owner) implements Runnable {
    @Override
    public void run() {
      holds.dropped(id, owner);
    }
  }

  /** Releases everything held on other nodes (bounded by the call timeout) and stops renewing. */
  @Override
  public void close() {
    closed = true;
    links.values().forEach(HolderLink::close);
    HolderLink.awaitSent(links.values(), node.runtime().settings().timeouts().call());
  }
}
