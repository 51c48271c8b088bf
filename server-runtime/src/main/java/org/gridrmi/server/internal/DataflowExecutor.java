package org.gridrmi.server.internal;

import io.opentelemetry.context.Scope;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.CallSites;
import org.gridrmi.runtime.Daemons;
import org.gridrmi.runtime.Fetcher;
import org.gridrmi.runtime.FetchingContext;
import org.gridrmi.runtime.HeldReferences;
import org.gridrmi.runtime.KnownPeers;
import org.gridrmi.runtime.LocalNode;
import org.gridrmi.runtime.cost.MethodTimes;
import org.gridrmi.runtime.serial.RefusalLog;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.store.Slot;
import org.gridrmi.runtime.telemetry.CallTimes;
import org.gridrmi.runtime.telemetry.ServerCall;
import org.gridrmi.runtime.transport.Caller;
import org.gridrmi.runtime.wire.Borrower;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.Failure;
import org.gridrmi.runtime.wire.FailureCarrier;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.InlineArgument;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.runtime.wire.SerializedValue;
import org.gridrmi.runtime.wire.ValueReader;

/**
 * Runs async calls when their arguments exist (dataflow): a call is registered at once, its reference arguments
 * are resolved in parallel (local ones by look-up, remote ones by the node's shared fetches, which keep a replica for
 * later calls), and only then is it queued on the bounded compute pool, whose threads therefore never wait for a
 * remote value. Past its limits (the compute queue, the calls one client may have pending here) a call fails at once
 * with RESOURCE_EXHAUSTED naming the limit; the server keeps serving everyone else.
 */
public final class DataflowExecutor implements AutoCloseable {
  /** Calls refused at a limit, for the log. */
  private static final RefusalLog REFUSALS =
      new RefusalLog(DataflowExecutor.class.getName(), 10, 1000);
  /** The longest between two renewals of this node's holds on other nodes, whatever lease they grant. */
  private static final long MAX_RENEW_MILLIS = 15_000;

  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

  /**
   * How long a call waits for an argument its owner pushes here ({@link Command.Call#pushed}) before it fetches it:
   * the owner pushes it the moment it is made, or says at once that it will not (a value too large for a push); so
   * this is spent only when the producer runs longer, and then the fetch waits on the owner as it would have (a push
   * that comes then still answers it).
   */
  static final long PUSH_WAIT_MILLIS = 5;

  /**
   * The longest a method may typically run here ({@link MethodTimes#typicalNanos}) for a push's thread to run its call
   * (see {@link #pushed}): about a push's round trip on a loaded 2-core machine (the pusher's thread waits that long
   * for the answer anyway), three times the hand-off to the compute pool it saves there.
   */
  public static final long QUICK_NANOS = 200_000;

  /** The most call sites kept as one string each (see {@link CallSites}); a peer's labels cost a bounded map. */
  static final int MAX_SITES = 1024;

  private final LocalNode node;
  /** Each call label's site, made once: every value a call makes keeps it as its label. */
  private final CallSites sites = new CallSites(MAX_SITES);

  private final ServiceRegistry services;
  private final TaskAllowlist tasks;
  private final Fetcher fetcher;
  private final Limits limits;
  private final ThreadPoolExecutor compute;
  private final AtomicLong callsRun = new AtomicLong();
  /** Calls registered and not yet done, per client (see {@link Limits}), and in all. */
  private final ConcurrentHashMap<String, Integer> pendingByClient = new ConcurrentHashMap<>();

  private final java.util.concurrent.atomic.AtomicInteger pendingAll =
      new java.util.concurrent.atomic.AtomicInteger();
  private final CallTimes callTimes = new CallTimes();
  private final MethodTimes methodTimes = new MethodTimes();
  /** On a compute thread running calls ({@link #runChain}): its chain; null on other threads. */
  private final ThreadLocal<Chain> chainOnThread = new ThreadLocal<>();

  /**
   * On a thread that runs a call itself rather than hand it to the compute pool, while it delivers a push ({@link
   * #pushed}) or registers a batch whose receipt waits for a call's value ({@link #onBatchThread}): that call, once
   * made ready, to run when the thread is done with the push or the batch.
   */
  private final ThreadLocal<OffPool> offPoolOnThread = new ThreadLocal<>();

  /** Calls running off the pool now, on push and batch threads: with the pool's busy threads, at most its threads. */
  private final AtomicInteger runningOffPool = new AtomicInteger();

  private final KnownPeers peers;
  /** The values this node holds by reference, and the context references read inside values here bind to. */
  private final HeldReferences held;

  private final FetchingContext valueRefs;

  /**
   * @param threads compute threads
   * @param maxQueued calls ready to run that may wait for a thread
   * @param maxPendingPerClient calls of one client registered and not yet done; a client is the peer the connection
   *     proved: its certificate's subject under TLS, else its address (clients sharing a host share it), never the
   *     holder id it chooses
   * @param maxPending calls of all clients together registered and not yet done
   */
  public record Limits(int threads, int maxQueued, int maxPendingPerClient, int maxPending) {
    public Limits {
      if (threads < 1 || maxQueued < 1 || maxPendingPerClient < 1 || maxPending < 1) {
        throw new GridException(
            Status.INVALID_ARGUMENT, "executor limits must be at least 1: " + this);
      }
    }
  }

  public DataflowExecutor(
      LocalNode node,
      ServiceRegistry services,
      TaskAllowlist tasks,
      Limits limits,
      KnownPeers peers) {
    this.node = node;
    this.peers = peers;
    this.services = services;
    this.tasks = tasks;
    this.limits = limits;
    // owners keep what they lend this server for this node id: a later life at the address is
    // another borrower
    this.fetcher = new Fetcher(
        node.runtime(),
        () -> new Borrower(node.address(), node.id()),
        node.table()::putReplica,
        peers);
    this.held = new HeldReferences(node, MAX_RENEW_MILLIS, peers::known);
    this.valueRefs = new FetchingContext(node.runtime(), fetcher, node, null, held);
    node.runtime().bindValues(valueRefs);
    this.compute = new ThreadPoolExecutor(
        limits.threads(),
        limits.threads(),
        0,
        TimeUnit.MILLISECONDS,
        new ArrayBlockingQueue<>(limits.maxQueued()),
        Daemons.factory("gridrmi-compute-" + node.name()));
  }

  public long callsRun() {
    return callsRun.get();
  }

  /** How long calls took here, from arrival to their value (plain calls are counted by the endpoint). */
  public CallTimes callTimes() {
    return callTimes;
  }

  /** How long each method's invocations ran (not their waiting), for {@code stats()}. */
  public MethodTimes methodTimes() {
    return methodTimes;
  }

  /** Calls ready to run that wait for a compute thread now. */
  public int queued() {
    return compute.getQueue().size();
  }

  /** Values of other nodes held here by reference now. */
  public int heldByReference() {
    return held.size();
  }

  /** Fetches in flight now. */
  public int fetchesInFlight() {
    return fetcher.inFlight();
  }

  /**
   * The client a call's limit is kept for: the peer its connection proved, the certificate's subject under TLS, else
   * its address (the grid secret proves membership, not who is who); never a holder id, which the caller chooses.
   */
  private static String clientOf(Caller caller) {
    return caller.tlsIdentity() != null ? caller.tlsIdentity() : caller.host();
  }

  /** Counts a call of {@code client} as pending; the reason it may not be, or null. */
  private String takePending(String client) {
    boolean[] taken = {false};
    pendingByClient.compute(client, (k, n) -> {
      int held = n == null ? 0 : n;
      if (held >= limits.maxPendingPerClient()) return n;
      taken[0] = true;
      return held + 1;
    });
    if (!taken[0]) {
      return "this client (" + client + ") already has " + limits.maxPendingPerClient()
          + " calls pending there, its limit (--max-pending-per-client)";
    }
    if (pendingAll.incrementAndGet() > limits.maxPending()) {
      pendingAll.decrementAndGet();
      pendingByClient.computeIfPresent(client, (k, n) -> n <= 1 ? null : n - 1);
      return "it has " + limits.maxPending() + " calls pending from all clients, its limit"
          + " (--max-pending-calls)";
    }
    return null;
  }

  private void releasePending(String client) {
    pendingAll.decrementAndGet();
    pendingByClient.computeIfPresent(client, (k, n) -> n <= 1 ? null : n - 1);
  }

  /** Stores a replica of a client's value under its own id, so that calls here resolve it locally. */
  public void replica(UUID holder, Command.Replica r) {
    Object value = node.runtime().decode(r.value());
    node.table().put(r.valueId(), holder, "value " + r.valueId() + " from " + r.owner(), value);
  }

  /**
   * Registers the call and schedules it; returns at once. A call whose id is known already is ignored.
   *
   * @return completes once this node's holds of the references inside the call's by-value arguments were answered by
   *     their owners (see {@link HeldReferences#adopt}); at once if it has none
   */
  public CompletableFuture<Void> submit(UUID holder, Command.Call c, long arrivedNanos) {
    String site = sites.of(c.label(), node.name());
    String client = clientOf(Caller.current());
    String full = takePending(client);
    if (full != null) {
      Slot refused = node.table().create(c.valueId(), holder, site);
      if (refused != null) {
        observe(refused, c, arrivedNanos);
        String why = "server " + node.name() + " refused " + c.label() + ": " + full;
        REFUSALS.refused(why);
        refused.fail(Failure.of(Status.RESOURCE_EXHAUSTED, why, null, site));
      }
      return DONE;
    }
    Slot slot = node.table().create(c.valueId(), holder, site);
    if (slot == null) {
      releasePending(client);
      return DONE;
    }
    slot.done().whenComplete((v, t) -> releasePending(client));
    if (!c.pushTo().isEmpty()) pushWhenSet(slot, c);
    ServerCall trace = observe(slot, c, arrivedNanos);
    ServiceRegistry.Target target;
    try {
      target = services.find(c.service(), c.method(), node.name());
    } catch (RuntimeException e) {
      slot.fail(Failure.from(e, site));
      return DONE;
    }
    Object[] args = c.args() == null ? new Object[0] : c.args();
    CompletableFuture<Void> referencesHeld = holdReferencesInside(args);
    CompletableFuture<?>[] pending = new CompletableFuture<?>[args.length];
    List<Fetcher.Waiter> fetches = new ArrayList<>();
    List<Slot> reading = new ArrayList<>();
    try (Scope fetchesUnder =
        trace == null ? null : trace.makeCurrent()) { // fetches are children of the call
      CompletableFuture<?> announced = announcedUntil(c, slot);
      CompletableFuture<?> pushWait = c.pushed().isEmpty() ? DONE : pushWait();
      for (int i = 0; i < args.length; i++) {
        boolean onItsWay =
            announced != null && args[i] instanceof Ref<?> r && c.announced().contains(r.id());
        boolean pushedHere = args[i] instanceof Ref<?> r && c.pushed().contains(r.id());
        pending[i] = resolve(
            args[i],
            holder,
            fetches,
            reading,
            onItsWay ? announced : null,
            pushedHere ? pushWait : DONE);
      }
    }
    if (!reading.isEmpty()) slot.done().whenComplete((v, t) -> reading.forEach(Slot::endRead));
    // a call that fails or is cancelled before its arguments arrive stops waiting for them (the
    // fetches stop once no
    // call waits, and tell their owners)
    slot.done().whenComplete((v, t) -> {
      if (t != null) fetches.forEach(Fetcher.Waiter::cancel);
    });
    long deadline = c.timeoutNanos() > 0 ? arrivedNanos + c.timeoutNanos() : 0;
    if (deadline != 0) watchDeadline(slot, deadline, site, fetches);
    CompletableFuture.allOf(pending).whenComplete((x, failed) -> {
      if (slot.isDone()) return;
      if (failed != null) {
        slot.fail(FailureCarrier.unwrap(firstFailure(pending), null).through(site));
        return;
      }
      Object[] values = new Object[args.length];
      for (int i = 0; i < values.length; i++) values[i] = pending[i].join();
      if (trace != null) trace.argumentsReady();
      schedule(
          slot, site, c.label(), () -> run(slot, target, values, holder, c.label(), site, trace));
    });
    return referencesHeld;
  }

  /**
   * Times the call from its arrival to its value, for {@code stats()} and, when telemetry is on, as a server span (a
   * child of the client's call span) and {@code rpc.server.call.duration}.
   *
   * @return the call's span, or null when telemetry is off
   */
  private ServerCall observe(Slot slot, Command.Call c, long arrivedNanos) {
    ServerCall trace = node.runtime()
        .telemetry()
        .serverCall(c.trace(), c.service(), c.method(), c.label(), node.name());
    if (trace != null) slot.tracedBy(trace.spanContext());
    slot.done().whenComplete((v, t) -> {
      callTimes.record(System.nanoTime() - arrivedNanos);
      if (trace != null) trace.end(t);
    });
    return trace;
  }

  /**
   * The references written inside by-value arguments are held by this node from now on, while the call holds its
   * arguments: the values they point to cannot go before the call has read them (and holds them itself).
   */
  private CompletableFuture<Void> holdReferencesInside(Object[] args) {
    List<CompletableFuture<Void>> holds = new ArrayList<>();
    for (Object a : args) {
      if (a instanceof SerializedValue v) for (Ref<?> r : v.refs()) holds.add(held.adopt(r));
    }
    return CompletableFuture.allOf(holds.toArray(CompletableFuture[]::new));
  }

  /**
   * Until when the fetches of the call's announced arguments ({@link Command.Call#announced}) tell their owners that
   * the calls making them may still be on their way there; null if it has none. For the call timeout after this call
   * arrived (the bound of the client's batch to the owner, sent no later than this call), or until the call is done:
   * after that an owner that has not heard of the value answers NOT_FOUND, so a call whose argument's call was lost
   * ends instead of waiting.
   */
  private CompletableFuture<?> announcedUntil(Command.Call c, Slot slot) {
    if (c.announced().isEmpty()) return null;
    CompletableFuture<Void> until = new CompletableFuture<>();
    slot.done().whenComplete((v, t) -> until.complete(null));
    try {
      var timer = node.runtime()
          .timer()
          .schedule(
              () -> until.complete(null),
              node.runtime().settings().timeouts().call().toNanos(),
              TimeUnit.NANOSECONDS);
      until.whenComplete((v, t) -> timer.cancel(false));
    } catch (RejectedExecutionException closing) {
      until.complete(null);
    }
    return until;
  }

  /** Completes {@link #PUSH_WAIT_MILLIS} from now: when the fetch of an argument pushed here starts. */
  private CompletableFuture<?> pushWait() {
    CompletableFuture<Void> waited = new CompletableFuture<>();
    try {
      node.runtime()
          .timer()
          .schedule(() -> waited.complete(null), PUSH_WAIT_MILLIS, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException closing) {
      waited.complete(null);
    }
    return waited;
  }

  /**
   * Once the call's value or failure is known, sends it to the servers it is to be pushed to ({@link
   * Command.Call#pushTo}) that are known peers of this one (a client cannot make this server connect anywhere else):
   * its value when small and written by a codec (as a receipt's answer: nothing inside to pin, so nothing is kept for
   * the push), its failure, or else word that it is not pushed, so that they fetch it at once. A value made on a
   * compute thread is pushed once its call is done, from that thread when nothing else wants it ({@link #sendPushes});
   * otherwise each push goes on the I/O pool. Best effort: a push that fails or finds the pool full is dropped, and
   * the consumer fetches after its wait.
   */
  private void pushWhenSet(Slot slot, Command.Call c) {
    List<String> consumers = c.pushTo().stream()
        .filter(a -> !a.equals(node.address()) && peers.known(a))
        .distinct()
        .toList();
    if (consumers.isEmpty()) return;
    UUID id = c.valueId();
    slot.future().whenComplete((v, t) -> {
      FetchResult pushed = t == null
          ? ServerEndpoint.carried(v)
          : FetchResult.failed(FailureCarrier.unwrap(t, null));
      FetchResult sent = pushed == null ? FetchResult.PENDING : pushed;
      Chain chain = chainOnThread.get();
      for (String consumer : consumers) {
        Runnable send = () -> push(consumer, id, sent);
        if (chain != null) chain.pushes.add(send);
        else pushOnIo(send);
      }
    });
  }

  private void pushOnIo(Runnable send) {
    try {
      node.runtime().io().execute(send);
    } catch (GridException fullOrClosed) {
      // the consumer fetches it after its wait
    }
  }

  /**
   * Sends the pushes of the call that just ran on this compute thread (see {@link #pushWhenSet}). The first goes from
   * this thread itself when nothing else wants it: no call of its chain runs next ({@code chainGoesOn}), none waits
   * in the compute queue, and another compute thread is idle; the push then leaves without waking an I/O thread (a
   * hand-off of 40-45 us median on a 2-core VM, one of the three a cross-server chain pays beyond the same chain on
   * one server), and the thread is held for the push's round trip, which is short: the consumer answers once the
   * value is delivered, and runs on its own thread only calls that typically take at most {@link #QUICK_NANOS}.
   * Not for ten seconds after a push found its consumer unreachable or silent: such a peer would hold the thread for
   * up to a call timeout. (A refusal answers at once and does not count: a consumer refuses the pushes of a peer its
   * client has not introduced yet, which happens at a grid's start when S1's value is made before S2's batch
   * arrives.) The other pushes, or all of them when the thread is wanted, go to the I/O pool as before.
   */
  private void sendPushes(List<Runnable> pushes, boolean chainGoesOn) {
    boolean fromHere =
        !chainGoesOn && !pushFailedRecently() && computeThreadFree(runningOffPool.get());
    for (int i = fromHere ? 1 : 0; i < pushes.size(); i++) pushOnIo(pushes.get(i));
    Runnable first = pushes.get(0);
    pushes.clear();
    if (fromHere) {
      try {
        first.run();
      } catch (RuntimeException e) {
        // as on the I/O pool: the consumer fetches it after its wait
      }
    }
  }

  private void push(String consumer, UUID id, FetchResult value) {
    try {
      node.runtime().node(consumer).push(node.address(), id, value);
    } catch (GridException e) {
      // the consumer fetches it after its wait, as without a push; only a consumer that could
      // hold a compute thread (unreachable, silent) is remembered (see sendPushes)
      if (e.status() == Status.UNAVAILABLE || e.status() == Status.DEADLINE_EXCEEDED) {
        pushFailedAtNanos = node.runtime().ticker().nanoTime();
        pushFailed = true;
      }
    }
  }

  /**
   * Whether a push found its consumer unreachable or silent in the last {@link #PUSH_FAILURE_MEMORY_NANOS} by the
   * runtime's ticker: then no compute thread sends a push itself, since such a peer would hold it for up to a call
   * timeout.
   */
  private boolean pushFailedRecently() {
    return pushFailed
        && node.runtime().ticker().nanoTime() - pushFailedAtNanos <= PUSH_FAILURE_MEMORY_NANOS;
  }

  /** When a push last found its consumer unreachable or silent, by the runtime's ticker; once {@link #pushFailed}. */
  private volatile long pushFailedAtNanos;

  /** Whether any push found its consumer unreachable or silent yet (a ticker may read 0: no reading means "never"). */
  private volatile boolean pushFailed;

  private static final long PUSH_FAILURE_MEMORY_NANOS = TimeUnit.SECONDS.toNanos(10);

  /**
   * Takes a value its owner pushed here as the answer of this node's fetch of it (see {@link Fetcher#pushed}); the
   * endpoint checked the sender.
   *
   * <p>If the value was the last argument a call waited for, the thread delivering the push runs that call itself
   * before it answers the pusher, instead of handing it to the compute pool (a hand-off of 65 us median on a loaded
   * 2-core machine, a third of what a cross-server chain of small values spent beyond the same chain on one server).
   * Only under these bounds; otherwise the call goes to the pool as any other:
   *
   * <ul>
   *   <li>one call per push: calls that call makes ready go to the pool;
   *   <li>only a call whose method's last {@value MethodTimes#RECENT_RUNS} runs here took a median of at most
   *       {@link #QUICK_NANOS} ({@link MethodTimes#typicalNanos}): the thread (and the pusher, which waits for the
   *       answer) is typically held that long at most;
   *   <li>only while no call waits in the compute queue and a compute thread is idle: calls running on push threads
   *       and on the pool together stay within the pool's threads, as they would on the pool, so under load nothing
   *       runs here and the queue's order holds.
   * </ul>
   *
   * The call runs as on a compute thread: its deadline interrupts it, and it sees no caller ({@link Caller#LOCAL});
   * the thread's own interrupt status is kept.
   */
  public boolean pushed(String owner, UUID id, FetchResult value) {
    OffPool ready = new OffPool(null);
    offPoolOnThread.set(ready);
    try {
      return fetcher.pushed(owner, id, value);
    } finally {
      ready.stopTaking();
      ready.run();
    }
  }

  /**
   * Has the calling thread, about to register a batch whose receipt waits for the value of its call {@code asked}
   * ({@link Command.Call#answerWaitMillis}), take that call if it is ready at once (its arguments are inline, held
   * here, or were pushed here before the batch came), to run it itself ({@link OffPool#run}) rather than hand it to the
   * compute pool and then wait to be woken by its value: two hand-offs of 40-65 us median each on a loaded 2-core
   * machine, which a plain call does not make. The receiving thread waits for that value anyway, so it is held no
   * longer than it would be; the bounds are those of {@link #pushed} (a quick method, the pool idle with nothing
   * queued, one call).
   *
   * @param asked the id of the call whose value the receipt waits for, or null: none (nothing is taken)
   * @return the thread's taking, which the caller stops once the batch is registered ({@link OffPool#stopTaking}) and
   *     then runs ({@link OffPool#run}), also when the registration failed part way
   */
  OffPool onBatchThread(UUID asked) {
    OffPool ready = new OffPool(asked);
    if (asked != null) offPoolOnThread.set(ready);
    return ready;
  }

  /**
   * A call that a thread outside the pool runs itself ({@link #pushed}, {@link #onBatchThread}), chosen by {@link
   * #schedule}, which counted it in {@link #runningOffPool}.
   */
  final class OffPool {
    /** The only call this thread may take, or null: the first one made ready. */
    private final UUID only;

    private Runnable call;

    private OffPool(UUID only) {
      this.only = only;
    }

    /** Whether this thread takes {@code slot}'s call (one, and only the one it names). */
    private boolean wants(Slot slot) {
      return call == null && (only == null || only.equals(slot.id()));
    }

    /** The thread takes no call from now on (the one it took, if any, is still to run). */
    void stopTaking() {
      offPoolOnThread.remove();
    }

    /** Runs the call taken, if any, as on a compute thread; the thread's own interrupt status is kept. */
    void run() {
      if (call == null) return;
      Runnable taken = call;
      call = null;
      boolean interrupted = Thread.interrupted(); // not the call's: the thread's own, kept for it
      try {
        Caller.serving(Caller.LOCAL, () -> {
          taken.run();
          return null;
        });
      } finally {
        runningOffPool.decrementAndGet();
        if (interrupted) Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Whether {@code method} ran here often and quickly enough for a thread outside the pool to run it
   * ({@link #pushed}).
   */
  private boolean quick(String method) {
    long typical = methodTimes.typicalNanos(method);
    return typical >= 0 && typical <= QUICK_NANOS;
  }

  /**
   * Counts a call about to run on a push's or a batch's thread if the compute pool runs, has an idle thread and nothing
   * queued (see {@link #pushed}, {@link #onBatchThread}); a call on a closing server goes to the pool, which fails it as
   * CANCELLED.
   *
   * @return whether it was counted (and so may run there)
   */
  private boolean takeIdleThread() {
    while (true) {
      int running = runningOffPool.get();
      if (!computeThreadFree(running)) return false;
      if (runningOffPool.compareAndSet(running, running + 1)) return true;
    }
  }

  /**
   * Whether the compute pool runs, queues nothing and has a thread free beyond its busy ones and {@code offPool} calls
   * running on push and batch threads: only then may a thread outside the pool run a call ({@link #takeIdleThread}) or
   * a compute thread wait on a push ({@link #sendPushes}, whose own thread counts as busy). A closing server's pool
   * refuses the call (CANCELLED); a queued call keeps its turn.
   */
  private boolean computeThreadFree(int offPool) {
    return !compute.isShutdown()
        && compute.getQueue().isEmpty()
        && offPool + compute.getActiveCount() < limits.threads();
  }

  /** Pushed values kept for a fetch to come now (tests). */
  public int pushedKept() {
    return fetcher.pushedKept();
  }

  /**
   * An argument's value: inline values as they are, references localized or fetched (once per node).
   *
   * @param announced while not done, the owner is told that the call making the value may still be on its way to it
   *     (null: it has it)
   * @param start the fetch, if one is needed, starts once this completes (a value pushed here comes meanwhile)
   */
  private CompletableFuture<?> resolve(
      Object arg,
      UUID holder,
      List<Fetcher.Waiter> fetches,
      List<Slot> reading,
      CompletableFuture<?> announced,
      CompletableFuture<?> start) {
    if (arg instanceof InlineArgument inline) {
      try {
        return CompletableFuture.completedFuture(SerialPolicy.using(
            node.runtime().policy(), () -> inline.value(node.runtime().values())));
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    }
    if (!(arg instanceof Ref<?> ref)) return CompletableFuture.completedFuture(arg);
    Slot local = node.findLocal(ref.id());
    if (local != null) {
      // a replica: keep it for this client
      if (node.table().get(ref.id()) == local) node.table().hold(ref.id(), holder);
      local.beginRead(); // kept in memory for this call: not moved to disk just before it runs
      reading.add(local);
      return local.future();
    }
    Fetcher.Waiter w = fetcher.await(ref.owner(), ref.id(), holder, announced, start);
    fetches.add(w);
    return w.future();
  }

  /**
   * Queues a ready call on the compute pool, except the first call made ready by a call that just finished on a
   * compute thread (its result was the last missing argument): that thread runs it next, which saves the hand-off
   * to another thread on every link of a chain. Further calls made ready at once go to the pool, to run in parallel.
   * Likewise a push's thread runs the call its value made ready, and a batch's thread the call whose value its receipt
   * waits for if it is ready at once, within the bounds {@link #pushed} states.
   *
   * @param method the call's method, as {@link #methodTimes} counts it
   */
  private void schedule(Slot slot, String site, String method, Runnable call) {
    Chain chain = chainOnThread.get();
    if (chain != null && chain.next == null) {
      chain.next = call;
      return;
    }
    OffPool offPool = offPoolOnThread.get();
    if (offPool != null && offPool.wants(slot) && quick(method) && takeIdleThread()) {
      offPool.call = call;
      return;
    }
    try {
      compute.execute(() -> runChain(call));
    } catch (RejectedExecutionException e) {
      if (compute.isShutdown()) {
        slot.fail(Failure.of(
            Status.CANCELLED, "server " + node.name() + " is shutting down", null, site));
        return;
      }
      String why = "server " + node.name() + " refused " + site + ": its compute queue holds "
          + limits.maxQueued() + " calls, its limit (--max-queued-calls)";
      REFUSALS.refused(why);
      slot.fail(Failure.of(Status.RESOURCE_EXHAUSTED, why, null, site));
    }
  }

  private void runChain(Runnable first) {
    Chain chain = new Chain();
    chainOnThread.set(chain);
    try {
      for (Runnable call = first; call != null; call = chain.takeNext()) {
        call.run();
        if (!chain.pushes.isEmpty()) sendPushes(chain.pushes, chain.next != null);
      }
    } finally {
      chainOnThread.remove();
    }
  }

  /**
   * What a compute thread running a chain of calls keeps: the call to run next there ({@link #schedule}), and the
   * pushes of values its current call made, sent once that call and its value's callbacks are done ({@link
   * #pushWhenSet}, {@link #sendPushes}).
   */
  private static final class Chain {
    Runnable next;
    final List<Runnable> pushes = new ArrayList<>(1);

    Runnable takeNext() {
      Runnable r = next;
      next = null;
      return r;
    }
  }

  private static Throwable firstFailure(CompletableFuture<?>[] fs) {
    for (CompletableFuture<?> f : fs) {
      if (f.isCompletedExceptionally()) {
        try {
          f.join();
        } catch (RuntimeException e) {
          return e;
        }
      }
    }
    return new IllegalStateException("no failed argument");
  }

  /**
   * At the deadline the call fails, stops waiting for its fetches (which stop once nobody waits) and is interrupted.
   */
  private void watchDeadline(
      Slot slot, long deadlineNanos, String site, List<Fetcher.Waiter> fetches) {
    Runnable expire = () -> {
      if (slot.fail(Failure.of(
          Status.DEADLINE_EXCEEDED, site + " did not finish before its deadline", null, site))) {
        fetches.forEach(Fetcher.Waiter::cancel);
        slot.interruptRunner();
      }
    };
    long delay = deadlineNanos - System.nanoTime();
    if (delay <= 0) {
      expire.run();
      return;
    }
    var timer = node.runtime().timer().schedule(expire, delay, TimeUnit.NANOSECONDS);
    slot.future().whenComplete((v, t) -> timer.cancel(false));
  }

  private void run(
      Slot slot,
      ServiceRegistry.Target target,
      Object[] args,
      UUID holder,
      String method,
      String site,
      ServerCall trace) {
    Thread.interrupted(); // a late interrupt meant for the previous call on this thread
    if (!slot.startRunning(Thread.currentThread())) return;
    if (trace != null) trace.running();
    try {
      callsRun.incrementAndGet();
      Object result;
      try (Scope inCall =
          trace == null ? null : trace.makeCurrent()) { // the service's own spans are its children
        // references read during the call (inside by-value arguments) are held by this node while
        // they live
        ValueReader reader = node.runtime().values().with(valueRefs.forHolder(holder));
        long started = System.nanoTime();
        try {
          result = SerialPolicy.using(
              node.runtime().policy(),
              () -> Invocation.invokeUnchecked(target, args, tasks, reader));
        } finally {
          methodTimes.record(method, System.nanoTime() - started);
        }
      }
      slot.set(result);
    } catch (OutOfMemoryError e) {
      slot.fail(Failure.outOfMemory(site, "server " + node.name(), e, site));
    } catch (Throwable t) {
      Throwable c = t instanceof Invocation.Thrown thrown ? thrown.getCause() : t;
      slot.fail(
          c instanceof OutOfMemoryError e
              ? Failure.outOfMemory(site, "server " + node.name(), e, site)
              : Failure.from(c, site));
    } finally {
      slot.stopRunning();
      Thread.interrupted(); // a cancel's interrupt must not leak into the next call on this thread
    }
  }

  @Override
  public void close() {
    compute.shutdownNow();
    held.close();
  }
}
