package org.gridrmi.ref.internal;

import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.wire.Failure;

/**
 * One value of a node: write-once (the future completes exactly once, with the value or a {@link FailureCarrier}),
 * held by a set of holders.
 */
public final class Slot {
  private final UUID id;
  private final String label;
  private final CompletableFuture<Object> future = new CompletableFuture<>();
  final Set<UUID> holders = ConcurrentHashMap.newKeySet();
  /** Servers a holder lent the value to that have not fetched it yet: their address and when their hold lapses. */
  final java.util.Map<String, Long> borrowers = new ConcurrentHashMap<>();
  /** Nodes that fetched the value (a lender that releases it later need not keep it for them). */
  final Set<String> fetchedBy = ConcurrentHashMap.newKeySet();
  private volatile Thread runner;
  private volatile boolean cancelled;

  Slot(UUID id, String label) {
    this.id = id;
    this.label = label;
  }

  public UUID id() { return id; }
  public String label() { return label; }
  public CompletableFuture<Object> future() { return future; }
  public boolean isDone() { return future.isDone(); }

  /** Sets the value; false if it was already set. */
  public boolean set(Object value) { return future.complete(value); }

  /** Sets a failure; false if the value was already set. */
  public boolean fail(Failure failure) { return future.completeExceptionally(new FailureCarrier(failure)); }

  /**
   * Marks the thread computing this value so that {@link #cancel} can interrupt it.
   *
   * @return false if the slot was cancelled before the computation started: do not run it
   */
  public boolean startRunning(Thread t) {
    runner = t;
    return !cancelled && !future.isDone();
  }

  public void stopRunning() {
    runner = null;
  }

  /** Interrupts the computation, if one is running (after a deadline passed). */
  public void interruptRunner() {
    Thread t = runner;
    if (t != null) t.interrupt();
  }

  /** Cancels: the value becomes a CANCELLED failure and a running computation is interrupted. */
  public boolean cancel(String site) {
    cancelled = true;
    boolean won = fail(Failure.of(Status.CANCELLED, label + " was cancelled", null, site));
    Thread t = runner;
    if (won && t != null) t.interrupt();
    return won;
  }
}
