package org.gridrmi.runtime.store;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.Borrower;
import org.gridrmi.runtime.wire.Failure;
import org.gridrmi.runtime.wire.FailureCarrier;
import org.gridrmi.runtime.wire.ValueIds;

/**
 * One value of a node: write-once (it is set exactly once, to a value or a {@link Failure}), held by a set of
 * holders. Its value lives in the node's {@link ValueStore}, in memory or, when the store needed the room, on disk:
 * {@link #future()} reads it back where needed, so nobody else keeps the object only because the slot exists.
 */
public final class Slot {
  private final UUID id;
  private final String label;
  private final ValueStore store;
  private final UUID putBy;
  /** Completes with this slot once the value is stored, or exceptionally with a {@link FailureCarrier}. */
  private final CompletableFuture<Slot> done = new CompletableFuture<>();

  /** Set once, by the first {@link #set} or {@link #fail} (a field, not an AtomicBoolean: one object less per value). */
  private volatile boolean settled;
  /**
   * Who holds the value: null (nobody), the one holder's id, an immutable set of two to {@link #MAX_FEW_HOLDERS},
   * each replaced whole by compare-and-set; past that a concurrent set, which then stays (so a value held by thousands
   * costs no copy per hold). Most values have a single holder, so they need no set of their own.
   */
  private volatile Object holders;

  /** The most holders kept in an immutable set, copied on each change. */
  static final int MAX_FEW_HOLDERS = 8;
  /**
   * Servers a holder lent the value to that have not fetched it yet (each by address and node id, so that a server
   * restarted at the same address is another borrower) and when their hold lapses. Null until the first (most values
   * are never lent): read through {@link #borrowers()}, added to through {@link #borrowersToAdd()}.
   */
  private volatile Map<Borrower, Long> borrowers;
  /** The holder that pushed the value and released it before it arrived: it never holds it here (or null). */
  volatile UUID releasedEarly;
  /**
   * Nodes that fetched the value, by address: the node id there that said so last (a lender that releases it later
   * need not keep it for that node, but does for another life at the same address). One entry per address, so
   * abandons naming made-up node ids cost nothing that lasts; a late abandon of an earlier life that replaces a later
   * one only makes a later release keep the value longer (until its borrow lapses), never shorter. Null until the
   * first.
   */
  private volatile Map<String, UUID> fetchedBy;
  /**
   * Per holder, the sequence number of the last hold or release of its {@link org.gridrmi.runtime.HolderLink} applied
   * to this value (see {@link #inOrder}); kept after a release, so that an older hold arriving late is dropped. One
   * entry per holder that ever held the value through its link (each paid a hold for it). Null until the first: most
   * values are held only by the batch that made them, which is unnumbered.
   */
  private volatile Map<UUID, Long> sequences;

  private volatile Thread runner;

  private static final VarHandle SETTLED;
  private static final VarHandle HOLDERS;
  private static final VarHandle BORROWERS;
  private static final VarHandle FETCHED_BY;
  private static final VarHandle SEQUENCES;

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.lookup();
      SETTLED = l.findVarHandle(Slot.class, "settled", boolean.class);
      HOLDERS = l.findVarHandle(Slot.class, "holders", Object.class);
      BORROWERS = l.findVarHandle(Slot.class, "borrowers", Map.class);
      FETCHED_BY = l.findVarHandle(Slot.class, "fetchedBy", Map.class);
      SEQUENCES = l.findVarHandle(Slot.class, "sequences", Map.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private volatile boolean cancelled;
  /** The span of the call that makes the value, when traced: fetches of the value link to it. */
  private volatile io.opentelemetry.api.trace.SpanContext trace;

  // Where the value is: guarded by the store's lock (see ValueStore).
  /** The value while it is in memory, else null. */
  Object value;
  /** Bytes the store counts for the value (its codec's size, else its serialized size); -1 until stored. */
  long size = -1;
  /** True while {@link #size} is counted in the store's memory. */
  boolean inMemory;

  /** Bytes the store counts for the value; -1 until it is stored (or if it cannot be measured). */
  public long size() {
    return size;
  }
  /** The value's copy on disk, or null. */
  SpillFiles.Entry file;
  /**
   * References written inside the value when it was spilled: kept while it is on disk, so that the values they
   * point to keep their holds (in memory, the value itself keeps its references alive).
   */
  List<Object> refsOnDisk = List.of();
  /** The value used just before and just after this one, while it is in the store's memory ({@link SlotQueue}). */
  Slot older;

  Slot newer;

  /** Calls about to use the value here: the store does not move it to disk meanwhile. */
  int readers;
  /** Chosen to move to disk and being written. */
  boolean evicting;
  /** Let go by the table: nothing may be stored for it any more. */
  boolean freed;

  Slot(UUID id, String label, ValueStore store, UUID putBy) {
    this.id = id;
    this.label = label;
    this.store = store;
    this.putBy = putBy;
  }

  public UUID id() {
    return id;
  }

  /** Adds {@code holder}; false if it held the value already. */
  boolean addHolder(UUID holder) {
    for (; ; ) {
      Object now = holders;
      if (now instanceof ConcurrentHashMap.KeySetView<?, ?> many)
        return manyOf(many).add(holder);
      Object next;
      if (now == null) {
        next = holder;
      } else if (now instanceof UUID one) {
        if (one.equals(holder)) return false;
        next = Set.of(one, holder);
      } else {
        Set<UUID> few = fewOf(now);
        if (few.contains(holder)) return false;
        Set<UUID> more =
            few.size() < MAX_FEW_HOLDERS ? new HashSet<>(few) : ConcurrentHashMap.newKeySet();
        more.addAll(few);
        more.add(holder);
        next = more instanceof ConcurrentHashMap.KeySetView<?, ?> ? more : Set.copyOf(more);
      }
      if (HOLDERS.compareAndSet(this, now, next)) return true;
    }
  }

  /** Removes {@code holder}; false if it did not hold the value. */
  boolean removeHolder(UUID holder) {
    for (; ; ) {
      Object now = holders;
      if (now instanceof ConcurrentHashMap.KeySetView<?, ?> many)
        return manyOf(many).remove(holder);
      Object next;
      if (now == null) {
        return false;
      } else if (now instanceof UUID one) {
        if (!one.equals(holder)) return false;
        next = null;
      } else {
        Set<UUID> few = fewOf(now);
        if (!few.contains(holder)) return false;
        Set<UUID> fewer = new HashSet<>(few);
        fewer.remove(holder);
        next = fewer.size() == 1 ? fewer.iterator().next() : Set.copyOf(fewer);
      }
      if (HOLDERS.compareAndSet(this, now, next)) return true;
    }
  }

  /**
   * Applies a hold or release of {@code holder}'s link numbered {@code sequence}: runs {@code change} (which adds or
   * removes the holder) and records the number, unless a change of that link numbered as high or higher was applied
   * to this value already: then the message is a late one (a duplicate, or one delayed past its successors) and
   * changes nothing.
   * The check, the change and the record are atomic per holder, so a late message racing a newer one cannot undo it.
   * An unnumbered change ({@link ValueTable#UNNUMBERED}) is applied and recorded nowhere.
   *
   * @return false if the message was no newer than one applied already (and so dropped)
   */
  boolean inOrder(UUID holder, long sequence, Runnable change) {
    if (sequence == ValueTable.UNNUMBERED) {
      change.run();
      return true;
    }
    if (sequences == null)
      SEQUENCES.compareAndSet(this, null, new ConcurrentHashMap<UUID, Long>(2));
    boolean[] applied = {false};
    sequences.compute(holder, (h, last) -> {
      if (last != null && sequence <= last) return last;
      change.run();
      applied[0] = true;
      return sequence;
    });
    return applied[0];
  }

  /** Whether {@code holder} holds the value. */
  boolean heldBy(UUID holder) {
    Object now = holders;
    if (now == null) return false;
    return now instanceof UUID one ? one.equals(holder) : ((Set<?>) now).contains(holder);
  }

  /** Whether nobody holds the value. */
  boolean unheld() {
    Object now = holders;
    return now == null || now instanceof ConcurrentHashMap.KeySetView<?, ?> many && many.isEmpty();
  }

  @SuppressWarnings("unchecked")
  private static Set<UUID> fewOf(Object holders) {
    return (Set<UUID>) holders;
  }

  @SuppressWarnings("unchecked")
  private static Set<UUID> manyOf(ConcurrentHashMap.KeySetView<?, ?> holders) {
    return (Set<UUID>) holders;
  }

  /**
   * The borrowers, to read or to remove from: {@link Collections#emptyMap()} if none was ever added (its reads and
   * removals are no-ops; it throws on {@code computeIfPresent} and on additions, which go through
   * {@link #borrowersToAdd()}).
   */
  Map<Borrower, Long> borrowers() {
    Map<Borrower, Long> m = borrowers;
    return m != null ? m : Collections.emptyMap();
  }

  /** The borrowers, to add to: made on first use. */
  Map<Borrower, Long> borrowersToAdd() {
    Map<Borrower, Long> m = borrowers;
    if (m != null) return m;
    BORROWERS.compareAndSet(this, null, new ConcurrentHashMap<Borrower, Long>());
    return borrowers;
  }

  /** Whether {@code b} (that node at that address) said it fetched the value. */
  boolean fetchedBy(Borrower b) {
    Map<String, UUID> f = fetchedBy;
    return f != null && b.node().equals(f.get(b.address()));
  }

  /** Remembers that {@code b} fetched the value (replacing an earlier life at its address). */
  void fetched(Borrower b) {
    if (fetchedBy == null)
      FETCHED_BY.compareAndSet(this, null, new ConcurrentHashMap<String, UUID>());
    fetchedBy.put(b.address(), b.node());
  }
  /** The holder that put the value (a client's put, or its copy pushed here), or null for a call's result. */
  UUID putBy() {
    return putBy;
  }
  /** The span of the call that makes the value, or null (not traced, or a put). */
  public io.opentelemetry.api.trace.SpanContext trace() {
    return trace;
  }

  public void tracedBy(io.opentelemetry.api.trace.SpanContext span) {
    this.trace = span;
  }

  public String label() {
    return label;
  }

  public boolean isDone() {
    return done.isDone();
  }

  /** True if the slot holds a failure rather than a value. */
  public boolean failed() {
    return done.isCompletedExceptionally();
  }

  /** Completes with this slot when the value is set, or exceptionally with its failure (a FailureCarrier). */
  public CompletableFuture<Slot> done() {
    return done;
  }

  /**
   * The value once set: completes with the object (read back from disk if the store moved it there), or
   * exceptionally with the failure (a FailureCarrier, or the GridException of a read-back that failed). A new future
   * on each call: holding it holds the value.
   */
  public CompletableFuture<Object> future() {
    return done.thenApply(Slot::value);
  }

  /**
   * The value, which must be set: from memory, else read back from disk.
   *
   * @throws GridException RESOURCE_EXHAUSTED or INTERNAL if its copy on disk cannot be read back
   */
  public Object value() {
    if (!done.isDone() || done.isCompletedExceptionally()) {
      throw new IllegalStateException(
          label + " has no value: " + (done.isDone() ? "it failed" : "not set yet"));
    }
    return store.load(this);
  }

  /**
   * Sets the value, storing it in the node's store; false if the slot was already set. A value the store cannot
   * take (larger than its memory and disk budgets together) fails the slot with RESOURCE_EXHAUSTED instead.
   */
  public boolean set(Object v) {
    if (!SETTLED.compareAndSet(this, false, true)) return false;
    try {
      store.admit(this, v);
    } catch (GridException e) {
      done.completeExceptionally(
          new FailureCarrier(Failure.of(e.status(), e.description(), null, label)));
      return true;
    }
    done.complete(this);
    return true;
  }

  /** Sets a failure; false if the value was already set. */
  public boolean fail(Failure failure) {
    if (!SETTLED.compareAndSet(this, false, true)) return false;
    done.completeExceptionally(new FailureCarrier(failure));
    return true;
  }

  /**
   * Marks the value as about to be used by a call here, so that the store keeps it in memory until
   * {@link #endRead()}; a no-op on a failed or pending slot.
   */
  public void beginRead() {
    store.beginRead(this);
  }

  /** Ends a {@link #beginRead()}. */
  public void endRead() {
    store.endRead(this);
  }

  /**
   * Marks the thread computing this value so that {@link #cancel} can interrupt it.
   *
   * @return false if the slot was cancelled before the computation started: do not run it
   */
  public boolean startRunning(Thread t) {
    runner = t;
    return !cancelled && !settled;
  }

  /**
   * The computation ended; called by the thread that ran it. Once this returns, no interrupt of this slot's is pending
   * on that thread or will reach it (so none can hit the next call the thread runs): an interrupt and this take the
   * same lock (the slot's own future, which nothing else locks: one object less per value than a lock of its own), and
   * this clears one that came first.
   */
  public void stopRunning() {
    synchronized (done) {
      runner = null;
      Thread.interrupted();
    }
  }

  /** Interrupts the computation, if one is running (after a deadline passed). */
  public void interruptRunner() {
    synchronized (done) {
      Thread t = runner;
      if (t != null) t.interrupt();
    }
  }

  /** Cancels: the value becomes a CANCELLED failure and a running computation is interrupted. */
  public boolean cancel(String site) {
    cancelled = true;
    boolean won = fail(Failure.of(Status.CANCELLED, label + " was cancelled", null, site));
    if (won) interruptRunner();
    return won;
  }

  @Override
  public String toString() {
    return "Slot[" + label + " " + ValueIds.shortForm(id) + "]";
  }
}
