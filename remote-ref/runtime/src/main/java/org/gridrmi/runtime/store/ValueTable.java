package org.gridrmi.runtime.store;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.Borrower;
import org.gridrmi.runtime.wire.HeldDigest;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.Renewal;
import org.gridrmi.runtime.wire.ValueIds;

/**
 * The values one node holds, and the holds that keep them: a value lives while at least one holder keeps it or a
 * borrower still waits for it, and a holder keeps its values while it releases none of them and renews its lease in
 * time. A holder that stops renewing (a crashed client) loses every value after one lease period. Holders act only on
 * their own holds: a release or cancel for a value one does not hold changes nothing. The values themselves live in
 * the node's {@link ValueStore}, within its budget.
 */
public final class ValueTable {
  private static final System.Logger LOG = System.getLogger(ValueTable.class.getName());
  /** Freed ids whose cause is remembered, for NOT_FOUND messages. */
  private static final int TOMBSTONES = 10_000;
  /** The most value ids one hold or release may name (a longer list is refused: INVALID_ARGUMENT). */
  public static final int MAX_IDS_PER_CALL = 10_000;
  /** The most holds waiting for values not made here yet, over all holders (past it: RESOURCE_EXHAUSTED). */
  public static final int MAX_PARKED_HOLDS = 100_000;
  /** The most holders with a lease here at once (past it, a new one is refused: RESOURCE_EXHAUSTED). */
  public static final int MAX_HOLDERS = 100_000;
  /**
   * The sequence number of a hold or release that carries none: the node's own holds, a batch's, a tool's. It is
   * applied as it comes and recorded nowhere. A {@code HolderLink} numbers its holds and releases from 1 up, and the
   * table drops one numbered no higher than the last of that link it applied to the value (see {@link #hold(UUID, UUID, long)},
   * {@link #release(UUID, long, Collection)}).
   */
  public static final long UNNUMBERED = 0;
  /** The borrow that keeps a pushed value whose release arrived first, for the calls of its batch (see put). */
  static final Borrower RELEASED_EARLY = new Borrower(
      "(calls of the batch that pushed it, released before it arrived)", new UUID(0, 0));

  private final Map<UUID, Slot> slots = new ConcurrentHashMap<>();
  /**
   * The holder index: per holder, the values it holds here, with their digest (what a renewal compares with the
   * holder's own: {@link #renew(UUID, HeldDigest)}).
   */
  private final Map<UUID, HeldIds> byHolder = new ConcurrentHashMap<>();

  private final Map<UUID, Long> leaseExpiry = new ConcurrentHashMap<>();
  private final Map<UUID, AtomicInteger> pendingByHolder = new ConcurrentHashMap<>();
  /**
   * Holds that arrived before the value they name (see {@link #holdWhenCreated}): per value id, each holder, until
   * when (ms) it waits and its hold's sequence number. Bounded by {@link #MAX_PARKED_HOLDS}; the sweep
   * ({@link #expire}) drops them after a lease.
   */
  private final Map<UUID, Map<UUID, Parked>> parked = new ConcurrentHashMap<>();

  private record Parked(long until, long sequence) {}

  private final AtomicInteger parkedCount = new AtomicInteger();

  /**
   * How many leases a value made and held by nobody (a hold this table lost: see {@link #loseHold}) is kept for its
   * holder's repair before the sweep frees it.
   */
  static final int ORPHAN_LEASES = 3;

  /** Values the sweep found made and held by nobody, since when (ms); at most one entry per value here. */
  private final Map<UUID, Long> heldByNobodySince = new ConcurrentHashMap<>();
  /** Fetches waiting for an id whose call is still on its way here (see {@link #whenCreated}). */
  private final Map<UUID, List<CompletableFuture<Slot>>> creationWaiters =
      new ConcurrentHashMap<>();

  private final UUID self;
  private final long leaseMillis;
  private final ValueStore store;
  private final ReleaseCounts releases = new ReleaseCounts();
  /** Releases of values a holder does not hold: the first logged, then every thousandth, with the count. */
  private static final org.gridrmi.runtime.serial.RefusalLog REFUSED =
      new org.gridrmi.runtime.serial.RefusalLog(ValueTable.class.getName(), 1, 1000);

  private final Tombstones tombstones = new Tombstones(TOMBSTONES);
  private final EarlyReleases early;
  /** Abandons of values not here yet: see {@link EarlyAbandons}. */
  private final EarlyAbandons abandonedEarly;

  private final LongSupplier millis;

  /**
   * @param self the node's own id: values it holds for itself never lapse
   * @param leaseMillis how long a remote holder's lease lasts after each renewal
   * @param store where the values are kept
   */
  public ValueTable(UUID self, long leaseMillis, ValueStore store) {
    this(self, leaseMillis, store, System::currentTimeMillis);
  }

  /**
   * @param millis where the table reads the time, in milliseconds from any origin (a node's runtime's ticker): leases,
   *     borrows, parked holds and early releases are counted on it, and {@link #expire} is given its readings
   */
  public ValueTable(UUID self, long leaseMillis, ValueStore store, LongSupplier millis) {
    this.self = self;
    this.leaseMillis = leaseMillis;
    this.store = store;
    this.millis = millis;
    this.early = new EarlyReleases(TOMBSTONES, leaseMillis, millis);
    this.abandonedEarly = new EarlyAbandons(TOMBSTONES, leaseMillis, millis);
  }

  public long leaseMillis() {
    return leaseMillis;
  }

  public ValueStore store() {
    return store;
  }

  /**
   * A new pending value, or null if the id is known here: held now (a batch sent twice), or freed not long ago (the
   * batch again after its value went: its call ran once already, and nobody would ever release a second value; seed 1
   * of the lifetime simulation). "Not long ago" is as far as the tombstones remember ({@value #TOMBSTONES} ids).
   */
  public Slot create(UUID id, UUID holder, String label) {
    if (tombstones.cause(id) != null) return null;
    Slot s = new Slot(id, label, store, null);
    if (slots.putIfAbsent(id, s) != null) return null;
    if (!holder.equals(self)) lapseIfRunOut(holder); // before its new call counts as pending
    AtomicInteger pending = pendingByHolder.computeIfAbsent(holder, h -> new AtomicInteger());
    pending.incrementAndGet();
    s.done().whenComplete((v, t) -> pending.decrementAndGet());
    hold(s, holder);
    created(s);
    return s;
  }

  /**
   * Stores a value that is already known (a put, or a replica pushed by its client). Only its writer writes a value,
   * once: the same holder putting the same id again (a value pushed again) only holds it; any other put of an id
   * that is here already (a call's pending result, a replica, another holder's put) is refused, and changes nothing.
   *
   * @throws GridException PERMISSION_DENIED if the id is here already and {@code holder} did not put it
   */
  public Slot put(UUID id, UUID holder, String label, Object value) {
    Slot fresh = new Slot(id, label, store, holder);
    Slot s = slots.putIfAbsent(id, fresh);
    if (s != null) {
      if (!holder.equals(s.putBy())) {
        throw new GridException(
            Status.PERMISSION_DENIED,
            "value " + ValueIds.shortForm(id)
                + "... is here already, written by someone else: only a value's producer writes it, once");
      }
      hold(s, holder);
      return s;
    }
    // held (or kept for its batch's calls) before it is set: a value here and set is never held by
    // nobody for a moment, which a release would take for a hold the owner lost (see release)
    if (releasedBefore(fresh, holder, UNNUMBERED)) {
      // its writer released it before it got here (the release overtook the batch carrying the
      // copy): the calls of that batch may still read it, for a lease at most, but it is not kept
      // for the writer, which will never release it again
      fresh.releasedEarly = holder;
      fresh.borrowersToAdd().put(RELEASED_EARLY, millis.getAsLong() + leaseMillis);
    } else {
      hold(fresh, holder);
    }
    fresh.set(value);
    created(fresh);
    return fresh;
  }

  /** Keeps a copy of another node's value, fetched for calls of these holders, so their later calls find it here. */
  public void putReplica(UUID id, Object value, List<UUID> holders) {
    List<UUID> keepers =
        holders.stream().filter(h -> early.take(h, id) == EarlyReleases.NONE).toList();
    if (keepers.isEmpty()) return; // nobody would ever release it
    Slot s = slots.computeIfAbsent(id, k -> new Slot(k, "replica of value " + k, store, null));
    for (UUID h : keepers) hold(s, h); // held before it is set, as a put
    s.set(value);
  }

  /**
   * Adds {@code holder} to a value already here, unnumbered (the node's own hold, or one for a call here); false if it
   * is not here (or the holder released it already).
   */
  public boolean hold(UUID id, UUID holder) {
    return hold(id, holder, UNNUMBERED);
  }

  /**
   * Adds {@code holder} to a value already here, for a hold numbered {@code sequence} by the holder's link; false if it
   * is not here, the holder released it already (a release that came first and was made after this hold), or a hold
   * or release of that link numbered as high or higher was applied to it already (this hold is a copy, or arrived
   * late).
   */
  public boolean hold(UUID id, UUID holder, long sequence) {
    Slot s = slots.get(id);
    return s != null && !releasedBefore(s, holder, sequence) && hold(s, holder, sequence);
  }

  /**
   * Adds {@code holder} to each of these values that is here (a node that read references to them), as
   * {@link #hold(UUID, UUID, long)} does for each.
   *
   * @return the ids that are not here
   */
  public List<UUID> holdAll(UUID holder, long sequence, Collection<UUID> ids) {
    List<UUID> missing = new ArrayList<>();
    for (UUID id : ids) {
      Slot s = slots.get(id);
      if (s == null) missing.add(id);
      else if (!releasedBefore(s, holder, sequence)) hold(s, holder, sequence);
    }
    return missing;
  }

  /**
   * Whether a release of {@code holder} that came before {@code s} was here (or before the holder held it) ends the
   * hold numbered {@code sequence}: one made after it (numbered higher), or either unnumbered. A release numbered lower
   * ended an older hold (or was a duplicate): the hold stands. The release is forgotten either way; one that ends the
   * hold leaves its number on the value, so that a late duplicate of the hold changes nothing either.
   */
  private boolean releasedBefore(Slot s, UUID holder, long sequence) {
    long released = early.take(holder, s.id());
    if (released == EarlyReleases.NONE) return false;
    if (released != UNNUMBERED && sequence != UNNUMBERED && released < sequence) return false;
    s.inOrder(holder, released, () -> {});
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
    s = slots.get(
        id); // made between the first look and the registration: create() may have missed the
    // waiter
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

  /**
   * A hold for a value not here yet: the call making it may still be on its way (its batch and the reference to it
   * travel separately), so the hold waits for it, as long as a lease, in one map the sweep cleans (no timer per id); a
   * value this node let go is not waited for.
   *
   * @throws GridException RESOURCE_EXHAUSTED naming the limit when {@link #MAX_PARKED_HOLDS} holds wait already
   */
  public void holdWhenCreated(UUID id, UUID holder, long sequence) {
    if (freedBecause(id) != null) return;
    if (parkedCount.get() >= MAX_PARKED_HOLDS) {
      throw new GridException(
          Status.RESOURCE_EXHAUSTED,
          store.node() + " already keeps " + MAX_PARKED_HOLDS + " holds for values not made there "
              + "yet, its limit: a hold of a value whose call never comes waits one lease");
    }
    long until = millis.getAsLong() + leaseMillis;
    parked.compute(id, (k, m) -> {
      Map<UUID, Parked> holders = m == null ? new java.util.HashMap<>(2) : m;
      Parked before = holders.get(holder);
      long newest = before == null ? sequence : Math.max(before.sequence(), sequence);
      if (holders.put(holder, new Parked(until, newest)) == null) parkedCount.incrementAndGet();
      return holders;
    });
    Slot s = slots.get(id); // made meanwhile: created() may have looked before this parked
    if (s != null) takeParked(s);
  }

  /** The holds parked for {@code s}'s id, now that it exists. */
  private void takeParked(Slot s) {
    Map<UUID, Parked> holders = parked.remove(s.id());
    if (holders == null) return;
    parkedCount.addAndGet(-holders.size());
    holders.forEach((h, p) -> hold(s.id(), h, p.sequence()));
  }

  /** Holds waiting for values not made here yet (for tests and stats). */
  public int parkedHolds() {
    return parkedCount.get();
  }

  private void created(Slot s) {
    abandonedEarly.applyTo(s);
    if (!parked.isEmpty()) takeParked(s);
    if (creationWaiters.isEmpty()) return;
    List<CompletableFuture<Slot>> waiters = creationWaiters.remove(s.id());
    if (waiters != null) waiters.forEach(w -> w.complete(s));
  }

  /** Waiters of {@link #whenCreated} not yet completed or abandoned (for tests). */
  public int creationWaiters() {
    return creationWaiters.values().stream().mapToInt(List::size).sum();
  }

  private void hold(Slot s, UUID holder) {
    hold(s, holder, UNNUMBERED);
  }

  /** Adds {@code holder} to {@code s}; false if it did not (it released it early, or the hold is late). */
  private boolean hold(Slot s, UUID holder, long sequence) {
    if (holder.equals(s.releasedEarly)) return false; // it released this value before it got here
    if (!holder.equals(self)) lapseIfRunOut(holder);
    // a hold older than a release of its link applied here already arrived late: it would undo it
    // (the holder's index changes with the value, in the same order as a concurrent release's)
    Runnable add = () -> {
      s.addHolder(holder);
      byHolder.computeIfAbsent(holder, h -> new HeldIds()).add(s.id());
    };
    if (!s.inOrder(holder, sequence, add)) return false;
    // a hold is news from a live holder: its lease starts again, as its link counts it (a link that
    // held nothing stopped renewing; kept the old expiry, a value made now could lapse at once:
    // seed 39)
    if (!holder.equals(self))
      leaseExpiry.merge(holder, millis.getAsLong() + leaseMillis, Math::max);
    return true;
  }

  public Slot get(UUID id) {
    return slots.get(id);
  }

  /**
   * A fault, for tests and the lifetime simulation: this table forgets that {@code holder} holds {@code id}, with no
   * release and without freeing the value (as a hold lost for good would leave it: the holder still counts it). Only
   * the repair that a renewal starts when the digests differ brings the hold back (see docs/reference-counting.md).
   */
  public void loseHold(UUID holder, UUID id) {
    Slot s = slots.get(id);
    HeldIds held = byHolder.get(holder);
    if (held != null) held.remove(id);
    if (s != null) s.removeHolder(holder);
  }

  /** Whether {@code holder} holds {@code id} here. */
  public boolean holds(UUID holder, UUID id) {
    Slot s = slots.get(id);
    return s != null && s.heldBy(holder);
  }

  /** Drops {@code holder}'s hold on these values, explicitly; a value nobody holds any more is freed. */
  public void release(UUID holder, List<UUID> ids) {
    release(holder, UNNUMBERED, ids.stream().map(Release::explicit).toList());
  }

  /** Drops {@code holder}'s hold on these values, unnumbered (the node's own holds). */
  public void release(UUID holder, Collection<Release> rs) {
    release(holder, UNNUMBERED, rs);
  }

  /**
   * Drops {@code holder}'s hold on these values, for a release numbered {@code sequence} by the holder's link (or
   * {@link #UNNUMBERED}). Where the holder lent a value to servers that have not fetched it yet, the value is kept for
   * each of them (a borrow hold, for one lease or the time left of the calls they took it for, renewed while it asks
   * for it) until it has it. A value nobody holds or borrows any more is freed. A release older than a hold or release
   * of the same link applied to the value already (a duplicate, or one delayed past a newer hold) changes nothing: it
   * would end a hold made after it (seed 443 of the lifetime simulation).
   *
   * @throws GridException PERMISSION_DENIED if a value is here and made, and the holder does not hold it (the others
   *     are released all the same)
   */
  public void release(UUID holder, long sequence, Collection<Release> rs) {
    HeldIds held = byHolder.get(holder);
    long now = millis.getAsLong();
    UUID notHeld = null;
    int notHeldCount = 0;
    for (Release r : rs) {
      long expiry =
          now + (r.borrowMillis() > 0 ? Math.min(leaseMillis, r.borrowMillis()) : leaseMillis);
      Slot s = slots.get(r.id());
      boolean[] removed = {false};
      Runnable end = () -> {
        if (held != null) held.remove(r.id());
        removed[0] = s != null && s.removeHolder(holder);
      };
      if (s == null) end.run();
      else if (!s.inOrder(holder, sequence, end))
        continue; // late: a newer hold or release of this holder's link was applied already
      // made, and held by nobody: this table lost the hold this release ends (see loseHold), and no
      // other holder relies on the value: released as if it had been held
      boolean lostHold =
          !removed[0] && s != null && s.isDone() && s.unheld() && s.borrowers().isEmpty();
      if (!removed[0] && !lostHold) { // ahead of the value or replica it ends, perhaps: remembered
        early.record(holder, r.id(), sequence);
        if (s != null && s.isDone() && !holder.equals(s.releasedEarly)) {
          notHeld = r.id(); // here and made, but not held by it: nothing it may end
          notHeldCount++;
        }
        continue;
      }
      // a borrower that fetched a failure keeps no replica of it: a new call there fetches again
      for (Borrower b : r.borrowers()) {
        if (s.fetchedBy(b) && !s.failed()) continue;
        s.borrowersToAdd().putIfAbsent(b, expiry);
        // its abandon may have come between the check and the add: it marks the borrower fetched
        // first, then ends the borrow, so either it ends this one or this sees it fetched now
        if (s.fetchedBy(b) && !s.failed()) s.borrowers().remove(b);
      }
      releases.count(r.cause());
      freeIfUnheld(
          s,
          r.cause() == Release.Cause.COLLECTED
              ? "collected (the last reference to it was garbage collected)"
              : "released by its last holder");
    }
    if (notHeld != null) {
      String message = "a holder released " + notHeldCount + " of " + rs.size() + " values on "
          + store.node() + " that it does not hold there (e.g. " + ValueIds.shortForm(notHeld)
          + "): refused, and nothing another holder relies on changed (a holder ends only its own holds;"
          + " one whose lease lapsed, or that sent a release twice, holds nothing any more)";
      REFUSED.refused(message);
      throw new GridException(Status.PERMISSION_DENIED, message);
    }
  }

  private void freeIfUnheld(Slot s, String cause) {
    if (s.unheld() && s.borrowers().isEmpty() && slots.remove(s.id(), s)) {
      store.cancelUnlessRead(
          s); // a call still to run or running that no call here waits for: stops, with its fetches
      store.free(s);
      tombstones.record(s.id(), cause);
    }
  }

  /**
   * Why {@code id} is not here, as far as this node remembers ("collected (...)", "released by ...", "freed when
   * ..."), or null if it never knew it (or forgot).
   */
  public String freedBecause(UUID id) {
    return tombstones.cause(id);
  }

  /**
   * {@code borrower} asked for {@code id}: a borrow it has is renewed for a lease. Only the borrower's own word ends
   * a borrow ({@link #abandonedBy}), once it has the value: an answered fetch does not, since the answer may never
   * reach it.
   */
  public void fetching(UUID id, Borrower borrower) {
    Slot s = slots.get(id);
    if (s != null && !s.borrowers().isEmpty())
      s.borrowers().computeIfPresent(borrower, (k, v) -> millis.getAsLong() + leaseMillis);
  }

  /** Whether {@code id} is kept here for {@code borrower} (that node at that address) until it fetches it. */
  public boolean borrows(UUID id, Borrower borrower) {
    Slot s = slots.get(id);
    return s != null && s.borrowers().containsKey(borrower);
  }

  /**
   * {@code borrower} no longer waits for these values: it has them (or their failure), or the calls that needed them
   * went. Ends its borrows, and only its own: those kept for another node id at the same address (a server restarted
   * there, or its earlier life) stay. Remembered per value, so that a holder's release naming that node as a borrower
   * later keeps nothing for it; for a value not here yet (the abandon overtook the batch making it), remembered for a
   * lease, and applied when the value is made.
   */
  public void abandonedBy(Borrower borrower, Collection<UUID> ids) {
    for (UUID id : ids) {
      Slot s = slots.get(id);
      if (s == null) {
        // ahead of the batch making it, perhaps: remembered, and looked up again in case that batch
        // made it meanwhile (then it was made before this was remembered, and nothing applied it)
        abandonedEarly.record(id, borrower);
        s = slots.get(id);
      }
      if (s != null) endBorrow(s, borrower);
    }
  }

  private void endBorrow(Slot s, Borrower borrower) {
    s.fetched(borrower);
    if (s.borrowers().remove(borrower) != null) {
      releases.borrowDone.increment();
      freeIfUnheld(s, "freed once its last borrower had fetched it");
    }
  }

  /** Servers a value is kept for until they fetch it, over all values. */
  public int borrowers() {
    int n = 0;
    for (Slot s : slots.values()) n += s.borrowers().size();
    return n;
  }

  /** Releases so far, by cause. */
  public ReleaseCounts releases() {
    return releases;
  }

  /**
   * Renews every value of {@code holder}, as {@link #renew(UUID)}, and says whether what this table holds for it agrees
   * with {@code holders}, the holder's own digest of what it holds here. Changes nothing else, whatever the digest says:
   * a holder learns only whether its own set agrees.
   */
  public Renewal renew(UUID holder, HeldDigest holders) {
    long granted = renew(holder);
    HeldDigest here = heldDigest(holder);
    return new Renewal(granted, here.equals(holders), here);
  }

  /** What {@code holder} holds here, as a digest ({@link HeldDigest#EMPTY} for a holder that holds nothing). */
  public HeldDigest heldDigest(UUID holder) {
    HeldIds held = byHolder.get(holder);
    return held == null ? HeldDigest.EMPTY : held.digest();
  }

  /**
   * One page of what {@code holder} holds here: at most {@code max} ids greater than {@code after}, the smallest first
   * (see {@link HeldIds#page}). Costs one pass over that holder's own holds.
   */
  public List<UUID> heldBy(UUID holder, UUID after, int max) {
    HeldIds held = byHolder.get(holder);
    return held == null ? List.of() : held.page(after, max);
  }

  /** Renews every value of {@code holder}; returns the lease granted. */
  public long renew(UUID holder) {
    releases.renewals.increment();
    // a holder that holds nothing here gets no entry: any id would make one
    leaseExpiry.computeIfPresent(holder, (h, t) -> millis.getAsLong() + leaseMillis);
    return leaseMillis;
  }

  /**
   * Checks that {@code holder} may hold values here: one that has a lease already may; a new one only while fewer than
   * {@link #MAX_HOLDERS} have one, after the entries of holders that hold nothing any more were dropped.
   *
   * @throws GridException RESOURCE_EXHAUSTED naming the limit
   */
  public void admit(UUID holder) {
    if (holder.equals(self) || leaseExpiry.containsKey(holder)) return;
    if (leaseExpiry.size() < MAX_HOLDERS) return;
    leaseExpiry.keySet().removeIf(h -> {
      HeldIds held = byHolder.get(h);
      return (held == null || held.isEmpty()) && pendingOf(h) == 0;
    });
    if (leaseExpiry.size() >= MAX_HOLDERS) {
      throw new GridException(
          Status.RESOURCE_EXHAUSTED,
          store.node() + " already keeps values for " + MAX_HOLDERS + " holders, its limit: a "
              + "new one may hold values there once another's lease lapsed");
    }
  }

  /**
   * Drops the values of every holder whose lease lapsed; returns how many values were freed. A holder that renewed
   * while this ran keeps its values (its expiry changed, so the remove below fails and it is skipped).
   */
  public int expire(long now) {
    int before = slots.size();
    int lapsedHolders = 0;
    long lapsedValues = 0;
    for (Map.Entry<UUID, Long> e : leaseExpiry.entrySet()) {
      if (e.getValue() >= now) continue;
      int ended = lapse(e.getKey(), e.getValue());
      if (ended > 0) {
        lapsedHolders++;
        lapsedValues += ended;
      }
    }
    if (lapsedHolders > 0) { // one line per sweep, however many holders lapsed in it
      LOG.log(
          System.Logger.Level.INFO,
          "{0}: the leases of {1} holders lapsed ({2} values they held let go): clients or "
              + "servers stopped renewing",
          store.node(),
          lapsedHolders,
          lapsedValues);
    }
    for (Map.Entry<UUID, Map<UUID, Parked>> e : parked.entrySet()) {
      parked.computeIfPresent(e.getKey(), (id, holders) -> {
        int waiting = holders.size();
        holders.values().removeIf(p -> p.until() < now);
        parkedCount.addAndGet(holders.size() - waiting);
        return holders.isEmpty() ? null : holders;
      });
    }
    for (Slot s : slots.values()) { // borrowers that never came, or died waiting
      if (s.borrowers().values().removeIf(expiry -> expiry < now)) {
        releases.lapsed.increment();
        freeIfUnheld(s, "freed when its borrower did not fetch it within a lease");
      } else if (s.isDone() && s.unheld() && s.borrowers().isEmpty()) {
        heldByNobody(s, now);
      }
    }
    heldByNobodySince.keySet().removeIf(id -> !slots.containsKey(id));
    return Math.max(0, before - slots.size());
  }

  /**
   * A value made and held by nobody, seen by a sweep: only a hold this table lost makes one (a put or replica is held
   * before it is set). Its holder's repair holds it again within its next renewals; if none did for
   * {@value #ORPHAN_LEASES} leases (its holder died, or let it go and its release found nothing to end), it is freed.
   */
  private void heldByNobody(Slot s, long now) {
    Long since = heldByNobodySince.putIfAbsent(s.id(), now);
    if (since != null && now - since >= ORPHAN_LEASES * leaseMillis) {
      heldByNobodySince.remove(s.id());
      releases.lapsed.increment();
      freeIfUnheld(
          s, "freed when nobody had held it for " + ORPHAN_LEASES + " leases (its holds lost)");
    }
  }

  /**
   * Ends every hold of {@code holder}, whose lease ran out at {@code expiry}; returns how many values it held, or 0 if
   * it renewed meanwhile (its expiry changed, so the remove fails and it is skipped).
   */
  private int lapse(UUID holder, long expiry) {
    if (!leaseExpiry.remove(holder, expiry)) return 0; // renewed meanwhile
    HeldIds held = byHolder.remove(holder);
    pendingByHolder.remove(holder);
    releases.leasesLapsed.increment();
    int ended = 0;
    if (held != null) {
      for (UUID id : held.snapshot()) {
        Slot s = slots.get(id);
        if (s != null && s.removeHolder(holder)) {
          ended++;
          releases.lapsed.increment();
          freeIfUnheld(
              s,
              "freed when the lease of its last holder lapsed (a client or server that stopped renewing)");
        }
      }
    }
    // a holder's id is a capability: only its first digits go to the log, and only at FINE (any
    // id a peer names makes an entry; one line each would let it fill the log)
    LOG.log(
        System.Logger.Level.DEBUG,
        "{0}: the lease of holder {1}... lapsed ({2} values it held let go): a "
            + "client or server stopped renewing",
        store.node(),
        holder.toString().substring(0, 8),
        ended);
    return ended;
  }

  /**
   * Before a new hold of {@code holder}: a lease of it that ran out before the sweep came lapses now, as the sweep
   * would have, so that the new hold starts a lease of its own instead of inheriting the stale expiry (which let the
   * next sweep free a value made a moment before: seed 35 of the lifetime simulation).
   */
  private void lapseIfRunOut(UUID holder) {
    Long expiry = leaseExpiry.get(holder);
    if (expiry != null && expiry < millis.getAsLong()) lapse(holder, expiry);
  }

  /** Every value, for a node that closes. */
  public void clear() {
    for (Slot s : slots.values()) store.free(s);
    slots.clear();
    byHolder.clear();
    leaseExpiry.clear();
    parked.clear();
    parkedCount.set(0);
    heldByNobodySince.clear();
    pendingByHolder.clear();
  }

  public int size() {
    return slots.size();
  }

  public int pending() {
    int n = 0;
    for (Slot s : slots.values()) if (!s.isDone()) n++;
    return n;
  }

  public int holders() {
    return leaseExpiry.size();
  }
}
