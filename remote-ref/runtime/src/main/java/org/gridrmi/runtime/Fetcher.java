package org.gridrmi.runtime;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
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
  /** Values owners pushed before a fetch here asked for them (see {@link #pushed}). */
  private final PushedValues unasked;
  /** This node's word to owners that it needs values no more, gathered per owner. */
  private final Abandons abandons;

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
    this.unasked = new PushedValues(runtime.ticker());
    this.abandons = new Abandons(runtime);
  }

  /**
   * The value {@code id}, pushed unasked by its owner at {@code owner} (a small value or its failure, as a fetch would
   * answer it, or {@link FetchResult#PENDING}: not pushed, fetch it). Taken as the answer of the fetch of {@code id}
   * from that owner in flight here, which then ends without waiting for the owner's answer; else kept for a fetch to
   * come, within {@link PushedValues}' bounds. The caller checked that {@code owner} sent it.
   *
   * @return whether it was taken or kept; false if nothing here waits for it and it cannot be kept (a failure, a
   *     limit, or one kept already), or a fetch of it from another owner is in flight
   */
  public boolean pushed(String owner, UUID id, FetchResult result) {
    Shared s = inFlight.get(id);
    if (s != null) return s.owner.equals(owner) && s.delivered(result);
    // a failure's size is not known without reading it again (its cause travels serialized), so one
    // that no fetch waits for yet is not kept: the fetch to come asks the owner for it
    if (result.state() == FetchResult.State.FAILED) return false;
    if (!unasked.offer(owner, id, result)) return false;
    // a fetch that started between the look-up and the offer did not see it
    Shared started = inFlight.get(id);
    if (started != null && started.owner.equals(owner)) {
      FetchResult late = unasked.take(owner, id);
      if (late != null) started.delivered(late);
    }
    return true;
  }

  /** Pushed values kept for a fetch to come now (tests, stats). */
  public int pushedKept() {
    return unasked.size();
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
          FetchResult early = unasked.take(owner, id);
          if (early == null || !s.delivered(early)) start.whenComplete((x, t) -> s.startPolling());
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
    private boolean pollsStarted;
    private boolean stopped;
    /** A poll is on its way to the owner or back. */
    private boolean polling;
    /** The owner's push answered this fetch ({@link #delivered}); an answer of a poll in flight is then dropped. */
    private boolean pushTaken;
    /** A poll's answer (a value or failure) is being taken: a push that comes now is dropped. */
    private boolean answered;
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
     * at this address, never those it keeps for a later one. Never blocks. It leaves within {@link
     * Abandons#LINGER_MILLIS}, with this node's other abandons to that owner, and is sent again after a pause that
     * doubles until the owner answers or refuses, as holds and releases are: a lost abandon had the owner keep the value
     * for a lease (see {@link Abandons}).
     */
    private void endBorrow() {
      Borrower me = self.get();
      if (me != null) abandons.add(owner, me, id);
    }

    private boolean waited() {
      synchronized (this) {
        return !stopped && !pushTaken && !result.isDone();
      }
    }

    /**
     * Takes the owner's push as this fetch's answer (see {@link Fetcher#pushed}); the owner is told that this node
     * needs the value no more (an abandon, as after a fetch: the owner may keep it for this node as a borrower, because
     * a poll asked, or because the client released it naming this node as one it was lent to), once no poll is on its
     * way (else the poll's return tells it). A "fetch it" starts the polls now, if they have not started.
     *
     * @return whether the push answered the fetch: false for a "fetch it", a value that does not decode here, or a
     *     fetch that ended or was answered already
     */
    boolean delivered(FetchResult pushed) {
      if (pushed.state() == FetchResult.State.PENDING) {
        startPolling(); // now, not once its start completes
        return false;
      }
      boolean endBorrowNow;
      synchronized (this) {
        if (stopped || pushTaken || answered || result.isDone()) return false;
        pushTaken = true;
        endBorrowNow = !polling;
      }
      if (pushed.state() == FetchResult.State.FAILED) {
        finish(null, new FailureCarrier(pushed.failure()));
      } else {
        Object value;
        try {
          value = runtime.decode(pushed.value());
        } catch (GridException e) {
          finish(null, e);
          if (endBorrowNow) endBorrow();
          return true;
        }
        if (keeper != null) keeper.keep(id, value, holders());
        if (trace != null) traced(pushed.value().readBytes(), null, null);
        finish(value, null);
      }
      if (endBorrowNow) endBorrow();
      return true;
    }

    private List<UUID> holders() {
      return waiters.stream()
          .map(w -> w.holder)
          .filter(java.util.Objects::nonNull)
          .distinct()
          .toList();
    }

    /** Starts the polls, once: at the fetch's start, or earlier when the owner says it pushes nothing. */
    void startPolling() {
      synchronized (this) {
        if (pollsStarted) return;
        pollsStarted = true;
      }
      poll();
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
      synchronized (this) {
        if (!waited()) return;
        polling = true;
      }
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
        if (pollEnded(null)) return; // answered by the owner's push meanwhile
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
      if (pollEnded(r)) {
        endBorrow(); // answered by the owner's push meanwhile
        return;
      }
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
          if (keeper != null) keeper.keep(id, value, holders());
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

    /**
     * A poll came back with {@code r} (null: it failed): whether the owner's push answered the fetch meanwhile, so that
     * this answer is dropped; else a value or failure in it is now the answer, and a push coming later is dropped.
     */
    private synchronized boolean pollEnded(FetchResult r) {
      polling = false;
      if (pushTaken) return true;
      if (r != null && r.state() != FetchResult.State.PENDING) answered = true;
      return false;
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
