package org.gridrmi.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.GridException;
import org.gridrmi.runtime.wire.Borrower;

/**
 * A borrower's word to owners that it needs values no more ({@code abandon}, see {@link Fetcher}), gathered per owner
 * for {@link #LINGER_MILLIS} and sent as one call.
 *
 * <p>Why it waits: a borrower has a value when the work that wanted it starts. In a cross-server chain of small
 * values the consumer has its argument by the producer's push and runs its call at once; an abandon sent then woke an
 * I/O thread here and a connection thread at the owner while the call ran and its answer left for the client, on a
 * 2-core machine where every thread woken competes with those. Sent a moment later it runs after them, and a stream of
 * such chains sends one abandon per owner and linger rather than one per value. The owner keeps each value for this
 * borrower that much longer, which the lifetime protocol allows: an abandon is a message that may come late.
 *
 * <p>Bounds: at most one list per owner waits, of at most {@link #MAX_IDS} ids (a full one leaves at once); so what
 * waits here is the borrows that ended in the last linger. Never blocks. A call that fails is sent again after a pause
 * that doubles, from {@link HolderLink#FIRST_RETRY_MILLIS} to {@link #MAX_RETRY_MILLIS}, until the owner answers or
 * refuses it; after one transit period of tries (a lease on a server) the borrows are left to lapse at the owner.
 */
final class Abandons {
  /** How long an abandon waits for others to the same owner. */
  static final long LINGER_MILLIS = 2;
  /** The most ids one abandon names: the most an owner takes in one call. */
  static final int MAX_IDS = org.gridrmi.runtime.store.ValueTable.MAX_IDS_PER_CALL;
  /** The longest pause before a failed abandon is sent again. */
  static final long MAX_RETRY_MILLIS = 5_000;

  /** Whom the ids are abandoned to, and as which borrower (this node's life). */
  private record To(String owner, Borrower me) {}

  private final NodeRuntime runtime;
  /** The lists waiting, by owner; guarded by this. */
  private final Map<To, List<UUID>> waiting = new HashMap<>();

  Abandons(NodeRuntime runtime) {
    this.runtime = runtime;
  }

  /** Tells {@code owner}, within {@link #LINGER_MILLIS}, that borrower {@code me} needs the value {@code id} no more. */
  void add(String owner, Borrower me, UUID id) {
    To to = new To(owner, me);
    List<UUID> full = null;
    boolean first;
    synchronized (this) {
      List<UUID> ids = waiting.get(to);
      first = ids == null;
      if (first) waiting.put(to, ids = new ArrayList<>());
      ids.add(id);
      if (ids.size() >= MAX_IDS) full = waiting.remove(to);
    }
    if (full != null) {
      send(to, full);
    } else if (first) {
      try {
        runtime.timer().schedule(() -> flush(to), LINGER_MILLIS, TimeUnit.MILLISECONDS);
      } catch (RejectedExecutionException closing) {
        flush(to); // the runtime closes: no later, try now
      }
    }
  }

  /** Abandons waiting (tests). */
  synchronized int waiting() {
    return waiting.values().stream().mapToInt(List::size).sum();
  }

  private void flush(To to) {
    List<UUID> ids;
    synchronized (this) {
      ids = waiting.remove(to);
    }
    if (ids != null) send(to, ids);
  }

  private void send(To to, List<UUID> ids) {
    send(
        to,
        List.copyOf(ids),
        runtime.ticker().nanoTime() + runtime.settings().referenceTransit().toNanos(),
        HolderLink.FIRST_RETRY_MILLIS);
  }

  private void send(To to, List<UUID> ids, long giveUpAtNanos, long pauseMillis) {
    Runnable call = () -> {
      try {
        runtime.node(to.owner()).abandon(runtime.requesterKeys().toOwner(to.me(), to.owner()), ids);
      } catch (GridException e) {
        if (HolderLink.worthRetrying(e)) later(to, ids, giveUpAtNanos, pauseMillis);
        // else refused: another answer would be the same
      }
    };
    try {
      runtime.io().execute(call);
    } catch (GridException fullOrClosed) {
      later(to, ids, giveUpAtNanos, pauseMillis);
    }
  }

  private void later(To to, List<UUID> ids, long giveUpAtNanos, long pauseMillis) {
    if (runtime.ticker().nanoTime() - giveUpAtNanos >= 0)
      return; // the owner silent for a transit period: the borrows lapse there
    try {
      runtime
          .timer()
          .schedule(
              () -> send(to, ids, giveUpAtNanos, Math.min(MAX_RETRY_MILLIS, 2 * pauseMillis)),
              pauseMillis,
              TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException closing) {
      // the runtime closed: the borrows lapse with their lease there
    }
  }
}
