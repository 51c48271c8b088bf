package org.gridrmi.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.cost.LinkLearner;
import org.gridrmi.runtime.net.TransportMetrics;
import org.gridrmi.runtime.transport.Caller;
import org.gridrmi.runtime.transport.JvmNodes;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.NodeService;
import org.gridrmi.runtime.transport.Operation;
import org.gridrmi.runtime.transport.Transport;
import org.gridrmi.runtime.wire.ValueIds;

/**
 * The world of a {@link LifetimeSimulation}: simulated time, the tasks and timers of every node, and the network
 * between them, all on one thread and decided by one seeded random, so that a seed replays exactly.
 *
 * <ul>
 *   <li><b>Time</b> is a {@link ManualTicker} that moves only in {@link #advance}; each node's timer ({@link Timer}) is
 *       a queue of tasks due on it, run in the order of their due time (ties: the order they were scheduled).
 *   <li><b>Tasks</b> a node hands its pools ({@link NodeRuntime#io()}, fetches) wait in one list until
 *       the simulation runs one of them ({@link #runReady}), in any order it chooses: as threads of a pool would.
 *   <li><b>The network</b>: a call from one node to another ({@link Node#client}) is delivered to the callee's
 *       {@link NodeService} within the caller's task, or fails as a real one would: lost (UNAVAILABLE), its answer lost
 *       after it ran (DEADLINE_EXCEEDED), delayed past the caller's timeout and delivered later (DEADLINE_EXCEEDED now,
 *       run later, perhaps after newer calls: reordered), delivered twice, refused by a partition of the pair
 *       (UNAVAILABLE), timed out on a stalled node (and run when the stall ends), or refused by a node that is down.
 *       Messages on their way to a node die with it (a connection does not outlive its process).
 * </ul>
 */
final class SimWorld {
  /** Prints every event to standard error (-Dgridrmi.simulation.trace=true), to follow a seed's replay. */
  private static final boolean TRACE = Boolean.getBoolean("gridrmi.simulation.trace");

  final ManualTicker ticker = new ManualTicker();
  final SplittableRandom random;
  private final PriorityQueue<Timed> timed = new PriorityQueue<>(
      (a, b) -> a.due != b.due ? Long.compare(a.due, b.due) : Long.compare(a.seq, b.seq));
  private final List<Ready> ready = new ArrayList<>();
  private final Map<String, Node> running = new HashMap<>();
  private final Map<String, Long> partitionedUntil = new HashMap<>();
  private final List<String> events = new ArrayList<>();
  /** Per holder and owner ("holder>owner"), when a call that keeps a lease there (a renewal, hold, batch) last arrived. */
  private final Map<String, Long> leaseNews = new HashMap<>();
  /** Per holder and owner, when the last silence longer than a lease between them ended. */
  private final Map<String, Long> cutOffUntil = new HashMap<>();

  private long seq;
  private long traceHash = 17;
  private long messages;

  /** The lease of every node (ms): a holder whose calls miss an owner for longer may lose what it held there. */
  long leaseMillis = Long.MAX_VALUE;

  /** The odds of each fault on one call (drawn per seed; zero while the world heals). */
  double dropRate;

  double lostAnswerRate;
  double delayRate;
  double duplicateRate;
  /** The longest a delayed message waits, in ms. */
  long maxDelayMillis;

  SimWorld(long seed) {
    this.random = new SplittableRandom(seed);
  }

  long nowMillis() {
    return ticker.millis();
  }

  /** A new id, from the seed. */
  UUID newId() {
    return new UUID(random.nextLong(), random.nextLong());
  }

  /** Records an event: the last ones are printed with a violation, and all of them make the trace's hash. */
  void event(String what) {
    String e = "t=" + nowMillis() + "ms " + what;
    traceHash = traceHash * 31 + e.hashCode();
    events.add(e);
    if (TRACE) System.err.println(e);
    if (events.size() > 64) events.subList(0, 32).clear();
  }

  /** The last events, oldest first (at most {@code n}). */
  List<String> lastEvents(int n) {
    return List.copyOf(events.subList(Math.max(0, events.size() - n), events.size()));
  }

  /** A hash of every event so far: two runs of one seed have the same one. */
  long traceHash() {
    return traceHash;
  }

  /**
   * When a renewal, hold or batch of the node at {@code holder} last arrived at the node at {@code owner} (ms), or
   * {@link Long#MIN_VALUE} if none did.
   */
  long lastLeaseNews(String holder, String owner) {
    return leaseNews.getOrDefault(holder + ">" + owner, Long.MIN_VALUE);
  }

  /**
   * When the last time the node at {@code owner} heard nothing that keeps a lease from the node at {@code holder} for
   * longer than a lease ended (ms), or {@link Long#MIN_VALUE}.
   */
  long cutOffUntil(String holder, String owner) {
    return cutOffUntil.getOrDefault(holder + ">" + owner, Long.MIN_VALUE);
  }

  /** Calls made between nodes so far. */
  long messages() {
    return messages;
  }

  // ---- nodes ----

  /** One life of a node at an address: a restart at the same address is a new one. */
  final class Node {
    final String address;
    final int generation;
    boolean dead;
    long stalledUntilNanos;
    NodeService service;
    LocalNode local;
    final Timer timer = new Timer(this);
    final Executor tasks = task -> {
      if (dead) throw new GridException(Status.CANCELLED, "the pools of " + this + " are closed");
      ready.add(new Ready(this, task));
    };
    final Transport transport = new SimTransport(this);

    Node(String address, int generation) {
      this.address = address;
      this.generation = generation;
    }

    boolean stalled() {
      return stalledUntilNanos > ticker.nanoTime();
    }

    /** This node's view of the node at {@code to}: every operation is a call through {@link #call}. */
    NodeClient client(String to) {
      return Operation.client(to, (op, args, callerNanos) -> {
        String name = op.method().getName();
        String what =
            op == Operation.FETCH ? name + " " + ValueIds.shortForm((UUID) args[0]) : name;
        return call(this, to, what, n -> op.serve(n.service, args));
      });
    }

    @Override
    public String toString() {
      return address + "#" + generation;
    }
  }

  Node node(String address, int generation) {
    return new Node(address, generation);
  }

  /** The node running at {@code address} now, or null. */
  Node running(String address) {
    Node n = running.get(address);
    return n == null || n.dead ? null : n;
  }

  /** The node dies: its tasks, timers and the messages on their way to it are dropped. */
  void crash(Node n) {
    n.dead = true;
    running.remove(n.address, n);
    event("crash " + n);
  }

  // ---- tasks and time ----

  /** Tasks waiting for a thread of a node that is not stalled. */
  int runnable() {
    int n = 0;
    for (Ready r : ready) if (!r.node.stalled()) n++;
    return n;
  }

  /** Runs one task waiting for a thread, chosen by the seed (tasks of dead nodes are dropped); false if none. */
  boolean runReady() {
    ready.removeIf(r -> r.node.dead);
    List<Integer> candidates = new ArrayList<>();
    for (int i = 0; i < ready.size(); i++) if (!ready.get(i).node.stalled()) candidates.add(i);
    if (candidates.isEmpty()) return false;
    Ready r = ready.remove((int) candidates.get(random.nextInt(candidates.size())));
    run(r.node, r.task, "task");
    return true;
  }

  /** Moves time forward by {@code millis}, running every timer due meanwhile, in order. */
  void advance(long millis) {
    long target = ticker.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    while (!timed.isEmpty() && timed.peek().due <= target) {
      Timed t = timed.poll();
      if (t.due > ticker.nanoTime())
        ticker.advance(java.time.Duration.ofNanos(t.due - ticker.nanoTime()));
      if (t.cancelled || t.node.dead || t.timer.shut) continue;
      if (t.node.stalled()) { // a stalled JVM runs nothing: the task runs when the stall ends
        t.due = t.node.stalledUntilNanos;
        t.seq = seq++;
        timed.add(t);
        continue;
      }
      if (t.periodNanos > 0) {
        t.due = ticker.nanoTime() + t.periodNanos;
        t.seq = seq++;
        timed.add(t);
      } else {
        t.timer.count--;
        t.done = true;
      }
      run(t.node, t.task, "timer");
      // a pool's threads take what the timer handed them within microseconds, before the clock
      // moves on
      for (int k = 0; k < 10_000 && runReady(); k++) {}
    }
    if (target > ticker.nanoTime())
      ticker.advance(java.time.Duration.ofNanos(target - ticker.nanoTime()));
  }

  private void run(Node n, Runnable task, String what) {
    try {
      task.run();
    } catch (RuntimeException e) {
      // a pool's thread or the timer would log it and go on; the simulation records it
      event(what + " of " + n + " threw " + e);
    }
  }

  private Timed schedule(Node n, Timer timer, Runnable task, long delayNanos, long periodNanos) {
    Timed t =
        new Timed(n, timer, task, ticker.nanoTime() + Math.max(0, delayNanos), seq++, periodNanos);
    timed.add(t);
    timer.count++;
    return t;
  }

  /** What a node's timer holds. */
  private final class Timed implements ScheduledFuture<Object> {
    final Node node;
    final Timer timer;
    final Runnable task;
    final long periodNanos;
    long due;
    long seq;
    boolean cancelled;
    boolean done;

    Timed(Node node, Timer timer, Runnable task, long due, long seq, long periodNanos) {
      this.node = node;
      this.timer = timer;
      this.task = task;
      this.due = due;
      this.seq = seq;
      this.periodNanos = periodNanos;
    }

    @Override
    public int compareTo(Delayed o) {
      return Long.compare(getDelay(TimeUnit.NANOSECONDS), o.getDelay(TimeUnit.NANOSECONDS));
    }

    @Override
    public long getDelay(TimeUnit unit) {
      return unit.convert(due - ticker.nanoTime(), TimeUnit.NANOSECONDS);
    }

    @Override
    public boolean cancel(boolean mayInterrupt) {
      if (cancelled || done) return false;
      cancelled = true;
      timer.count--;
      return true;
    }

    @Override
    public boolean isCancelled() {
      return cancelled;
    }

    @Override
    public boolean isDone() {
      return done || cancelled;
    }

    @Override
    public Object get() {
      throw new UnsupportedOperationException("a simulated timer's task is never waited for");
    }

    @Override
    public Object get(long timeout, TimeUnit unit) {
      throw new UnsupportedOperationException("a simulated timer's task is never waited for");
    }
  }

  private record Ready(Node node, Runnable task) {}

  /**
   * A node's timer on simulated time: what {@link NodeRuntime#timer()} is in a simulation. Tasks run when
   * {@link #advance} reaches them; after a shutdown, scheduling is refused as a closed executor refuses it.
   */
  final class Timer extends AbstractExecutorService implements ScheduledExecutorService {
    private final Node node;
    private boolean shut;
    private int count;

    Timer(Node node) {
      this.node = node;
    }

    /** Tasks waiting on this timer. */
    int tasks() {
      return count;
    }

    private void checkOpen() {
      if (shut || node.dead)
        throw new RejectedExecutionException("the timer of " + node + " is shut");
    }

    @Override
    public ScheduledFuture<?> schedule(Runnable task, long delay, TimeUnit unit) {
      checkOpen();
      return SimWorld.this.schedule(node, this, task, unit.toNanos(delay), 0);
    }

    @Override
    @SuppressWarnings("unchecked") // its get() is never called: no V is ever returned
    public <V> ScheduledFuture<V> schedule(Callable<V> task, long delay, TimeUnit unit) {
      return (ScheduledFuture<V>) schedule(
          () -> {
            try {
              task.call();
            } catch (Exception e) {
              throw new IllegalStateException(e);
            }
          },
          delay,
          unit);
    }

    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(
        Runnable task, long initialDelay, long period, TimeUnit unit) {
      return scheduleWithFixedDelay(task, initialDelay, period, unit);
    }

    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(
        Runnable task, long initialDelay, long delay, TimeUnit unit) {
      checkOpen();
      return SimWorld.this.schedule(
          node, this, task, unit.toNanos(initialDelay), Math.max(1, unit.toNanos(delay)));
    }

    @Override
    public void execute(Runnable task) {
      schedule(task, 0, TimeUnit.NANOSECONDS);
    }

    @Override
    public void shutdown() {
      shut = true;
    }

    @Override
    public List<Runnable> shutdownNow() {
      shut = true;
      return List.of();
    }

    @Override
    public boolean isShutdown() {
      return shut;
    }

    @Override
    public boolean isTerminated() {
      return shut;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
      return shut;
    }
  }

  // ---- the network ----

  /** Calls between {@code a} and {@code b} fail as UNAVAILABLE for {@code millis}. */
  void partition(String a, String b, long millis) {
    partitionedUntil.put(pair(a, b), ticker.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis));
    event("partition " + a + " | " + b + " for " + millis + "ms");
  }

  /** Every partition ends and no call fails any more (the world heals before its final checks). */
  void heal() {
    partitionedUntil.clear();
    dropRate = lostAnswerRate = delayRate = duplicateRate = 0;
    for (Node n : running.values()) n.stalledUntilNanos = 0;
    event("heal");
  }

  private static String pair(String a, String b) {
    return a.compareTo(b) < 0 ? a + "|" + b : b + "|" + a;
  }

  /** Delivers a call from {@code from} to the node at {@code to}, with the faults the seed chooses. */
  <T> T call(Node from, String to, String what, Function<Node, T> body) {
    if (from.dead) throw new GridException(Status.CANCELLED, from + " is down");
    messages++;
    Node target = running(to);
    String desc = what + " " + from.address + "->" + to;
    if (target == null) {
      event(desc + ": refused, nobody runs there");
      throw new GridException(Status.UNAVAILABLE, "nothing runs at " + to + " (simulated)");
    }
    Long cut = partitionedUntil.get(pair(from.address, to));
    if (cut != null && cut > ticker.nanoTime()) {
      event(desc + ": partitioned");
      throw new GridException(Status.UNAVAILABLE, from.address + " and " + to + " are partitioned");
    }
    if (target.stalled()) {
      later(from, target, target.stalledUntilNanos - ticker.nanoTime(), what, desc, body);
      event(desc + ": timed out on a stalled node, runs when it resumes");
      throw new GridException(Status.DEADLINE_EXCEEDED, to + " did not answer (stalled)");
    }
    double x = random.nextDouble();
    if (x < dropRate) {
      event(desc + ": lost");
      throw new GridException(Status.UNAVAILABLE, "the call to " + to + " was lost (simulated)");
    }
    x -= dropRate;
    if (x < delayRate) {
      long delay = TimeUnit.MILLISECONDS.toNanos(1 + random.nextLong(Math.max(1, maxDelayMillis)));
      later(from, target, delay, what, desc, body);
      event(desc + ": delayed " + delay / 1_000_000 + "ms past the caller's timeout");
      throw new GridException(Status.DEADLINE_EXCEEDED, to + " did not answer in time (simulated)");
    }
    x -= delayRate;
    if (x < duplicateRate) {
      long delay = TimeUnit.MILLISECONDS.toNanos(1 + random.nextLong(Math.max(1, maxDelayMillis)));
      later(from, target, delay, what, desc + " (its duplicate)", body);
      event(desc + ": duplicated");
      return deliver(from, target, what, body);
    }
    x -= duplicateRate;
    if (x < lostAnswerRate) {
      event(desc + ": ran, its answer lost");
      try {
        deliver(from, target, what, body);
      } catch (RuntimeException ignored) {
        // nobody hears it
      }
      throw new GridException(Status.DEADLINE_EXCEEDED, to + " did not answer in time (simulated)");
    }
    event(desc);
    return deliver(from, target, what, body);
  }

  private <T> T deliver(Node from, Node target, String what, Function<Node, T> body) {
    if (what.startsWith("renew")
        || what.startsWith("hold")
        || what.startsWith("submit")
        || what.startsWith("put")) {
      String pair = from.address + ">" + target.address;
      Long last = leaseNews.put(pair, nowMillis());
      if (last != null && nowMillis() - last > leaseMillis) cutOffUntil.put(pair, nowMillis());
    }
    return Caller.serving(new Caller(from.address, null), () -> body.apply(target));
  }

  /** Runs a call at {@code target} later (nobody waits for its answer); it dies with the target. */
  private <T> void later(
      Node from, Node target, long delayNanos, String what, String desc, Function<Node, T> body) {
    schedule(
        target,
        target.timer,
        () -> {
          event("late " + desc + " arrives");
          try {
            deliver(from, target, what, body);
          } catch (RuntimeException ignored) {
            // its caller gave up long ago
          }
        },
        delayNanos,
        0);
  }

  /** A node's transport: it exports the node's service at its address and reaches the others through the world. */
  private final class SimTransport implements Transport {
    private final Node node;
    private final LinkLearner costs = new LinkLearner();

    SimTransport(Node node) {
      this.node = node;
    }

    @Override
    public Exported export(String name, String host, int port, NodeService service) {
      node.service = service;
      running.put(node.address, node);
      return new Exported() {
        @Override
        public String address() {
          return node.address;
        }

        @Override
        public void close() {
          running.remove(node.address, node);
        }
      };
    }

    @Override
    public NodeClient client(String address) {
      return node.client(address);
    }

    @Override
    public void forget(String address) {}

    @Override
    public JvmNodes jvmNodes() {
      return JvmNodes.NONE;
    }

    @Override
    public boolean tls() {
      return false;
    }

    @Override
    public String describe() {
      return "a simulated network";
    }

    @Override
    public LinkLearner linkCosts() {
      return costs;
    }

    @Override
    public TransportMetrics.Snapshot traffic() {
      return TransportMetrics.Snapshot.EMPTY;
    }

    @Override
    public void close() {}
  }
}
