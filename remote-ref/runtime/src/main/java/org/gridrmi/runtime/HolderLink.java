package org.gridrmi.runtime;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gridrmi.ref.GridException;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.wire.Release;

/**
 * One holder's hold on the values of one owner node: what it holds there, the holds and releases on their way (in
 * the order they were made, so a release never overtakes the hold it ends) and the lease renewals that keep them.
 * A Grid has one per server it uses; a server one per other node whose values it holds references to. Everything
 * goes on the runtime's bounded I/O pool, each call bounded by the call timeout, so an owner that does not answer
 * holds up nothing else; changes made while one message is on its way go together in the next one.
 */
public final class HolderLink {
  private final NodeRuntime runtime;
  private final UUID holder;
  private final String owner;
  private final long maxRenewMillis;
  /** Values held at the owner (made there, pushed, kept there as replicas, or held by reference). */
  private final Set<UUID> held = ConcurrentHashMap.newKeySet();

  private final ConcurrentLinkedQueue<Object> changes = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean sending = new AtomicBoolean();
  private final AtomicBoolean renewing = new AtomicBoolean();
  private volatile ScheduledFuture<?> renewal;
  private volatile boolean closed;

  /**
   * @param holder who holds (a Grid's holder id, a server's secret holder id)
   * @param owner the address of the node holding the values
   * @param maxRenewMillis the longest between two renewals, whatever lease the owner grants
   */
  public HolderLink(NodeRuntime runtime, UUID holder, String owner, long maxRenewMillis) {
    this.runtime = runtime;
    this.holder = holder;
    this.owner = owner;
    this.maxRenewMillis = maxRenewMillis;
  }

  public String owner() {
    return owner;
  }

  /** Records a value held at the owner that it knows of already (made there for this holder, or sent with it). */
  public void heldThere(UUID id) {
    held.add(id);
  }

  /** Whether the holder holds {@code id} at the owner as far as this link knows. */
  public boolean holds(UUID id) {
    return held.contains(id);
  }

  /** Asks the owner to add this holder to {@code id}, after every change queued before. */
  public void hold(UUID id) {
    held.add(id);
    queue(id);
    startRenewal();
  }

  /** Releases values at the owner, after every change queued before. */
  public void release(List<Release> rs) {
    if (rs.isEmpty()) return;
    for (Release r : rs) {
      held.remove(r.id());
      queue(r);
    }
  }

  private void queue(Object change) {
    changes.add(change);
    if (sending.compareAndSet(false, true)) {
      try {
        runtime.io().execute(this::send);
      } catch (GridException e) {
        sending.set(false); // the pool is closed or full: the lease ends the holds
      }
    }
  }

  /** Sends the queued changes in order, consecutive holds together and consecutive releases together. */
  private void send() {
    while (true) {
      List<Object> run = new ArrayList<>();
      for (Object c; (c = changes.poll()) != null; ) run.add(c);
      int i = 0;
      while (i < run.size()) {
        boolean holds = run.get(i) instanceof UUID;
        int j = i;
        while (j < run.size() && (run.get(j) instanceof UUID) == holds) j++;
        List<Object> group = run.subList(i, j);
        try {
          NodeClient node = runtime.node(owner);
          if (holds) node.hold(holder, group.stream().map(UUID.class::cast).toList());
          else node.release(holder, group.stream().map(Release.class::cast).toList());
        } catch (GridException ignored) {
          // unreachable: its lease ends what we hold there, and a hold it never got fails as
          // NOT_FOUND when used
        }
        i = j;
      }
      synchronized (this) {
        sending.set(false);
        notifyAll();
      }
      if (changes.isEmpty() || !sending.compareAndSet(false, true)) return;
    }
  }

  /** Starts renewing the holder's lease at the owner, once (at once: the first renewal learns the lease granted). */
  public void startRenewal() {
    if (renewal != null || closed) return;
    synchronized (this) {
      if (renewal == null) schedule(0);
    }
  }

  private void schedule(long delayMillis) {
    try {
      if (!closed)
        renewal = runtime.timer().schedule(this::renewSoon, delayMillis, TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // the runtime closed meanwhile: no more renewals
    }
  }

  /** On the timer: hand the renewal to the I/O pool, so that an owner that does not answer holds up nothing else. */
  private void renewSoon() {
    if (!renewing.compareAndSet(false, true))
      return; // the last one is still waiting for this owner
    try {
      runtime.io().execute(this::renew);
    } catch (GridException e) {
      renewing.set(false);
      schedule(1_000);
    }
  }

  /** Renews the lease, then again after a third of what the owner granted, so two renewals may fail in a row. */
  private void renew() {
    long next = maxRenewMillis;
    try {
      // the link may have closed while this waited for a thread: a closed holder sends nothing more
      if (closed) return;
      next = Math.min(next, Math.max(20, runtime.node(owner).renew(holder) / 3));
      runtime.peerHealth().answered(owner);
    } catch (GridException e) {
      runtime.transport().forget(owner); // unreachable now; keep trying, it may come back
      if (e.status() == org.gridrmi.ref.Status.UNAVAILABLE)
        runtime.peerHealth().lost(owner, e.description());
      next = Math.min(next, 1_000);
    } finally {
      synchronized (this) {
        renewing.set(false);
        notifyAll();
      }
    }
    schedule(next);
  }

  /** Stops renewing and releases everything held at the owner. */
  public void close() {
    closed = true;
    ScheduledFuture<?> r = renewal;
    if (r != null) r.cancel(false);
    release(held.stream().map(Release::explicit).toList());
  }

  /**
   * Waits (at most {@code bound} for all of them) until the changes of these links have been sent and no renewal is
   * on its way: once it returns, closed links call their owners no more.
   */
  public static void awaitSent(Collection<HolderLink> links, Duration bound) {
    long end = System.nanoTime() + bound.toNanos();
    for (HolderLink l : links) {
      synchronized (l) {
        while ((l.sending.get() || !l.changes.isEmpty() || l.renewing.get())
            && System.nanoTime() < end) {
          try {
            TimeUnit.NANOSECONDS.timedWait(
                l, Math.max(1, Math.min(end - System.nanoTime(), 50_000_000L)));
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
          }
        }
      }
    }
  }
}
