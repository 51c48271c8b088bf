package org.gridrmi.runtime;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.store.HeldIds;
import org.gridrmi.runtime.store.ValueTable;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.wire.HeldDigest;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.Renewal;

/**
 * One holder's hold on the values of one owner node: the holder's side of the lifetime protocol (see
 * docs/reference-counting.md). It keeps what the holder holds at the owner, the holds and releases on their way (in the
 * order they were made, so a release never overtakes the hold it ends) and the lease renewals that keep them. A Grid
 * has one per server it uses; a server one per other node whose values it holds references to.
 *
 * <ul>
 *   <li><b>Acknowledged:</b> a hold or release is sent until the owner answers it. A call that fails as the network
 *       fails (UNAVAILABLE, DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED) goes back to the head of the queue, ahead of every
 *       later change, and is sent again after a growing pause; so is a change the I/O pool had no room for. Holds and
 *       releases are idempotent at the owner, so one that arrived although its answer was lost does no harm sent
 *       again. A change the owner refuses (PERMISSION_DENIED, INVALID_ARGUMENT) is not sent again.
 *   <li><b>Numbered:</b> every hold and release call carries a sequence number higher than every earlier one of the
 *       holder, as Java RMI's DGC numbers dirty and clean calls; the owner drops, per value, one older than the last
 *       it applied, so a duplicate or late call cannot undo a newer one. Renewals carry none.
 *   <li><b>Bounded:</b> once the owner has not answered for one lease (the last one it granted), it has let go of
 *       everything this holder held there: the link gives up, drops the changes not sent and stops renewing
 *       ({@link #lapses} then counts it). A later hold starts it again.
 *   <li><b>Repaired:</b> every renewal carries a digest of what the link counts as held there; when the owner's differs
 *       while nothing of the link was on its way, the link asks the owner what it holds for the holder and sends the
 *       difference as numbered holds and releases ({@link #repair}), so a hold or release lost for good is repaired
 *       after the next renewals.
 *   <li><b>Idle links stop:</b> a link that holds nothing and sends nothing renews nothing; it tells its creator
 *       ({@code onIdle}), which may drop it.
 * </ul>
 *
 * Everything goes on the runtime's bounded I/O pool, each call bounded by the call timeout, so an owner that does not
 * answer holds up nothing else; changes made while one message is on its way go together in the next one. Time is read
 * from the runtime's {@link Ticker}.
 */
public final class HolderLink {
  /** The first pause before a failed call is made again; each failure in a row doubles it, up to the renewal period. */
  static final long FIRST_RETRY_MILLIS = 50;

  /**
   * The sequence numbers of holds and releases (see {@link #send}): one counter for every link of the JVM, so that
   * numbers increase per holder and owner even across links (a server drops a link that holds nothing and makes a new
   * one for the same owner later; the owner still remembers the numbers of the old one).
   */
  private static final AtomicLong SEQUENCE = new AtomicLong();

  private final NodeRuntime runtime;
  private final UUID holder;
  private final String owner;
  private final long maxRenewMillis;
  private final Runnable onIdle;
  /**
   * Values held at the owner (made there, pushed, kept there as replicas, or held by reference), with their digest,
   * which every renewal carries.
   */
  private final HeldIds held = new HeldIds();

  /**
   * Counts every change to {@link #held} and every hold or release queued, after it is made: a renewal during which
   * it moved had changes on their way, and a difference of digests then is expected.
   */
  private final AtomicLong changesMade = new AtomicLong();

  /**
   * Taken by every change of what the link counts (hold, release, a value held there) and by a repair's decision, so
   * that a repair never releases a value the holder came to hold while it decided.
   */
  private final Object repairLock = new Object();
  /**
   * Values the link counts as held that the owner did not hold at a repair, and when it first found that: the repair
   * holds them again; if the owner still lacks one a lease later (freed before the hold came: its tombstone answers),
   * the link stops counting it ({@link #gone}). Keys are ids of {@link #held}: bounded by what the holder holds.
   */
  private final Map<UUID, Long> lacking = new HashMap<>();
  /**
   * Values the link counted as held and the owner does not hold any more (see {@link #lacking}): not in the digest, so
   * that it agrees again; counted again if the owner lists one after all (its hold was parked until the value came).
   * The holder's references to them fail with NOT_FOUND when resolved, as after any hold that came too late.
   */
  private final Set<UUID> gone = new HashSet<>();
  /**
   * Values the owner listed as held by this holder that the link does not count, and when a repair first saw each:
   * released by a repair at least a lease later if the owner still lists them and the link still does not count them
   * (a release lost for good, or a batch the holder thinks failed). Not at once: the receipt of a batch that made one
   * may still be on its way. Bounded by {@link #MAX_LISTED}.
   */
  private final Map<UUID, Long> suspects = new HashMap<>();
  /** A repair is running: one at a time. */
  private final AtomicBoolean repairing = new AtomicBoolean();

  private volatile long repairs;

  /** Per value id, the hold of it not yet answered (see {@link #acknowledged}). */
  private final Map<UUID, CompletableFuture<Void>> unacknowledged = new ConcurrentHashMap<>();

  /**
   * A hold on its way, with what completes once it is answered (null for a repair's: nobody waits for it). Each hold
   * has its own: a value held, released and held again while the first hold waits for its answer is acknowledged only
   * by the answer to the second (seed 942 of 600 steps of the lifetime simulation).
   */
  private record Hold(UUID id, CompletableFuture<Void> ack) {}

  /** Holds (a {@link Hold}) and releases (a {@link Release}) not yet acknowledged, oldest first. */
  private final ConcurrentLinkedDeque<Object> changes = new ConcurrentLinkedDeque<>();
  /** A send is running or scheduled (perhaps after a pause): only it takes changes off the queue. */
  private final AtomicBoolean sending = new AtomicBoolean();

  private final AtomicBoolean renewing = new AtomicBoolean();
  private volatile ScheduledFuture<?> renewal;
  /** The resend waiting for its pause, if any. */
  private volatile ScheduledFuture<?> resend;

  private volatile boolean closed;
  /** When the owner last answered (or the link last started): one lease after it, the link gives up. */
  private volatile long answeredNanos;
  /** The lease the owner last granted; until it grants one, three renewal periods. */
  private volatile long leaseNanos;
  /** Failed calls in a row, for the pause before the next. */
  private volatile int failures;

  private volatile long lapses;
  /** Renewals answered with digests that differed while nothing of this link was on its way. */
  private volatile long disagreements;

  /** How many ids a repair asks the owner for in one call: as many as one hold may name. */
  static final int REPAIR_PAGE = ValueTable.MAX_IDS_PER_CALL;
  /**
   * The most ids a repair takes from the owner's list (a peer's answer: bounded); past it the repair stops, changes
   * nothing, and the lease keeps what it keeps.
   */
  static final int MAX_LISTED = 100 * REPAIR_PAGE;

  /**
   * @param holder who holds (a Grid's holder id, a server's secret holder id)
   * @param owner the address of the node holding the values
   * @param maxRenewMillis the longest between two renewals, whatever lease the owner grants
   */
  public HolderLink(NodeRuntime runtime, UUID holder, String owner, long maxRenewMillis) {
    this(runtime, holder, owner, maxRenewMillis, () -> {});
  }

  /**
   * @param onIdle run (on the runtime's timer) when the link holds nothing, sends nothing and so stopped renewing
   */
  public HolderLink(
      NodeRuntime runtime, UUID holder, String owner, long maxRenewMillis, Runnable onIdle) {
    this.runtime = runtime;
    this.holder = holder;
    this.owner = owner;
    this.maxRenewMillis = maxRenewMillis;
    this.onIdle = onIdle;
    this.leaseNanos = TimeUnit.MILLISECONDS.toNanos(3 * maxRenewMillis);
    this.answeredNanos = runtime.ticker().nanoTime();
  }

  public String owner() {
    return owner;
  }

  /** Records a value held at the owner that it knows of already (made there for this holder, or sent with it). */
  public void heldThere(UUID id) {
    synchronized (repairLock) {
      counted(id);
      held.add(id);
      changesMade.incrementAndGet();
    }
  }

  /** {@code id} is counted as held again (or released): what a repair thought of it is out of date. */
  private void counted(UUID id) {
    gone.remove(id);
    lacking.remove(id);
    suspects.remove(id);
  }

  /**
   * The owner answered a call of this holder made outside the link (a batch that made or stored values for it): the
   * silence after which the link gives up counts from now. Counted only from the link's own calls, a link to an owner
   * restarted at the same address gave up right after the restart had made a value for the holder, and forgot that
   * value, which the owner then freed while the holder held it (seed 160 of the lifetime simulation).
   */
  public void ownerAnswered() {
    answered();
  }

  /** Whether the holder holds {@code id} at the owner as far as this link knows. */
  public boolean holds(UUID id) {
    return held.contains(id);
  }

  /** Asks the owner to add this holder to {@code id}, after every change queued before. */
  public void hold(UUID id) {
    synchronized (repairLock) {
      counted(id);
      held.add(id);
      CompletableFuture<Void> ack = new CompletableFuture<>();
      unacknowledged.put(id, ack); // the latest hold's: an earlier one's waiters keep their own
      queue(new Hold(id, ack));
    }
    startRenewal();
  }

  /**
   * Completes once no hold of {@code id} by this link waits for the owner's answer: at once if none does, else when
   * the owner acknowledged it, refused it, or the link gave up on the owner (so a caller that waits for it never waits
   * longer than one lease of silence). What a receiver of references waits for before it acknowledges them to their
   * sender (see docs/reference-counting.md).
   */
  public CompletableFuture<Void> acknowledged(UUID id) {
    CompletableFuture<Void> f = unacknowledged.get(id);
    return f != null ? f : CompletableFuture.completedFuture(null);
  }

  /** These holds need no more waiting for (answered, refused, or given up). */
  private void settled(List<Hold> holds) {
    for (Hold h : holds) {
      if (h.ack() == null) continue;
      unacknowledged.remove(h.id(), h.ack());
      h.ack().complete(null);
    }
  }

  /** No hold of the link needs waiting for any more: those queued in {@code dropped} and every other one. */
  private void settledAll(List<Object> dropped) {
    settled(
        dropped.stream().filter(Hold.class::isInstance).map(Hold.class::cast).toList());
    for (UUID id : List.copyOf(unacknowledged.keySet())) {
      CompletableFuture<Void> f = unacknowledged.remove(id);
      if (f != null) f.complete(null);
    }
  }

  /** Releases values at the owner, after every change queued before. */
  public void release(List<Release> rs) {
    if (rs.isEmpty()) return;
    synchronized (repairLock) {
      for (Release r : rs) {
        counted(r.id());
        held.remove(r.id());
        queue(r);
      }
    }
  }

  private void queue(Object change) {
    changes.add(change);
    changesMade.incrementAndGet();
    if (change instanceof Release && lingers()) return;
    if (sending.compareAndSet(false, true)) dispatch();
  }

  /**
   * How long a release waits for others to the same owner before it is sent (unless a hold queued after it, or a
   * closing link, sends it earlier): a client that makes chains releases each chain's values right after its
   * {@code get()}, and sent at once each release was an RMI call per chain and owner, made on an I/O thread woken here
   * and a connection thread woken at the owner while the next chain ran, on a 2-core machine where every thread woken
   * competes with the chain's own (the cross-server chain's two owners made two). The owner keeps the values that much
   * longer, which the lifetime protocol allows: a release is a message that may come late.
   */
  static final long RELEASE_LINGER_MILLIS = 2;

  /** Releases queued to linger since the last send took the queue: past a call's worth, they go at once. */
  private final AtomicInteger lingering = new AtomicInteger();

  /** A send of lingering releases is scheduled ({@link #lingers}). */
  private final AtomicBoolean releaseFlushScheduled = new AtomicBoolean();

  /**
   * Whether the release just queued waits for others ({@link #RELEASE_LINGER_MILLIS}): not on a closing link, nor when
   * a send is running (it takes it), nor once the releases waiting fill a call; the first release of a linger
   * schedules its send.
   */
  private boolean lingers() {
    if (closed || sending.get()) return false;
    if (lingering.incrementAndGet() >= ValueTable.MAX_IDS_PER_CALL) return false;
    if (!releaseFlushScheduled.compareAndSet(false, true)) return true;
    try {
      runtime.timer().schedule(this::flushReleases, RELEASE_LINGER_MILLIS, TimeUnit.MILLISECONDS);
      return true;
    } catch (RejectedExecutionException closing) {
      releaseFlushScheduled.set(false);
      return false; // the runtime closes: no later, try now
    }
  }

  /** Sends the releases that lingered, unless a send running took them. */
  private void flushReleases() {
    releaseFlushScheduled.set(false);
    if (!changes.isEmpty() && sending.compareAndSet(false, true)) dispatch();
  }

  /** Hands the send to the I/O pool; if it has no room, tries again after a pause rather than leave changes unsent. */
  private void dispatch() {
    try {
      runtime.io().execute(this::send);
    } catch (GridException e) {
      if (e.status() == Status.CANCELLED) stopForClose(); // nothing is sent any more
      else sendLater();
    }
  }

  /**
   * Sends the queued changes in order, consecutive holds together and consecutive releases together; on a failure,
   * puts what was not acknowledged back at the head of the queue and tries again later. Each call carries a new
   * sequence number, higher than every one this holder sent before (a call sent again too): the owner drops a hold or
   * release older than the last of this holder it applied to the value, so a release the network delivers twice, or
   * late, never ends a hold made after it (seed 443 of the lifetime simulation), nor does a late hold undo a release.
   */
  private void send() {
    while (true) {
      List<Object> run = new ArrayList<>();
      lingering.set(0);
      for (Object c; (c = changes.poll()) != null; ) run.add(c);
      int i = 0;
      while (i < run.size()) {
        boolean holds = run.get(i) instanceof Hold;
        int j = i;
        // at most as many ids as an owner takes in one call
        while (j < run.size()
            && (run.get(j) instanceof Hold) == holds
            && j - i < ValueTable.MAX_IDS_PER_CALL) j++;
        List<Object> group = run.subList(i, j);
        List<Hold> holdsSent = holds ? group.stream().map(Hold.class::cast).toList() : List.of();
        List<UUID> heldIds = holdsSent.stream().map(Hold::id).toList();
        try {
          NodeClient node = runtime.node(owner);
          long sequence = SEQUENCE.incrementAndGet();
          if (holds) node.hold(holder, sequence, heldIds);
          else
            node.release(
                holder, sequence, group.stream().map(Release.class::cast).toList());
          answered();
        } catch (GridException e) {
          if (!closed && worthRetrying(e)) {
            for (int k = run.size() - 1; k >= i; k--) changes.addFirst(run.get(k));
            failed(e);
            sendLater();
            return;
          }
          // refused (the owner will not take it, however often it is sent), or a closed link's last
          // word (the lease ends what it held)
        }
        settled(holdsSent);
        i = j;
      }
      if (stopSendingUnlessMore()) return;
    }
  }

  /** Ends this send unless changes came meanwhile (then this send goes on with them); true if it ended. */
  private boolean stopSendingUnlessMore() {
    stopSending();
    return changes.isEmpty() || !sending.compareAndSet(false, true);
  }

  private void stopSending() {
    synchronized (this) {
      sending.set(false);
      notifyAll();
    }
  }

  /** Whether a failed call to an owner may succeed if made again (it was lost, late, or met a full pool). */
  static boolean worthRetrying(GridException e) {
    return e.status() == Status.UNAVAILABLE
        || e.status() == Status.DEADLINE_EXCEEDED
        || e.status() == Status.RESOURCE_EXHAUSTED;
  }

  /** Sends again after a pause, unless the owner has been silent for a lease (then gives up). */
  private void sendLater() {
    if (gaveUp()) {
      stopSending();
      return;
    }
    try {
      resend = runtime.timer().schedule(this::dispatch, pauseMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException closing) {
      stopForClose();
    }
  }

  /** The runtime closed: nothing is sent any more, and nobody waits for an answer that cannot come. */
  private void stopForClose() {
    stopSending();
    settledAll(List.copyOf(changes));
  }

  /** The pause before the next attempt: doubling with each failure in a row, at most the renewal period. */
  private long pauseMillis() {
    int n = Math.min(failures, 20);
    return Math.min(maxRenewMillis, FIRST_RETRY_MILLIS << n);
  }

  private void answered() {
    answeredNanos = runtime.ticker().nanoTime();
    failures = 0;
    runtime.peerHealth().answered(owner);
  }

  private void failed(GridException e) {
    failures++;
    runtime.transport().forget(owner); // unreachable now; keep trying, it may come back
    if (e.status() == Status.UNAVAILABLE) runtime.peerHealth().lost(owner, e.description());
  }

  /**
   * If the owner has not answered for one lease, it has probably let go of everything this holder held there: drops
   * the changes not sent and returns true (the link stops until a new hold starts it). It keeps counting what the
   * holder holds: the owner may have kept it (only its answers were lost), and the first renewal after the link starts
   * again compares the two and repairs the difference. Forgotten, a value the owner kept would have looked to the
   * repair like a release lost, and been released while the holder still held it.
   */
  private boolean gaveUp() {
    if (runtime.ticker().nanoTime() - answeredNanos <= leaseNanos) return false;
    List<Object> dropped;
    synchronized (this) {
      dropped = List.copyOf(changes);
      changes.clear();
      failures = 0;
      lapses++;
    }
    settledAll(dropped);
    return true;
  }

  /** Starts renewing the holder's lease at the owner, once (at once: the first renewal learns the lease granted). */
  public void startRenewal() {
    if (renewal != null || closed) return;
    synchronized (this) {
      if (renewal == null) {
        if (held.isEmpty() && changes.isEmpty() && !sending.get()) return; // nothing to renew
        // silence is counted from when the link (re)starts needing the owner
        answeredNanos = runtime.ticker().nanoTime();
        schedule(0);
      }
    }
  }

  private void schedule(long delayMillis) {
    try {
      if (!closed)
        renewal = runtime.timer().schedule(this::renewSoon, delayMillis, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // the runtime closed meanwhile: no more renewals
    }
  }

  /** On the timer: hand the renewal to the I/O pool, so that an owner that does not answer holds up nothing else. */
  private void renewSoon() {
    if (stopIfIdle()) return;
    if (!renewing.compareAndSet(false, true))
      return; // the last one is still waiting for this owner
    try {
      runtime.io().execute(this::renew);
    } catch (GridException e) {
      renewing.set(false);
      schedule(pauseMillis());
    }
  }

  /** A link that holds nothing and sends nothing stops renewing, and says so; true if it did. */
  private boolean stopIfIdle() {
    synchronized (this) {
      if (!idle()) return false;
      renewal = null;
    }
    onIdle.run();
    return true;
  }

  /**
   * Renews the lease, then again after a third of what the owner granted, so two renewals may fail in a row; after a
   * failure, again after a growing pause, and not at all once the owner has been silent for a lease.
   */
  private void renew() {
    long next = maxRenewMillis;
    boolean gaveUp = false;
    try {
      // the link may have closed while this waited for a thread: a closed holder sends nothing more
      if (closed) return;
      long before = changesMade.get();
      boolean quiet = quiet();
      HeldDigest digest = held.digest();
      Renewal r = runtime.node(owner).renew(holder, digest);
      long granted = r.leaseMillis();
      leaseNanos = TimeUnit.MILLISECONDS.toNanos(granted);
      answered();
      if (r.agrees()) agreed();
      else if (quiet && quiet() && changesMade.get() == before) differs(digest, r.held());
      else lastDifference = null;
      next = Math.min(next, Math.max(20, granted / 3));
    } catch (GridException e) {
      failed(e);
      gaveUp = gaveUp();
      next = pauseMillis();
    } finally {
      synchronized (this) {
        renewing.set(false);
        notifyAll();
      }
    }
    if (gaveUp) {
      synchronized (this) {
        renewal = null;
      }
      onIdle.run();
      return;
    }
    schedule(next);
  }

  /** Whether no hold or release of this link waits to be sent or answered. */
  private boolean quiet() {
    return changes.isEmpty() && !sending.get();
  }

  /**
   * A renewal's digests differed while none of the link's own holds or releases was on its way. That alone is not
   * enough: values this holder counts as held since it sent the batch that makes them (a Grid's call results) reach
   * the owner's index only when that batch arrives, so while a client submits calls faster than one renewal period
   * most renewals differ. Only the same difference twice in a row (what one side holds and the other does not, not
   * the digests themselves: the holder may go on holding and releasing other values) is a hold or release lost for
   * good: then the repair starts. Measured with `bench scale`: a client submitting 1M
   * calls started a repair at nearly every renewal, each listing up to a million ids (380 KB/s of renewal traffic).
   */
  private void differs(HeldDigest mine, HeldDigest owners) {
    disagreements++;
    Difference d = new Difference(mine.count() - owners.count(), mine.sum() - owners.sum());
    if (d.equals(lastDifference)) {
      lastDifference = null;
      disagreed();
    } else {
      lastDifference = d;
    }
  }

  /**
   * What the holder's digest has that the owner's lacks, as a count and a sum (modulo 2^64): the digest of the values
   * one side holds and the other does not, whatever else both hold. Values coming and going on both sides leave it as
   * it is, so a lost hold keeps its difference while the holder goes on working; values on their way change it.
   */
  private record Difference(long count, long sum) {}

  /** The last renewal's difference, if it differed with nothing on its way; null if it agreed or things moved. */
  private volatile Difference lastDifference;

  /**
   * The owner holds what the link counts: what earlier repairs found missing or extra is settled, so a later difference
   * is counted afresh (kept, a hold lost again long after a first one was repaired would count from the first).
   */
  private void agreed() {
    lastDifference = null;
    synchronized (repairLock) {
      lacking.clear();
      suspects.clear();
    }
  }

  /**
   * The owner holds something else for this holder than the link counts, and nothing was on its way to explain it: a
   * hold or release was lost for good (see docs/reference-counting.md).
   */
  private void disagreed() {
    if (closed || !repairing.compareAndSet(false, true)) return;
    try {
      runtime.io().execute(this::repair);
    } catch (GridException full) {
      repairing.set(false); // the next renewal that disagrees tries again
    }
  }

  /**
   * Repairs what the owner holds for this holder, after a renewal found the digests differ while nothing of the link
   * was on its way: asks the owner for the ids it holds for the holder ({@code listHeld}, a page at a time), then sends
   * the differences as ordinary numbered holds and releases, which are safe against late and duplicate delivery. A
   * value the link counts and the owner lacks is held again; a value the owner holds and the link does not count is
   * released once a later repair, at least a lease on, still finds it so (see {@link #suspects}). If any change of the
   * link was made meanwhile, the repair changes nothing: the next renewal tells again. A failed call ends the repair the
   * same way.
   */
  private void repair() {
    try {
      long before = changesMade.get();
      if (closed || !quiet()) return;
      Set<UUID> listed = listedByOwner();
      if (listed == null) return;
      List<UUID> toHold = new ArrayList<>();
      List<Release> toRelease = new ArrayList<>();
      long now = runtime.ticker().nanoTime();
      synchronized (repairLock) {
        if (closed || !quiet() || changesMade.get() != before) return;
        repairs++;
        for (UUID id : held.snapshot()) {
          if (listed.contains(id)) continue;
          Long since = lacking.putIfAbsent(id, now);
          if (since == null || now - since < leaseNanos) toHold.add(id);
          else { // held again a lease ago, and still not there: it went before the hold came
            lacking.remove(id);
            held.remove(id);
            gone.add(id);
          }
        }
        lacking.keySet().removeIf(id -> !held.contains(id) || listed.contains(id));
        suspects.keySet().removeIf(id -> !listed.contains(id));
        for (UUID id : listed) {
          if (held.contains(id)) continue;
          if (gone.remove(
              id)) { // its hold was parked until the value came: the owner holds it after all
            held.add(id);
            continue;
          }
          Long first = suspects.putIfAbsent(id, now);
          if (first != null && now - first >= leaseNanos) {
            suspects.remove(id);
            toRelease.add(Release.explicit(id));
          }
        }
        changesMade.incrementAndGet();
        for (UUID id : toHold) queue(new Hold(id, null));
        for (Release r : toRelease) queue(r);
      }
    } finally {
      repairing.set(false);
    }
  }

  /**
   * The ids the owner holds for this holder, page by page; null if a call failed or the owner's answer is not a list
   * of increasing ids within the bounds (a peer's answer: at most {@link #MAX_LISTED} ids, each page after the last).
   */
  private Set<UUID> listedByOwner() {
    Set<UUID> listed = new HashSet<>();
    UUID after = null;
    try {
      NodeClient node = runtime.node(owner);
      while (true) {
        List<UUID> page = node.listHeld(holder, after, REPAIR_PAGE);
        answered();
        if (page.size() > REPAIR_PAGE) return null;
        for (UUID id : page) {
          if (after != null && id.compareTo(after) <= 0) return null; // not in order: it could loop
          after = id;
          listed.add(id);
        }
        if (page.size() < REPAIR_PAGE) return listed;
        if (listed.size() >= MAX_LISTED) return null;
      }
    } catch (GridException e) {
      return null; // lost, or refused: the next renewal that disagrees asks again
    }
  }

  /** How many repairs compared the owner's list with the link's count and sent the differences. */
  public long repairs() {
    return repairs;
  }

  /**
   * How many renewals the owner answered with a digest other than the link's while no hold or release of the link was
   * on its way (each one a repair started).
   */
  public long disagreements() {
    return disagreements;
  }

  /**
   * Whether the link holds nothing at the owner, has nothing to send and renews nothing (it may be dropped, or used
   * again: a hold starts it afresh).
   */
  public synchronized boolean idle() {
    return held.isEmpty() && changes.isEmpty() && !sending.get() && !renewing.get();
  }

  /** Whether the link renews the holder's lease now (or is about to). */
  public boolean renews() {
    return renewal != null;
  }

  /** How many times the link gave up on its owner after it was silent for a lease. */
  public long lapses() {
    return lapses;
  }

  /** Stops renewing and releases everything held at the owner (once: a closed link tries nothing again). */
  public void close() {
    closed = true;
    ScheduledFuture<?> r = renewal;
    if (r != null) r.cancel(false);
    release(held.snapshot().stream().map(Release::explicit).toList());
    // a resend waiting for its pause goes now, once (a closed link tries nothing again), so that
    // closing waits for no pause
    ScheduledFuture<?> waiting = resend;
    if (waiting != null && waiting.cancel(false)) dispatch();
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
