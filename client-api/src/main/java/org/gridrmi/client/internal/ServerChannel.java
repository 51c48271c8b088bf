package org.gridrmi.client.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.HolderLink;
import org.gridrmi.runtime.TransitPins;
import org.gridrmi.runtime.net.FirstWrite;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.wire.BatchReceipt;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.Introduction;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.runtime.wire.Release;

/**
 * The client's pipe to one server. Async calls are queued and sent in batches by one I/O task at a time, so the
 * caller never waits for the network and calls reach the server in the order they were made; a batch waits only
 * for commands it depends on that go to other servers. Keeps the lease on the values the client holds there: its
 * renewals run on the Grid's bounded I/O pool, each bounded by the call timeout, so a stuck server delays no other
 * server's renewals.
 */
final class ServerChannel {
  /** The longest between two renewals of this Grid's lease on the server, whatever lease the server grants. */
  private static final long MAX_RENEW_MILLIS = 15_000;

  /**
   * The first pause before asking the server which of its transfers it holds the references of (see
   * {@link #awaitingHolds}); each later one doubles, up to {@link #MAX_ASK_MILLIS}.
   */
  private static final long FIRST_ASK_MILLIS = 50;

  private static final long MAX_ASK_MILLIS = 1_000;
  /** The most transfers named in one question (the server refuses more than 10,000 ids in one call). */
  private static final int MAX_ASKED = 10_000;

  private final ServerInfo server;
  private final Session session;
  private final ConcurrentLinkedQueue<Pending> queue = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean draining = new AtomicBoolean();
  /**
   * Held by whoever takes commands from the queue and sends them (the I/O pool's drain, or a caller sending the batch
   * its {@code get()} waits for: {@link #sendAwaiting}), until the server answered: batches go one at a time, in order.
   */
  private final ReentrantLock sending = new ReentrantLock();
  /** Commands held back by {@link #drain}, oldest first; only the thread holding {@link #sending} touches it. */
  private final List<Pending> deferred = new ArrayList<>();
  /**
   * The servers each call queued here is to push its value to, by the call's value id, until its batch is taken: where
   * a later call on another server that takes the value asks for it ({@link #pushTo}).
   */
  private final Map<UUID, PushTargets> consumersOfQueued = new ConcurrentHashMap<>();
  /** Values of this client already pushed to the server, so each crosses the network once. */
  final Set<UUID> pushed = ConcurrentHashMap.newKeySet();
  /** The client's holds on this server (made there, pushed, kept there as replicas), their lease and releases. */
  private final HolderLink link;
  /**
   * The id of the last call queued here whose value a call queued for another server takes ({@link #takenElsewhere}):
   * while it is queued, the chain went on there, and where round trips are short the queue goes at once rather than
   * wait for its caller's {@code get()} ({@link #linger}). Once it left it stands for nothing.
   */
  private volatile UUID takenElsewhere;
  /** The thread that queued the last command: while it runs, more of its chain may come (see linger). */
  private volatile Thread lastCaller;
  /**
   * When a caller last said it is about to make a call that may go here (an automatic view choosing a server): a
   * lingering batch waits for it as for a call, so that the choice's own time never splits a chain.
   */
  private volatile long composingNanos;
  /** Smoothed round trip of submits to this server (0 until the first): whether lingering is worth it. */
  private volatile long submitRttNanos;
  /**
   * The quickest recent submit to this server (0 until the first): a faster one sets it, a slower one raises it by a
   * 64th of the difference, so that a machine's noise (a pause of milliseconds now and then) hardly moves it while a
   * link that became slower does within a few hundred submits. Whether a caller's batch may ask for its value
   * ({@link #sendAwaiting}).
   */
  private volatile long quickestRttNanos;
  /**
   * Callers blocked in {@code get()} on a value a call queued here makes, by its id ({@link #sendAwaiting}): one per
   * blocked thread at most.
   */
  private final Map<UUID, Awaiting> awaiting = new ConcurrentHashMap<>();

  /** A caller waiting for a call's value: how long the server may wait for it, and the receipt's answer. */
  private record Awaiting(int waitMillis, CompletableFuture<FetchResult> answer) {}
  /**
   * What this server acknowledged of who this Grid is: the introduction it accepted last and the node id of the process
   * that accepted it (only the draining thread touches them). Recorded only once a batch carrying it was accepted, and
   * forgotten when the server's node id changes (a server restarted at the same address knows nothing of it).
   */
  private Introduction introduced;

  private java.util.UUID introducedTo;

  /**
   * The transfer ids of batches the server may not hold every reference of yet (their receipt said so, or their submit
   * failed: the server may have taken them), each with the node id of the server's process that took it
   * ({@link #UNKNOWN_LIFE} for a failed submit): their references stay pinned under it until the server says it no
   * longer waits for them ({@link #askAwaitingHolds}: it holds them, or will never run the batch), or it is known gone
   * ({@link #endAwaitingHolds}), or it has not answered for one {@code referenceTransit}. Bounded by the pins: a
   * transfer whose references could not be pinned is not kept.
   */
  private final Map<Long, UUID> awaitingHolds = new ConcurrentHashMap<>();

  /**
   * The life that took a batch whose submit failed: not known (it may be the one that answers next), so no receipt
   * ends its pins, only the server's answer, refusals, or silence.
   */
  private static final UUID UNKNOWN_LIFE = new UUID(0, 0);

  /**
   * Since when (the Grid's ticker) the server has not answered, while {@link #awaitingHolds} is not empty: reset by
   * every answer, and when the first transfer is awaited.
   */
  private volatile long silentSinceNanos;
  /** Whether a question about {@link #awaitingHolds} is scheduled or on its way. */
  private final AtomicBoolean asking = new AtomicBoolean();
  /** Questions about {@link #awaitingHolds} refused in a row: nothing listens at the server's address. */
  private int refusedQuestions;
  /**
   * After this many refused in a row, the server's process that named the transfers is taken as gone: no hold of it
   * will come, so their pins go.
   */
  private static final int REFUSALS_FOR_GONE = 2;

  /**
   * @param deadlineNanos when the call's time runs out ({@link System#nanoTime()} terms), or 0 for none: the time left
   *     is set on the command as the batch goes, so the server counts it from when it arrives
   * @param carried the references written inside the values the command carries (a pushed put, an inline or by-value
   *     argument): reachable from here until the server's receipt says it holds them, else pinned (see
   *     {@link #pinUntilHeld})
   * @param accepted completed, once the server accepted the batch carrying the command, with the node id of the
   *     server's process that accepted it (its receipt's): the node a value the command takes is lent to
   * @param sent completed when the batch carrying the command holds its connection, at its first byte written
   *     (null if nobody asks): a fetch for its value starts then, so it cannot take the warm pooled connection
   *     first and leave the batch an idle one, which JRMP pings: a whole round trip before the batch (FirstWrite)
   * @param consumers for a call, the servers its value is to be pushed to (see {@link #pushTo}); null for a replica
   */
  record Pending(
      Command command,
      List<Ref<?>> carried,
      CompletableFuture<java.util.UUID> accepted,
      List<CompletableFuture<?>> after,
      CompletableFuture<Void> sent,
      long deadlineNanos,
      PushTargets consumers) {
    /** The command as it goes now: a call with the time it has left, and the servers its value is pushed to. */
    Command timed(long now) {
      if (!(command instanceof Command.Call c)) return command;
      Command.Call timed =
          deadlineNanos == 0 ? c : c.withTimeoutNanos(Math.max(1, deadlineNanos - now));
      List<String> to = consumers == null ? List.of() : consumers.seal();
      return to.isEmpty() ? timed : timed.withPushes(to, c.pushed());
    }
  }

  ServerChannel(ServerInfo server, Session session) {
    this.server = server;
    this.session = session;
    this.link =
        new HolderLink(session.runtime(), session.holder(), server.address(), MAX_RENEW_MILLIS);
  }

  ServerInfo server() {
    return server;
  }

  HolderLink link() {
    return link;
  }

  /** The Grid this channel belongs to. */
  Session session() {
    return session;
  }

  NodeClient node() {
    return session.runtime().node(server.address());
  }

  /** Sets both estimates of the round trip, for tests of what depends on them; the next submits move them again. */
  void roundTripNanos(long nanos) {
    submitRttNanos = nanos;
    quickestRttNanos = nanos;
  }

  /**
   * Counts a submit's round trip in the estimates. One whose receipt waited for a call's value took longer than the
   * link's round trip by that wait: it may make the first estimate or lower one (the link is at least that fast), never
   * raise it.
   */
  private void roundTrip(long rtt, boolean answerAsked) {
    long smoothed = submitRttNanos;
    if (!answerAsked || smoothed == 0 || rtt < smoothed)
      submitRttNanos = smoothed == 0 ? rtt : (3 * smoothed + rtt) / 4;
    long quickest = quickestRttNanos;
    if (quickest == 0 || rtt < quickest) quickestRttNanos = rtt;
    else if (!answerAsked) quickestRttNanos = quickest + (rtt - quickest) / 64;
  }

  /** The calling thread is choosing where its next call goes (see {@link #composingNanos}). */
  void composing() {
    lastCaller = Thread.currentThread();
    composingNanos = System.nanoTime();
  }

  void send(Pending p) {
    lastCaller = Thread.currentThread();
    if (p.consumers() != null) consumersOfQueued.put(p.command().valueId(), p.consumers());
    queue.add(p);
    kick();
  }

  /**
   * Asks that the value of the call queued here that makes {@code id} be pushed to the server at {@code consumer}
   * once it is made (a call the client makes there takes it), so that that server need not fetch it.
   *
   * @return whether it will be: false if no call making {@code id} is queued here any more (its batch was taken), or
   *     it names the most servers already
   */
  boolean pushTo(UUID id, String consumer) {
    PushTargets targets = consumersOfQueued.get(id);
    return targets != null && targets.add(consumer);
  }

  /**
   * A call the client made on another server takes the value {@code id} of a call queued here: where round trips are
   * short, a drain gathering the queue sends it at once ({@link #linger}). It waited for the caller's {@code get()},
   * which goes to the other server, until its grace ran out: a drain's wait is by yielding, and on a loaded machine a
   * yield gives the processor away for a time slice, so S1's batch of a chain {@code s2.g(s1.f())} left about 0.2 ms
   * after S2's (measured with two server JVMs, {@code bench latency}'s chain).
   */
  void takenElsewhere(UUID id) {
    takenElsewhere = id;
  }

  /**
   * Where round trips are short, whether a drain still waits for the caller to say it waits for a value of the queue
   * ({@link #linger}): no caller says so yet, the caller is running, and the chain has not gone on to another server.
   */
  boolean waitsForCaller() {
    return awaiting.isEmpty() && !queuedIsTakenElsewhere() && callerMayCallAgain();
  }

  /** Whether a call still queued here makes a value that a call queued for another server takes. */
  private boolean queuedIsTakenElsewhere() {
    UUID id = takenElsewhere;
    return id != null && consumersOfQueued.containsKey(id);
  }

  private void kick() {
    if (draining.compareAndSet(false, true)) {
      try {
        session.runtime().io().execute(this::drain);
      } catch (
          GridException
              e) { // the I/O pool is full or closed: the queued commands fail with its reason
        draining.set(false);
        for (Pending p; (p = queue.poll()) != null; ) {
          consumersOfQueued.remove(p.command().valueId());
          p.accepted().completeExceptionally(e);
        }
      }
    }
  }

  /**
   * Sends what is queued. A command that waits for another server's command (its argument is made there) is held
   * back, together with the later commands of this channel that take its result, while the rest go at once: waiting
   * for the whole batch instead let two channels wait for each other forever when chains crossed in opposite
   * directions (S1 to S2 and S2 to S1 at the same time), which the soak benchmark found. Dependencies follow the order
   * in which calls were made, so held-back commands always get free. A caller sending on its own thread
   * ({@link #sendAwaiting}) holds the send lock meanwhile: this drain then leaves the queue to it, and it kicks again
   * once it is done.
   */
  private void drain() {
    while (true) {
      if (!sending.tryLock()) {
        draining.set(false);
        // the caller kicks after it unlocks; if it unlocked meanwhile, this drain goes on
        if (sending.isLocked() || queue.isEmpty() || !draining.compareAndSet(false, true)) return;
        continue;
      }
      List<CompletableFuture<?>> waits = new ArrayList<>();
      try {
        if (!linger()) { // a caller sends the queue itself: it kicks again once done
          draining.set(false);
          return;
        }
        List<Pending> batch = takeBatch();
        if (!batch.isEmpty()) {
          submit(batch);
          continue;
        }
        deferred.forEach(p -> waits.addAll(p.after()));
        draining.set(false);
      } finally {
        sending.unlock();
      }
      if (!waits.isEmpty()) {
        // no thread waits: the first dependency that gets sent starts the next drain
        CompletableFuture.anyOf(waits.toArray(CompletableFuture[]::new))
            .whenComplete((x, t) -> kick());
      }
      if (queue.isEmpty() || !draining.compareAndSet(false, true)) return;
    }
  }

  /**
   * The commands that may go now, in the order they were made, taken from the queue and from those held back before;
   * those that may not stay held back (see {@link #drain}). Only under {@link #sending}.
   */
  private List<Pending> takeBatch() {
    List<Pending> work = new ArrayList<>(deferred);
    deferred.clear();
    for (Pending p; (p = queue.poll()) != null; ) work.add(p);
    List<Pending> batch = new ArrayList<>();
    Set<UUID> heldBack = new HashSet<>();
    for (Pending p : work) {
      if (p.after().stream().allMatch(CompletableFuture::isDone)
          && !takesAny(p.command(), heldBack)) {
        batch.add(p);
        consumersOfQueued.remove(p.command().valueId());
      } else {
        deferred.add(p);
        heldBack.add(p.command().valueId());
      }
    }
    return batch;
  }

  /**
   * For a caller about to block on the value {@code id} makes ({@code get()}): sends the batch that carries its call on
   * the calling thread, asking the server to answer with the value if it is known within {@code waitMillis}. An async
   * call and its {@code get()} then cost one round trip, no fetch and no hand-off to the I/O pool and back, as a plain
   * call. A drain still gathering the batch leaves it to this thread ({@link #linger}); one sending an earlier batch
   * finishes first (a batch it takes meanwhile carrying the call asks for the value too). Only where round trips are
   * short (where lingering is not worth it, {@link Linger}), since a receipt waits up to {@code waitMillis}; and only
   * while the call is still queued here (else it is on its way, and the caller fetches the value as before, as it does
   * when the receipt carries no answer).
   *
   * @param boundNanos the longest the caller waits here (its own wait, at most); past it, null
   * @return the server's answer for {@code id} (its value or failure), or null: not sent here, or not answered
   */
  FetchResult sendAwaiting(UUID id, int waitMillis, long boundNanos) {
    if (quickestRttNanos >= Linger.MIN_ROUND_TRIP_NANOS) return null;
    Awaiting waiting = new Awaiting(waitMillis, new CompletableFuture<>());
    if (awaiting.putIfAbsent(id, waiting) != null)
      return null; // another thread waits for it: it fetches
    boolean locked = false;
    try {
      long bound = Math.min(
          boundNanos,
          session.runtime().settings().timeouts().call().toNanos()
              + TimeUnit.MILLISECONDS.toNanos(waitMillis));
      locked = sending.tryLock(bound, TimeUnit.NANOSECONDS);
      if (!locked) return null;
      // carried by a batch sent while this caller waited for the lock
      if (waiting.answer().isDone()) return waiting.answer().getNow(null);
      if (!isQueued(id)) return null; // taken before this caller waited: its batch asks for nothing
      List<Pending> batch = takeBatch();
      if (!batch.isEmpty()) submit(batch);
      return waiting.answer().getNow(null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    } finally {
      awaiting.remove(id, waiting);
      if (locked) sending.unlock();
      if (!queue.isEmpty() || !deferred.isEmpty()) kick();
    }
  }

  /** Whether a thread is sending a batch on this channel now (for tests). */
  boolean sendingNow() {
    return sending.isLocked();
  }

  /**
   * The commands of a batch as they go now: each call with the time it has left, and the last call a caller waits for
   * ({@link #awaiting}) asking for its value in the receipt.
   *
   * @param asked gets the waiting caller's answer, or stays empty
   */
  private List<Command> timed(List<Pending> batch, long now, Awaiting[] asked) {
    Command[] commands = new Command[batch.size()];
    int askedAt = -1;
    for (int i = 0; i < commands.length; i++) {
      commands[i] = batch.get(i).timed(now);
      if (!awaiting.isEmpty() && awaiting.get(commands[i].valueId()) != null) askedAt = i;
    }
    if (askedAt >= 0 && commands[askedAt] instanceof Command.Call c) {
      asked[0] = awaiting.get(c.valueId());
      if (asked[0] != null) commands[askedAt] = c.answeredWithin(asked[0].waitMillis());
    }
    return List.of(commands);
  }

  /** Whether the command making {@code id} waits in the queue, not yet taken into a batch. */
  boolean isQueued(UUID id) {
    for (Pending p : queue) if (p.command().valueId().equals(id)) return true;
    return false;
  }

  private static boolean takesAny(Command c, Set<UUID> ids) {
    if (ids.isEmpty() || !(c instanceof Command.Call call) || call.args() == null) return false;
    for (Object a : call.args()) {
      if (a instanceof RemoteReference<?> r && ids.contains(r.id())) return true;
    }
    return false;
  }

  /**
   * Lets a burst of calls gather before a batch is taken, so that a chain the caller makes goes out as one message
   * ({@link Linger} says for how long). The caller's state is what makes a wide quiet gap safe: a fixed 30 us gap
   * split chains whose caller was descheduled or still running interpreted code (0.1-1 ms between two calls),
   * which cost the SVD solver 2 t_s on paper-wan. The wait is by yielding, not by parking: a park of 30 us sleeps
   * 80 us or more (timer slack). Where round trips are short, no chain is gathered, but the drain waits up to
   * {@link #AWAIT_GRACE_NANOS} while the caller runs, for it to say that it waits for a value of the queue
   * ({@link #sendAwaiting}), typically its {@code get()} a few microseconds after its last call: then it leaves the
   * queue to that thread.
   *
   * @return false if a caller waits to send the queue itself, which the drain then leaves to it
   */
  private boolean linger() {
    if (!awaiting.isEmpty()) return false;
    Linger policy = Linger.forRoundTrip(submitRttNanos);
    if (policy == null) {
      if (quickestRttNanos >= Linger.MIN_ROUND_TRIP_NANOS || queue.isEmpty()) return true;
      long start = System.nanoTime();
      while (waitsForCaller() && System.nanoTime() - start < AWAIT_GRACE_NANOS) {
        Thread.yield();
      }
      return awaiting.isEmpty();
    }
    if (queue.isEmpty()) return true; // nothing to gather for (drain asks again after each batch)
    long start = System.nanoTime();
    long lastCall = start;
    int seen = queue.size();
    while (policy.keepWaiting(start, lastCall, System.nanoTime(), callerMayCallAgain())) {
      Thread.yield();
      int size = queue.size();
      if (size != seen) {
        seen = size;
        lastCall = System.nanoTime();
      }
      lastCall = Math.max(lastCall, composingNanos);
    }
    return true;
  }

  /**
   * Where round trips are short, the longest a drain waits for the caller that made the last call to say that it waits
   * for the value ({@link #linger}): a batch taken before could not ask the server for it, and the value would be
   * fetched. A caller that goes on with other work delays its batch by this much.
   */
  static final long AWAIT_GRACE_NANOS = 30_000;

  /** Whether the thread that made the last call is running; a waiting, blocked or finished one adds nothing. */
  private boolean callerMayCallAgain() {
    Thread caller = lastCaller;
    return caller == null || caller.getState() == Thread.State.RUNNABLE;
  }

  /**
   * Sends one batch and settles its commands' futures by the receipt, and the answer of the caller waiting for one of
   * its calls ({@link #sendAwaiting}); only under {@link #sending}.
   */
  private void submit(List<Pending> batch) {
    Awaiting[] asked = new Awaiting[1];
    // the server knows the batch by it; the Grid pins the references it carries under it
    long transfer = session.runtime().pins().newTransfer();
    try {
      NodeClient node = node();
      long now = System.nanoTime();
      List<Command> commands = timed(batch, now, asked);
      // fetches of these values start once the batch holds its connection (see Pending#sent)
      FirstWrite.runOnNext(() -> batch.forEach(p -> {
        if (p.sent() != null) p.sent().complete(null);
      }));
      long start = System.nanoTime();
      Introduction introduction = introduction();
      // read with this Grid's policy: the receipt may carry a value (see sendAwaiting)
      BatchReceipt receipt = session
          .runtime()
          .readingValues(() -> node.submit(session.holder(), transfer, introduction, commands));
      link().ownerAnswered(); // the link's silence counts from here (lifetime seed 160)
      silentSinceNanos = session.runtime().ticker().nanoTime(); // and the transfers' silence
      boolean pressed = receipt.storeUnderPressure();
      acknowledged(introduction, receipt.node());
      // an earlier life of the server at this address is gone: it will hold nothing more
      endAwaitingHolds(life -> !life.equals(UNKNOWN_LIFE) && !life.equals(receipt.node()));
      if (!receipt.referencesHeld()) pinUntilHeld(batch, transfer, receipt.node());
      long rtt = System.nanoTime() - start;
      roundTrip(rtt, asked[0] != null);
      session.runtime().peerHealth().answered(server.address());
      batch.forEach(p -> p.accepted().complete(receipt.node()));
      link.startRenewal();
      if (pressed) session.serverUnderPressure();
      if (asked[0] != null) asked[0].answer().complete(receipt.answer());
    } catch (GridException e) {
      // the server may have taken the batch although its answer was lost: it may be holding the
      // references inside, or about to; asked, it says so, or gives the batch up for good
      pinUntilHeld(batch, transfer, UNKNOWN_LIFE);
      if (e.status() == Status.UNAVAILABLE)
        session.runtime().peerHealth().lost(server.address(), e.description());
      long failedAt = System.nanoTime();
      for (Pending p : batch) {
        String what = p.command() instanceof Command.Call c ? c.label() : "a value";
        String site = what + " on " + server.name();
        if (p.deadlineNanos() != 0 && p.deadlineNanos() <= failedAt) { // its deadline came first
          p.accepted()
              .completeExceptionally(new GridException(
                  Status.DEADLINE_EXCEEDED,
                  site + " did not finish " + "before its deadline: " + e.description(),
                  e,
                  List.of(site)));
          continue;
        }
        p.accepted()
            .completeExceptionally(
                e.status() == Status.UNAVAILABLE
                    ? new GridException(
                        Status.UNAVAILABLE,
                        "server " + server.name() + " (" + server.address() + ") is "
                            + "unavailable, so " + what + " could not be sent to it: "
                            + e.description(),
                        e,
                        List.of(site))
                    : new GridException(
                        e.status(),
                        "server " + server.name() + " refused the batch carrying " + what + ": "
                            + e.description(),
                        e,
                        List.of(site)));
      }
    } finally {
      // no answer (failed, or another call of the batch asked): the caller fetches, and learns
      // of a failure from the call's accepted future, as any other
      if (!awaiting.isEmpty()) {
        for (Pending p : batch) {
          Awaiting a = awaiting.get(p.command().valueId());
          if (a != null) a.answer().complete(null);
        }
      }
      FirstWrite
          .cancel(); // refused before it wrote: the fetches start anyway, and learn the batch's
      // fate
    }
  }

  /**
   * Keeps the references written inside the values the batch carried (pushed puts, inline and by-value arguments)
   * pinned under the batch's transfer until the server says it no longer waits for them (it waited for its holds no
   * longer than half the call timeout before it answered; or the submit failed, and the server may have taken the
   * batch), and asks it soon. Until the batch is answered they are reachable from its pending commands; once the server
   * says it holds them, nothing keeps them here but the caller.
   *
   * @param life the node id of the server's process that took the batch, or {@link #UNKNOWN_LIFE}
   */
  private void pinUntilHeld(List<Pending> batch, long transfer, UUID life) {
    List<Ref<?>> carried = new ArrayList<>();
    for (Pending p : batch) carried.addAll(p.carried());
    if (carried.isEmpty()) return;
    try {
      session.runtime().pins().pinUntilTransferred(server.address(), transfer, carried);
    } catch (GridException full) {
      return; // past the pin limit: the server's holds, sent meanwhile, keep them or they fail as
      // NOT_FOUND when used
    }
    synchronized (awaitingHolds) {
      if (awaitingHolds.isEmpty()) silentSinceNanos = session.runtime().ticker().nanoTime();
      awaitingHolds.put(transfer, life);
    }
    askLater(FIRST_ASK_MILLIS);
  }

  /** Asks the server about {@link #awaitingHolds} after {@code pauseMillis}, unless a question is on its way. */
  private void askLater(long pauseMillis) {
    if (!asking.compareAndSet(false, true)) return;
    long next = Math.min(2 * pauseMillis, MAX_ASK_MILLIS);
    try {
      session
          .runtime()
          .timer()
          .schedule(
              () -> {
                try {
                  session.runtime().io().execute(() -> askAwaitingHolds(next));
                } catch (GridException full) { // the I/O pool is full, or the Grid closing
                  asking.set(false);
                  if (!session.closed()) askLater(next);
                }
              },
              pauseMillis,
              TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException closed) {
      asking.set(false); // the Grid is closed: its pins go with it
    }
  }

  /**
   * Asks the server which of {@link #awaitingHolds} it still waits for, and unpins the others; asks again after
   * {@code nextPauseMillis} while any is left. A failed question changes nothing, unless the server has been silent for
   * one {@code referenceTransit} (on the Grid's ticker) or refused twice in a row: then they all end.
   */
  private void askAwaitingHolds(long nextPauseMillis) {
    TransitPins pins = session.runtime().pins();
    List<Long> asked = new ArrayList<>();
    for (Long t : awaitingHolds.keySet()) {
      if (!pins.pinning(t)) awaitingHolds.remove(t); // ended otherwise (the Grid closing)
      else if (asked.size() < MAX_ASKED) asked.add(t);
    }
    if (!asked.isEmpty()) {
      try {
        Set<Long> held = new HashSet<>(asked);
        held.removeAll(node().awaitingHolds(session.holder(), asked));
        silentSinceNanos = session.runtime().ticker().nanoTime();
        refusedQuestions = 0;
        pins.transferred(held);
        held.forEach(awaitingHolds::remove);
      } catch (GridException e) {
        // unreachable: asked again, for one transit time at most; refused again and again: the
        // process that was to hold them is gone
        refusedQuestions = NodeClient.connectionRefused(e) ? refusedQuestions + 1 : 0;
        long silent = session.runtime().ticker().nanoTime() - silentSinceNanos;
        if (refusedQuestions >= REFUSALS_FOR_GONE
            || silent >= session.runtime().settings().referenceTransit().toNanos())
          endAwaitingHolds(life -> true);
      }
    }
    asking.set(false);
    if (!awaitingHolds.isEmpty()) askLater(nextPauseMillis);
  }

  /**
   * Unpins at once the transfers named by a life of the server (its node id) that {@code gone} says is over: a
   * receipt came from another life at the address, or nothing listens there any more.
   */
  private void endAwaitingHolds(java.util.function.Predicate<UUID> gone) {
    List<Long> ended = new ArrayList<>();
    awaitingHolds.forEach((t, life) -> {
      if (gone.test(life) && awaitingHolds.remove(t, life)) ended.add(t);
    });
    if (!ended.isEmpty()) session.runtime().pins().transferred(ended);
  }

  /**
   * Sends this Grid's introduction in a batch of no calls, unless the server has it already: a server probes its links
   * only to peers a Grid introduced to it (see {@code KnownPeers}), so a link probe introduces first. Blocks, bounded
   * by the call timeout.
   *
   * @throws GridException as a batch's submit does (UNAVAILABLE, PERMISSION_DENIED, ...)
   */
  void introduce() {
    Introduction introduction = introduction();
    if (introduction == null) return;
    BatchReceipt receipt = node()
        .submit(session.holder(), session.runtime().pins().newTransfer(), introduction, List.of());
    acknowledged(introduction, receipt.node());
  }

  /**
   * Who this Grid is to the server, when that changed since the last batch (the first batch, a put that started this
   * Grid's node, servers that came or went); else null. Lets the server fetch from this Grid's node and, where
   * nothing else vouches, from the Grid's other servers (see KnownPeers).
   */
  private Introduction introduction() {
    var home = session.homeIfStarted();
    Introduction now = new Introduction(
        home == null ? null : home.address(),
        session.servers().stream().map(ServerInfo::address).toList());
    return now.equals(introduced) ? null : now;
  }

  /**
   * The server accepted a batch: if it carried an introduction, the server has it now; if the server's node id changed
   * since it accepted the last one, it is a new process that has none, and the next batch carries it again.
   */
  private void acknowledged(Introduction sent, java.util.UUID server) {
    if (sent != null) {
      introduced = sent;
      introducedTo = server;
    } else if (server != null && !server.equals(introducedTo)) {
      introduced = null;
      introducedTo = null;
      pushed.clear(); // nor has it the values pushed to the process before: they go again
    }
  }

  /**
   * Releases values on the server. Releases made while one is on its way go together in the next message, so a
   * client that releases after every call (or whose references are collected one by one) sends one release per round
   * trip, not one per value.
   */
  void release(List<Release> rs) {
    for (Release r : rs) pushed.remove(r.id());
    link.release(rs);
  }

  /** Stops renewing and releases everything the client holds here. */
  void close() {
    link.close();
  }
}
