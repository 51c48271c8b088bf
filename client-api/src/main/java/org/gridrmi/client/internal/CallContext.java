package org.gridrmi.client.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.Fetcher;
import org.gridrmi.runtime.LocalNode;
import org.gridrmi.runtime.store.Slot;
import org.gridrmi.runtime.transport.JvmNodes;
import org.gridrmi.runtime.wire.Failure;
import org.gridrmi.runtime.wire.FailureCarrier;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.Outcomes;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.runtime.wire.RefContext;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.ValueIds;

/**
 * What the client knows of a reference it made, and how it resolves one: the call it came from, when its batch holds
 * its connection ({@code sent}) and was accepted ({@code submitted}), its deadline, and its local outcome.
 *
 * <p>A wait for a value whose call has a deadline is bounded on the client's own clock: if the value is not known a
 * little after the deadline ({@link #GRACE_NANOS}, so that the server's own DEADLINE_EXCEEDED, which names the chain,
 * usually arrives first), it fails here with DEADLINE_EXCEEDED, whether or not the server can be reached. That failure
 * is the value's local outcome, and every call this Grid made from the value fails with it.
 *
 * <p>Once {@code sent} and {@code submitted} complete normally they are replaced by one shared completed future, so
 * that a reference held for long keeps no futures of its call's batch (about 50 bytes a reference). A context is one
 * per reference, so its own size counts too: a call with no deadline and no lineage (the default) gets one of 32
 * bytes, which keeps neither ({@link #of}); the others, 48.
 */
class CallContext implements RefContext {
  /** How long after a deadline the client waits for the server's answer before it fails the value itself. */
  static final long GRACE_NANOS = 200_000_000L;
  /** What {@code sent} and {@code submitted} become once they completed normally. */
  static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

  /** The server's channel, or this Grid's session for a value it put (the channel knows its session). */
  private final Object channelOrSession;

  private final String label;
  private volatile CompletableFuture<?> submitted;
  private volatile CompletableFuture<?> sent;
  /**
   * Fails when the value fails here; made on first use (a wait, a call taking the value, a local failure), so that
   * a reference only held costs no future for it.
   */
  private volatile CompletableFuture<Object> localOutcome;

  private static final VarHandle LOCAL_OUTCOME;

  static {
    try {
      LOCAL_OUTCOME = MethodHandles.lookup()
          .findVarHandle(CallContext.class, "localOutcome", CompletableFuture.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * The context of a call's value: one that keeps no deadline and no lineage when the call has neither.
   *
   * @param submitted completes when the batch making the value was accepted (or failed)
   * @param sent completes when that batch holds its connection
   * @param channel the server's channel, or null for a value this Grid put
   * @param lineage how to make the value again, for a call to an {@code @Idempotent} method; else null
   * @param deadlineNanos when the call's time runs out ({@link System#nanoTime()}), or 0 for none
   */
  static CallContext of(
      Session session,
      String label,
      CompletableFuture<?> submitted,
      CompletableFuture<?> sent,
      ServerChannel channel,
      Lineage lineage,
      long deadlineNanos) {
    return lineage == null && deadlineNanos == 0
        ? new CallContext(session, label, submitted, sent, channel)
        : new Bounded(session, label, submitted, sent, channel, lineage, deadlineNanos);
  }

  private CallContext(
      Session session,
      String label,
      CompletableFuture<?> submitted,
      CompletableFuture<?> sent,
      ServerChannel channel) {
    this.channelOrSession = channel != null ? channel : session;
    this.label = label;
    this.submitted = submitted;
    this.sent = sent;
    submitted.whenComplete((v, t) -> {
      if (t == null) this.submitted = DONE;
    });
    sent.whenComplete((v, t) -> {
      if (t == null) this.sent = DONE;
    });
    // (a cleaner's action for the reference must not reach it: this context does, through the
    // dependents of its local outcome and a lineage's arguments, so Session keeps a Collected of
    // its own)
  }

  /** A call's context with a deadline or a lineage: 16 bytes more, so only for the calls that have one. */
  private static final class Bounded extends CallContext {
    private final Lineage lineage;
    private final long deadlineNanos;

    Bounded(
        Session session,
        String label,
        CompletableFuture<?> submitted,
        CompletableFuture<?> sent,
        ServerChannel channel,
        Lineage lineage,
        long deadlineNanos) {
      super(session, label, submitted, sent, channel);
      this.lineage = lineage;
      this.deadlineNanos = deadlineNanos;
    }

    @Override
    Lineage lineage() {
      return lineage;
    }

    @Override
    long deadlineNanos() {
      return deadlineNanos;
    }
  }

  static CallContext forPut(Session session, String label) {
    return new CallContext(session, label, DONE, DONE, null);
  }

  Session session() {
    return channelOrSession instanceof ServerChannel c ? c.session() : (Session) channelOrSession;
  }

  String label() {
    return label;
  }

  /** Completes when the batch that makes the value was accepted (or failed). */
  CompletableFuture<?> submitted() {
    return submitted;
  }

  /** Completes when that batch holds its connection. */
  CompletableFuture<?> sent() {
    return sent;
  }

  /** The server's channel, or null for a value this Grid put. */
  ServerChannel channel() {
    return channelOrSession instanceof ServerChannel c ? c : null;
  }

  /** How to make the value again, or null. */
  Lineage lineage() {
    return null;
  }

  /** When the call's time runs out ({@link System#nanoTime()}), or 0 for none. */
  long deadlineNanos() {
    return 0;
  }

  /** Fails when the value fails here (its deadline, or an input's local failure); never completes normally. */
  CompletableFuture<Object> localOutcome() {
    CompletableFuture<Object> f = localOutcome;
    if (f != null) return f;
    LOCAL_OUTCOME.compareAndSet(this, null, new CompletableFuture<Object>());
    return localOutcome;
  }

  @Override
  public boolean closed() {
    return session().closed();
  }

  @Override
  public String label(Ref<?> ref) {
    return label;
  }

  /** Fails the value here (the deadline passed, or an argument failed so), unless it is already known. */
  void failLocally(GridException e) {
    localOutcome().completeExceptionally(e);
  }

  @Override
  public CompletableFuture<Object> resolve(Ref<?> ref) {
    return resolve(ref, null);
  }

  /**
   * If the batch making the value has not left yet, the caller's thread sends it and the server answers with the value
   * when it is known within a short wait ({@link ServerChannel#sendAwaiting}): one round trip and no hand-off between
   * threads, where the batch's drain and the value's fetch take one each way. Otherwise (telemetry on, or a wait or
   * deadline shorter than a submit may take: {@link #outlastsASubmit}), or if the server did not answer with it, as
   * {@link #resolve}.
   */
  @Override
  public CompletableFuture<Object> resolveBlocking(Ref<?> ref, long waitNanos) {
    // with telemetry on, the value is fetched as before: the fetch's span, linked to the call
    // that made the value, is how a trace shows where the value came from
    if (channel() == null
        || session().closed()
        || session().runtime().telemetry().on()
        || !outlastsASubmit(waitNanos)) {
      return resolve(ref);
    }
    int wait =
        (int) Math.min(session().answerWaitMillis(), TimeUnit.NANOSECONDS.toMillis(waitNanos));
    FetchResult answer = channel().sendAwaiting(ref.id(), wait, waitNanos);
    return resolve(ref, answer == null ? null : answered(answer));
  }

  /**
   * Whether the caller's wait and the call's deadline both outlast a submit (the call timeout) and its answer's wait:
   * a thread in a submit waits for it up to the call timeout, so a shorter bound holds only on the fetch's path, which
   * the client's own clock ends.
   */
  private boolean outlastsASubmit(long waitNanos) {
    long submit = session().runtime().settings().timeouts().call().toNanos()
        + TimeUnit.MILLISECONDS.toNanos(session().answerWaitMillis());
    return waitNanos >= submit
        && (deadlineNanos() == 0 || deadlineNanos() - System.nanoTime() >= submit);
  }

  /**
   * The longest a caller's batch asks the server to wait for the value before it answers ({@link #resolveBlocking}):
   * other threads' batches to the server wait behind it meanwhile, and a value not known by then is fetched.
   */
  static final int ANSWER_WAIT_MILLIS = 20;

  /** The value or failure a server answered with in a batch's receipt, as a fetch's waiter would see it. */
  private CompletableFuture<Object> answered(FetchResult r) {
    if (r.state() == FetchResult.State.FAILED) {
      return CompletableFuture.failedFuture(
          Outcomes.named(Outcomes.toGrid(new FailureCarrier(r.failure())), label));
    }
    try {
      return CompletableFuture.completedFuture(session().runtime().decode(r.value()));
    } catch (GridException e) {
      return CompletableFuture.failedFuture(Outcomes.named(e, label));
    }
  }

  /**
   * @param answered the value or failure the server answered with already, or null to fetch it (or find it here)
   */
  private CompletableFuture<Object> resolve(Ref<?> ref, CompletableFuture<Object> answered) {
    if (session().closed()) {
      return CompletableFuture.failedFuture(new GridException(
          Status.CANCELLED, label + ": its Grid is closed", null, List.of(label)));
    }
    // a value made again after its server died is still bound by the original deadline: recovery
    // comes first. A failure the server answered in the batch's receipt goes through it too: a
    // lost input's owner refuses at once, so its fetch fails within the answer's wait
    CompletableFuture<Object> remote = answered != null ? answered : resolveRemote(ref);
    if (lineage() != null && !lineage().remade()) remote = withRecovery(remote);
    CompletableFuture<Object> result = new CompletableFuture<>();
    UUID id = ref.id(); // not the reference itself: these futures may outlive it
    remote.whenComplete((v, t) -> {
      if (t == null) {
        session().arrived(id, v); // first: whoever waits may place a call taking it at once
        result.complete(v);
      } else {
        result.completeExceptionally(Outcomes.toGrid(t));
      }
    });
    localOutcome().whenComplete((v, t) -> {
      if (t != null) result.completeExceptionally(t);
    });
    if (deadlineNanos() != 0) boundByDeadline(result);
    return session().endedByClose(result, label);
  }

  /** Fails the wait (and the local outcome, for the calls made from it) if the value is not known by the deadline. */
  private void boundByDeadline(CompletableFuture<Object> result) {
    long delay = Math.max(0, deadlineNanos() - System.nanoTime()) + GRACE_NANOS;
    try {
      var timer = session()
          .runtime()
          .timer()
          .schedule(
              () -> {
                if (result.isDone()) return;
                GridException e = Failure.of(
                        Status.DEADLINE_EXCEEDED,
                        label + " did not finish before its deadline (the "
                            + "server did not answer in time)",
                        null,
                        label)
                    .toException();
                failLocally(e);
                result.completeExceptionally(e);
              },
              delay,
              TimeUnit.NANOSECONDS);
      result.whenComplete((v, t) -> timer.cancel(false));
    } catch (RejectedExecutionException closing) {
      // the Grid closed meanwhile: the value fails as CANCELLED anyway
    }
  }

  /** The slot of the value if this Grid's node or, where the transport shares the JVM, a node of this JVM holds it. */
  private Slot local(java.util.UUID id) {
    LocalNode home = session().homeIfStarted();
    Slot local = home != null ? home.table().get(id) : null;
    return local != null ? local : session().runtime().transport().jvmNodes().find(id);
  }

  @Override
  public boolean isDone(Ref<?> ref) {
    Slot s = local(ref.id());
    return s != null && s.isDone();
  }

  private CompletableFuture<Object> resolveRemote(Ref<?> ref) {
    Slot local = local(ref.id());
    if (local != null) return Outcomes.of(local.future(), label);
    CompletableFuture<Object> result = new CompletableFuture<>();
    submitted.whenComplete((x, failure) -> {
      if (failure != null) result.completeExceptionally(Outcomes.toGrid(failure));
    });
    if (result.isDone()) return result;
    JvmNodes.Member owner = session().runtime().transport().jvmNodes().at(ref.owner());
    if (owner != null) {
      awaitLocal(owner, ref.id(), result);
      return result;
    }
    // once the batch is on its way, not after its acknowledgement: the owner parks a fetch for an
    // id whose batch
    // is in flight, so async call + get() costs one round trip, not two
    Fetcher.Waiter w = session().fetcher().await(ref.owner(), ref.id(), null, submitted, sent);
    w.future().whenComplete((v, t) -> {
      if (t == null) result.complete(v);
      else if (!result.isDone())
        result.completeExceptionally(Outcomes.named(Outcomes.toGrid(t), label));
    });
    result.whenComplete(
        (v, t) -> w.cancel()); // a local failure stops the fetch if nobody else waits for it
    return result;
  }

  /**
   * The owner is a node of this JVM but the call is not registered yet: wait for it there (localized, no copy).
   * Once the batch is accepted the call is registered, so an id still unknown then was released or never made.
   */
  private void awaitLocal(JvmNodes.Member owner, UUID id, CompletableFuture<Object> result) {
    // nothing here may hold the reference itself: these futures live as long as the value's context
    // does
    CompletableFuture<Slot> created = owner.table().whenCreated(id);
    created.thenAccept(s -> Outcomes.of(s.future(), label).whenComplete((v, t) -> {
      if (t == null) result.complete(v);
      else result.completeExceptionally(t);
    }));
    submitted.whenComplete((x, failure) -> {
      if (created.isDone()) return;
      owner.table().abandon(id, created);
      Slot s = owner.table().get(id); // made by a put, or just now
      if (s != null) {
        created.complete(s);
      } else if (failure == null) {
        result.completeExceptionally(Failure.of(
                Status.NOT_FOUND,
                label + ": value " + ValueIds.shortForm(id) + " is not held by " + owner
                    + ": never made there, released, or its lease lapsed",
                null,
                label)
            .toException());
      }
    });
  }

  /** Lets an idempotent call whose server died be made again elsewhere (see {@link Recovery}). */
  private CompletableFuture<Object> withRecovery(CompletableFuture<Object> resolved) {
    return resolved.exceptionallyCompose(t -> {
      Throwable c = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
      if (!(c instanceof GridException g)
          || g.status() != Status.UNAVAILABLE
          || session().closed()) {
        return CompletableFuture.failedFuture(c);
      }
      return Recovery.rerun(session(), lineage(), g);
    });
  }

  @Override
  public boolean cancel(Ref<?> ref) {
    LocalNode home = session().homeIfStarted();
    Slot s = home != null
        ? home.table().get(ref.id())
        : session().runtime().transport().jvmNodes().find(ref.id());
    if (s != null) return s.cancel(label);
    submitted.whenComplete((x, t) -> {
      try {
        session().runtime().io().execute(() -> {
          try {
            session().runtime().node(ref.owner()).cancel(session().holder(), ref.id());
          } catch (GridException ignored) {
            // the owner is gone: the value can no longer be made anyway
          }
        });
      } catch (GridException ignored) {
        // the Grid is closing
      }
    });
    return true;
  }

  @Override
  public void pin(Ref<?> ref) {
    session().runtime().pins().pin(List.of(ref));
  }

  @Override
  public void release(Ref<?> ref) {
    // after the batch that makes it was accepted (or failed): a release must not overtake it
    submitted.whenComplete(
        (x, t) -> session().release(ref.id(), channel(), Release.Cause.EXPLICIT));
  }
}
