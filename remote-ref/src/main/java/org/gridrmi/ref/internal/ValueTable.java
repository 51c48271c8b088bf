package org.gridrmi.ref.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The values one node holds, and the leases that keep them: a value lives while at least one holder keeps it, and
 * a holder keeps its values while it releases none of them and renews its lease in time. A holder that stops
 * renewing (a crashed client) loses every value after one lease period. Holders act only on their own holds: a
 * release or cancel for a value one does not hold changes nothing.
 */
public final class ValueTable {
  private final Map<UUID, Slot> slots = new ConcurrentHashMap<>();
  private final Map<UUID, Set<UUID>> byHolder = new ConcurrentHashMap<>();
  private final Map<UUID, Long> leaseExpiry = new ConcurrentHashMap<>();
  private final Map<UUID, AtomicInteger> pendingByHolder = new ConcurrentHashMap<>();
  /** Fetches waiting for an id whose call is still on its way here (see {@link #whenCreated}). */
  private final Map<UUID, List<CompletableFuture<Slot>>> creationWaiters = new ConcurrentHashMap<>();
  private final UUID self;
  private final long leaseMillis;
  private final Releases releases = new Releases();

  /**
   * @param self the node's own id: values it holds for itself never lapse
   * @param leaseMillis how long a remote holder's lease lasts after each renewal
   */
  public ValueTable(UUID self, long leaseMillis) {
    this.self = self;
    this.leaseMillis = leaseMillis;
  }

  public long leaseMillis() { return leaseMillis; }

  /** A new pending value, or null if the id is already known (a batch sent twice). */
  public Slot create(UUID id, UUID holder, String label) {
    Slot s = new Slot(id, label);
    if (slots.putIfAbsent(id, s) != null) return null;
    AtomicInteger pending = pendingByHolder.computeIfAbsent(holder, h -> new AtomicInteger());
    pending.incrementAndGet();
    s.future().whenComplete((v, t) -> pending.decrementAndGet());
    hold(s, holder);
    created(s);
    return s;
  }

  /** Stores a value that is already known (a put, or a replica pushed by its client). */
  public Slot put(UUID id, UUID holder, String label, Object value) {
    Slot s = slots.computeIfAbsent(id, k -> new Slot(k, label));
    s.set(value);
    hold(s, holder);
    created(s);
    return s;
  }

  /** Keeps a copy of another node's value, fetched for calls of these holders, so their later calls find it here. */
  public void putReplica(UUID id, Object value, List<UUID> holders) {
    if (holders.isEmpty()) return; // nobody would ever release it
    Slot s = slots.computeIfAbsent(id, k -> new Slot(k, "replica of value " + k));
    s.set(value);
    for (UUID h : holders) hold(s, h);
  }

  /** Adds {@code holder} to a value already here; false if it is not here. */
  public boolean hold(UUID id, UUID holder) {
    Slot s = slots.get(id);
    if (s == null) return false;
    hold(s, holder);
    return true;
  }

  /** Calls of {@code holder} registered here and not yet done. */
  public int pendingOf(UUID holder) {
    AtomicInteger n = pendingByHolder.get(holder);
    return n == null ? 0 : n.get();
  }

  /**
   * Completes with the slot of {@code id} once it exists here: at once if it does, else when a create or put makes
   * it. Lets a fetch for a value whose call is still in flight wait on the owner instead of after the submit's
   * acknowledgement. A caller that stops waiting must call {@link #abandon}, so that unknown ids leave nothing behind.
   */
  public CompletableFuture<Slot> whenCreated(UUID id) {
    Slot s = slots.get(id);
    if (s != null) return CompletableFuture.completedFuture(s);
    CompletableFuture<Slot> w = new CompletableFuture<>();
    creationWaiters.compute(id, (k, l) -> {
      List<CompletableFuture<Slot>> list = l == null ? new ArrayList<>(1) : l;
      list.add(w);
      return list;
    });
    s = slots.get(id); // made between the first look and the registration: create() may have missed the waiter
    if (s != null) {
      abandon(id, w);
      w.complete(s);
    }
    return w;
  }

  /** Forgets a waiter of {@link #whenCreated} that gave up. */
  public void abandon(UUID id, CompletableFuture<Slot> waiter) {
    creationWaiters.computeIfPresent(id, (k, l) -> {
      l.remove(waiter);
      return l.isEmpty() ? null : l;
    });
  }

  private void created(Slot s) {
    if (creationWaiters.isEmpty()) return;
    List<CompletableFuture<Slot>> waiters = creationWaiters.remove(s.id());
    if (waiters != null) waiters.forEach(w -> w.complete(s));
  }

  /** Waiters of {@link #whenCreated} not yet completed or abandoned (for tests). */
  int creationWaiters() {
    return creationWaiters.values().stream().mapToInt(List::size).sum();
  }

  private void hold(Slot s, UUID holder) {
    s.holders.add(holder);
    byHolder.computeIfAbsent(holder, h -> ConcurrentHashMap.newKeySet()).add(s.id());
    if (!holder.equals(self)) leaseExpiry.putIfAbsent(holder, System.currentTimeMillis() + leaseMillis);
  }

  public Slot get(UUID id) { return slots.get(id); }

  /** Whether {@code holder} holds {@code id} here. */
  public boolean holds(UUID holder, UUID id) {
    Slot s = slots.get(id);
    return s != null && s.holders.contains(holder);
  }

  /** Drops {@code holder}'s hold on these values, explicitly; a value nobody holds any more is freed. */
  public void release(UUID holder, List<UUID> ids) {
    release(holder, ids.stream().map(org.gridrmi.ref.internal.wire.Release::explicit).toList());
  }

  /**
   * Drops {@code holder}'s hold on these values. Where the holder lent a value to servers that have not fetched it
   * yet, the value is kept for each of them (a borrow hold, for one lease, renewed while it asks for it) until it has
   * it. A value nobody holds or borrows any more is freed.
   */
  public void release(UUID holder, java.util.Collection<org.gridrmi.ref.internal.wire.Release> rs) {
    Set<UUID> held = byHolder.get(holder);
    long expiry = System.currentTimeMillis() + leaseMillis;
    for (org.gridrmi.ref.internal.wire.Release r : rs) {
      if (held != null) held.remove(r.id());
      Slot s = slots.get(r.id());
      if (s == null || !s.holders.remove(holder)) continue;
      for (String b : r.borrowers()) if (!s.fetchedBy.contains(b)) s.borrowers.putIfAbsent(b, expiry);
      releases.count(r.cause());
      freeIfUnheld(s);
    }
  }

  private void freeIfUnheld(Slot s) {
    if (s.holders.isEmpty() && s.borrowers.isEmpty()) slots.remove(s.id(), s);
  }

  /**
   * {@code requester} asked for {@code id}: a borrower's hold is renewed while it waits, and ends once it has the value
   * (or its failure); later lenders need not keep the value for it.
   *
   * @param answered whether this fetch returns the value or its failure
   */
  public void fetchedBy(UUID id, String requester, boolean answered) {
    if (requester == null) return;
    Slot s = slots.get(id);
    if (s == null) return;
    if (!answered) {
      s.borrowers.computeIfPresent(requester, (k, v) -> System.currentTimeMillis() + leaseMillis);
      return;
    }
    s.fetchedBy.add(requester);
    if (s.borrowers.remove(requester) != null) {
      releases.borrowDone.increment();
      freeIfUnheld(s);
    }
  }

  /** Servers a value is kept for until they fetch it, over all values. */
  public int borrowers() {
    int n = 0;
    for (Slot s : slots.values()) n += s.borrowers.size();
    return n;
  }

  /** Releases so far, by cause. */
  public Releases releases() {
    return releases;
  }

  /** Counts of values let go, by cause. */
  public static final class Releases {
    final java.util.concurrent.atomic.LongAdder explicit = new java.util.concurrent.atomic.LongAdder();
    final java.util.concurrent.atomic.LongAdder collected = new java.util.concurrent.atomic.LongAdder();
    final java.util.concurrent.atomic.LongAdder lapsed = new java.util.concurrent.atomic.LongAdder();
    final java.util.concurrent.atomic.LongAdder borrowDone = new java.util.concurrent.atomic.LongAdder();

    void count(org.gridrmi.ref.internal.wire.Release.Cause c) {
      (c == org.gridrmi.ref.internal.wire.Release.Cause.COLLECTED ? collected : explicit).increment();
    }

    public long explicit() { return explicit.sum(); }
    public long collected() { return collected.sum(); }
    public long lapsed() { return lapsed.sum(); }
    /** Borrow holds that ended because their borrower fetched the value. */
    public long borrowDone() { return borrowDone.sum(); }
  }

  /** Renews every value of {@code holder}; returns the lease granted. */
  public long renew(UUID holder) {
    leaseExpiry.put(holder, System.currentTimeMillis() + leaseMillis);
    return leaseMillis;
  }

  /**
   * Drops the values of every holder whose lease lapsed; returns how many values were freed. A holder that renewed
   * while this ran keeps its values (its expiry changed, so the remove below fails and it is skipped).
   */
  public int expire(long now) {
    int freed = 0;
    for (Map.Entry<UUID, Long> e : leaseExpiry.entrySet()) {
      if (e.getValue() >= now) continue;
      UUID holder = e.getKey();
      if (!leaseExpiry.remove(holder, e.getValue())) continue; // renewed meanwhile
      Set<UUID> held = byHolder.remove(holder);
      pendingByHolder.remove(holder);
      if (held == null) continue;
      int before = slots.size();
      for (UUID id : held) {
        Slot s = slots.get(id);
        if (s != null && s.holders.remove(holder)) {
          releases.lapsed.increment();
          freeIfUnheld(s);
        }
      }
      freed += before - slots.size();
    }
    for (Slot s : slots.values()) { // borrowers that never came, or died waiting
      if (s.borrowers.values().removeIf(expiry -> expiry < now)) {
        releases.lapsed.increment();
        freeIfUnheld(s);
      }
    }
    return freed;
  }

  /** Every value, for a node that closes. */
  public void clear() {
    slots.clear();
    byHolder.clear();
    leaseExpiry.clear();
    pendingByHolder.clear();
  }

  public int size() { return slots.size(); }

  public int pending() {
    int n = 0;
    for (Slot s : slots.values()) if (!s.isDone()) n++;
    return n;
  }

  public int holders() { return leaseExpiry.size(); }
}
