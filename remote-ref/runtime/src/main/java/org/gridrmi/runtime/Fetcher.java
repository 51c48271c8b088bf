package org.gridrmi.runtime;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.telemetry.FetchSpan;
import org.gridrmi.runtime.wire.Borrower;
import org.gridrmi.runtime.wire.Failure;
import org.gridrmi.runtime.wire.FailureCarrier;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.ReadRefs;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.runtime.wire.ValueIds;

/**
 * The fetches of one server or Grid: at most one per value id at a time, shared by every call and thread that waits
 * for that value. A fetch long-polls the owner on the runtime's fetch pool, one poll per task (so many fetches take
 * turns on a bounded pool), until the value or its failure arrives, the owner fails, or nobody waits any more.
 */
public final class Fetcher {
  /** What a server does with a fetched value before its waiters see it: keep it as a replica for later calls. */
  @FunctionalInterface
  public interface Keeper {
    void keep(UUID id, Object value, List<UUID> holders);
  }

  private final NodeRuntime runtime;
  private final java.util.function.Supplier<Borrower> self;
  private final Keeper keeper;
  private final KnownPeers peers;
  private final Map<UUID, Shared> inFlight = new ConcurrentHashMap<>();
  /** The longest pause before a failed abandon is sent again (the first is a link's, {@link HolderLink#FIRST_RETRY_MILLIS}). */
  static final long MAX_ABANDON_RETRY_MILLIS = 5_000;

  /**
   * @param self the node fetching, as owners keep values for it as a borrower: its address (owners learn it as a peer)
   *     and node id; or null for none yet
   * @param keeper called with each fetched value before waiters see it, or null
   */
  public Fetcher(NodeRuntime runtime, java.util.function.Supplier<Borrower> self, Keeper keeper) {
    this(runtime, self, keeper, null);
  }

  /** @param peers the owners a server may fetch from (see {@link KnownPeers}), or null for a client, which may ask any */
  public Fetcher(
      NodeRuntime runtime,
      java.util.function.Supplier<Borrower> self,
      Keeper keeper,
      KnownPeers peers) {
    this.runtime = runtime;
    this.self = self;
    this.keeper = keeper;
    this.peers = peers;
  }

  /** One waiter of a shared fetch: its future, and a way to stop waiting. */
  public static final class Waiter {
    private final Shared shared;
    private final CompletableFuture<Object> future;
    private final UUID holder;

    private Waiter(Shared shared, CompletableFuture<Object> future, UUID holder) {
      this.shared = shared;
      this.future = future;
      this.holder = holder;
    }

    /** Completes with the value, or exceptionally with a {@link FailureCarrier} or {@link GridException}. */
    public CompletableFuture<Object> future() {
      return future;
    }

    /** Stops waiting; the fetch stops once nobody waits (after the poll in flight returns). */
    public void cancel() {
      shared.leave(this);
    }
  }

  /**
   * Waits for the value {@code id} owned by {@code owner}, joining the fetch in flight for it if there is one.
   *
   * @param holder the client the waiting call belongs to (a kept replica is held for it), or null
   * @param announcedUntil while not done, the owner is told the id may still be on its way to it
   * @param start the first poll goes once this completes
   */
  public Waiter await(
      String owner,
      UUID id,
      UUID holder,
      CompletableFuture<?> announcedUntil,
      CompletableFuture<?> start) {
    if (peers != null && !peers.known(owner)) { // refused before any connection is made
      Shared refused = new Shared(owner, id, null);
      Waiter w = refused.join(holder);
      try {
        peers.check(owner, runtime.name(), "value " + ValueIds.shortForm(id));
      } catch (GridException e) {
        refused.finish(null, e);
      }
      return w;
    }
    while (true) {
      Shared s = inFlight.computeIfAbsent(id, k -> new Shared(owner, id, announcedUntil));
      Waiter w = s.join(holder);
      if (w != null) {
        if (s.startOnce()) {
          s.trace = runtime
              .telemetry()
              .fetching(owner, id, runtime.name()); // a child of the waiting call's span
          start.whenComplete((x, t) -> s.poll());
        }
        return w;
      }
      inFlight.remove(id, s); // it stopped between the look-up and the join: start a new one
    }
  }

  /** Fetches in flight now (tests, stats). */
  public int inFlight() {
    return inFlight.size();
  }

  /**
   * Tells {@code owner} that this instance holds the references it read inside the value {@code owner} wrote under
   * {@code transfer} (a fetch's answer, a plain call's result), once their owners answered its holds (each settles
   * within a lease: see {@link HolderLink#acknowledged}), so that {@code owner} unpins them at once rather than after
   * their period. Best effort, never blocks: an acknowledgement that is lost leaves the pins to lapse with their period.
   * Nothing is sent for transfer 0 or when no reference was read.
   */
  public static void acknowledge(
      NodeRuntime runtime, String owner, long transfer, List<Ref<?>> refs) {
    if (transfer == 0 || refs.isEmpty()) return;
    CompletableFuture<?>[] held =
        refs.stream().map(ref -> ref.context().held(ref)).toArray(CompletableFuture[]::new);
    CompletableFuture.allOf(held).whenComplete((x, t) -> {
      try {
        runtime.io().execute(() -> {
          try {
            runtime.node(owner).transferred(List.of(transfer));
          } catch (GridException ignored) {
            // unreachable: the owner's pins lapse with their period
          }
        });
      } catch (GridException closing) {
        // the pool is full or closed: the owner's pins lapse with their period
      }
    });
  }

  private final class Shared {
    private final String owner;
    private final UUID id;
    private final CompletableFuture<?> announcedUntil;
    private final CompletableFuture<Object> result = new CompletableFuture<>();
    private final List<Waiter> waiters = new CopyOnWriteArrayList<>();
    private boolean started;
    private boolean stopped;
    /** The fetch's span, when telemetry is on; ended once, by {@link #traced}. */
    private volatile FetchSpan trace;

    Shared(String owner, UUID id, CompletableFuture<?> announcedUntil) {
      this.owner = owner;
      this.id = id;
      this.announcedUntil = announcedUntil;
    }

    synchronized Waiter join(UUID holder) {
      if (stopped) return null;
      CompletableFuture<Object> f = new CompletableFuture<>();
      Waiter w = new Waiter(this, f, holder);
      waiters.add(w);
      result.whenComplete((v, t) -> {
        if (t == null) f.complete(v);
        else f.completeExceptionally(t);
      });
      return w;
    }

    synchronized boolean startOnce() {
      if (started) return false;
      started = true;
      return true;
    }

    void leave(Waiter w) {
      boolean last;
      synchronized (this) {
        waiters.remove(w);
        last = waiters.isEmpty() && !result.isDone();
        if (last) stopped = true;
      }
      if (last) {
        inFlight.remove(id, this);
        GridException cancelled =
            new GridException(Status.CANCELLED, "nobody waits for value " + ValueIds.shortForm(id));
        result.completeExceptionally(cancelled);
        traced(0, cancelled, null);
        endBorrow();
      }
    }

    /**
     * The owner may keep the value for this node as a borrower: it need not any more (this node has it, or its failure,
     * or nobody here waits for it). Only this node's word ends a borrow: an owner that answered a fetch cannot tell
     * whether the answer arrived. It carries this node's id: the owner ends only the borrows of this life of the server
     * at this address, never those it keeps for a later one. Never blocks. Sent again after a pause that doubles
     * (from {@link HolderLink#FIRST_RETRY_MILLIS}) until the owner answers or refuses, as holds and releases are: a lost
     * abandon had the owner keep the value for a lease. After one transit period of tries (a lease on a server) it is
     * left to lapse there with its borrow.
     */
    private void endBorrow() {
      Borrower me = self.get();
      if (me == null) return;
      sendAbandon(
          me,
          runtime.ticker().nanoTime() + runtime.settings().referenceTransit().toNanos(),
          HolderLink.FIRST_RETRY_MILLIS);
    }

    private void sendAbandon(Borrower me, long giveUpAtNanos, long pauseMillis) {
      Runnable send = () -> {
        try {
          runtime.node(owner).abandon(runtime.requesterKeys().toOwner(me, owner), List.of(id));
        } catch (GridException e) {
          if (HolderLink.worthRetrying(e)) abandonLater(me, giveUpAtNanos, pauseMillis);
          // else refused: another answer would be the same
        }
      };
      try {
        runtime.io().execute(send);
      } catch (GridException fullOrClosed) {
        abandonLater(me, giveUpAtNanos, pauseMillis);
      }
    }

    private void abandonLater(Borrower me, long giveUpAtNanos, long pauseMillis) {
      if (runtime.ticker().nanoTime() - giveUpAtNanos >= 0)
        return; // the owner silent for a transit period: the borrow lapses there
      try {
        runtime
            .timer()
            .schedule(
                () -> sendAbandon(
                    me, giveUpAtNanos, Math.min(MAX_ABANDON_RETRY_MILLIS, 2 * pauseMillis)),
                pauseMillis,
                TimeUnit.MILLISECONDS);
      } catch (java.util.concurrent.RejectedExecutionException closing) {
        // the runtime closed: the borrow lapses with its lease there
      }
    }

    private boolean waited() {
      synchronized (this) {
        return !stopped && !result.isDone();
      }
    }

    void poll() {
      if (!waited()) return;
      try {
        runtime.fetches().execute(this::pollOnce);
      } catch (GridException e) {
        finish(null, e);
      }
    }

    /** One poll; whatever happens in it, the fetch either goes on or finishes (its waiters never hang). */
    private void pollOnce() {
      try {
        pollOnceOrThrow();
      } catch (OutOfMemoryError e) {
        finish(
            null,
            new FailureCarrier(Failure.outOfMemory(
                "reading value " + ValueIds.shortForm(id) + " from " + owner,
                runtime.name(),
                e,
                null)));
      } catch (RuntimeException e) {
        finish(null, e instanceof GridException ? e : new FailureCarrier(Failure.from(e, null)));
      }
    }

    private void pollOnceOrThrow() {
      if (!waited()) return;
      FetchResult r;
      List<Ref<?>> read; // the references read inside the value, held by this instance
      try {
        boolean announced = announcedUntil != null && !announcedUntil.isDone();
        FetchSpan span = trace;
        // the value may be decoded while it arrives (a data connection): with this instance's
        // filters, and the
        // references inside it held by this instance
        ReadRefs.Read<FetchResult> answer =
            ReadRefs.collect(() -> runtime.readingValues(() -> runtime
                .node(owner)
                .fetch(
                    id,
                    runtime.settings().fetchWait().toMillis(),
                    runtime.requesterKeys().toOwner(self.get(), owner),
                    announced,
                    span == null ? null : span.headers())));
        r = answer.result();
        read = answer.refs();
      } catch (GridException e) {
        runtime.transport().forget(owner);
        if (e.status() == Status.UNAVAILABLE) runtime.peerHealth().lost(owner, e.description());
        finish(
            null,
            e.status() == Status.UNAVAILABLE
                ? new GridException(
                    Status.UNAVAILABLE,
                    "the owner " + owner + " of value " + ValueIds.shortForm(id)
                        + " is unavailable: " + e.description(),
                    e)
                : e);
        return;
      }
      runtime.peerHealth().answered(owner);
      switch (r.state()) {
        case READY -> {
          Object value;
          try {
            FetchResult ready = r;
            ReadRefs.Read<Object> decoded = ReadRefs.collect(() -> runtime.decode(ready.value()));
            value = decoded.result();
            if (!decoded.refs().isEmpty()) {
              read = new java.util.ArrayList<>(read);
              read.addAll(decoded.refs());
            }
          } catch (GridException e) {
            finish(null, e);
            return;
          }
          if (keeper != null)
            keeper.keep(
                id,
                value,
                waiters.stream()
                    .map(w -> w.holder)
                    .filter(java.util.Objects::nonNull)
                    .distinct()
                    .toList());
          if (trace != null) traced(r.value().readBytes(), null, r.producer());
          finish(value, null);
          acknowledge(runtime, owner, r.transfer(), read);
          endBorrow(); // kept here now (a replica) for the calls that wait for it
        }
        case FAILED -> {
          finish(null, new FailureCarrier(r.failure()));
          endBorrow();
        }
        case PENDING -> poll();
      }
    }

    private void finish(Object value, Throwable failure) {
      inFlight.remove(id, this);
      if (failure != null) traced(0, failure, null);
      if (failure == null) result.complete(value);
      else result.completeExceptionally(failure);
    }

    /** Ends the fetch's span, if it has one that has not ended. */
    private void traced(long bytes, Throwable failure, String producer) {
      FetchSpan span = trace;
      if (span == null) return;
      synchronized (this) {
        if (trace == null) return;
        trace = null;
      }
      span.fetched(bytes, failure, producer);
    }
  }
}
