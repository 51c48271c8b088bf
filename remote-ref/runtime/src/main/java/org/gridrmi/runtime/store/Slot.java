package org.gridrmi.runtime.store;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
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

  private final AtomicBoolean settled = new AtomicBoolean();
  final Set<UUID> holders = ConcurrentHashMap.newKeySet();
  /**
   * Servers a holder lent the value to that have not fetched it yet (each by address and node id, so that a server
   * restarted at the same address is another borrower) and when their hold lapses.
   */
  final Map<Borrower, Long> borrowers = new ConcurrentHashMap<>();
  /** The holder that pushed the value and released it before it arrived: it never holds it here (or null). */
  volatile UUID releasedEarly;
  /**
   * Nodes that fetched the value, by address: the node id there that said so last (a lender that releases it later
   * need not keep it for that node, but does for another life at the same address). One entry per address, so
   * abandons naming made-up node ids cost nothing that lasts; a late abandon of an earlier life that replaces a later
   * one only makes a later release keep the value longer (until its borrow lapses), never shorter.
   */
  final Map<String, UUID> fetchedBy = new ConcurrentHashMap<>();

  private volatile Thread runner;
  /** Orders an interrupt of the runner with the end of its run (see {@link #stopRunning}). */
  private final Object runnerLock = new Object();

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
    if (!settled.compareAndSet(false, true)) return false;
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
    if (!settled.compareAndSet(false, true)) return false;
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
    return !cancelled && !settled.get();
  }

  /**
   * The computation ended; called by the thread that ran it. Once this returns, no interrupt of this slot's is pending
   * on that thread or will reach it (so none can hit the next call the thread runs): an interrupt and this take the
   * same lock, and this clears one that came first.
   */
  public void stopRunning() {
    synchronized (runnerLock) {
      runner = null;
      Thread.interrupted();
    }
  }

  /** Interrupts the computation, if one is running (after a deadline passed). */
  public void interruptRunner() {
    synchronized (runnerLock) {
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
