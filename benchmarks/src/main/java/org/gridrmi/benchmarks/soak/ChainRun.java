package org.gridrmi.benchmarks.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.gridrmi.client.CallOptions;
import org.gridrmi.client.Grid;
import org.gridrmi.client.GridScope;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;

/**
 * The client side of the soak and chaos benchmarks: client threads share a number of chains, each
 * {@code consume(transform(produce()))} over up to three different servers, every call with a deadline and a share of
 * them {@code @Idempotent}. A chain ends as exactly one {@link Outcome}: done (the right result), failed (by status, or
 * WRONG_RESULT), or lost: its {@code get()} (with no timeout of its own: the call's deadline must bound it) had not
 * returned by the deadline plus a generous watchdog, which interrupts it; a thread that does not even return then is
 * given up and its chain counted lost, so no fault can hang the run.
 */
public final class ChainRun implements AutoCloseable {
  /**
   * How one chain ended.
   *
   * @param idempotent which stages were {@code @Idempotent} calls, bit i for stage i
   * @param detail why it failed: the message of the exception its {@code get()} threw; empty if done
   */
  public record Outcome(
      long token,
      int client,
      long startNanos,
      long latencyNanos,
      String outcome,
      String route,
      int idempotent,
      String detail) {
    public boolean done() {
      return outcome.equals(DONE);
    }

    public boolean lost() {
      return outcome.equals(LOST);
    }
  }

  /**
   * What every chain does.
   *
   * @param size bytes each chain moves from server to server
   * @param millis compute time of produce and transform
   * @param deadline the deadline of each call, from the moment the chain is made
   * @param watchdog how long past the deadline a {@code get()} may take before its chain counts as lost
   * @param idempotentShare the share of calls made to the {@code @Idempotent} variant of their stage
   */
  public record Workload(
      int size, int millis, Duration deadline, Duration watchdog, double idempotentShare) {}

  public static final String DONE = "DONE";
  public static final String LOST = "LOST";
  private static final String GAVE_UP =
      "get() did not return even when interrupted: its thread was given up";
  /** How long a thread interrupted by the watchdog may take to return before it is given up. */
  private static final long GIVE_UP_MILLIS = 5_000;

  private final List<ServerInfo> servers;
  private final Workload work;
  private final Set<String> dead = ConcurrentHashMap.newKeySet();
  private final ConcurrentLinkedQueue<Outcome> outcomes = new ConcurrentLinkedQueue<>();
  private final AtomicInteger next = new AtomicInteger();
  private final AtomicInteger finished = new AtomicInteger();
  private final AtomicBoolean halfTriggered = new AtomicBoolean();
  private final ScheduledExecutorService watchdog =
      Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "chain-watchdog");
        t.setDaemon(true);
        return t;
      });
  private volatile Runnable atHalf = () -> {};
  private long t0 = System.nanoTime();

  public ChainRun(List<ServerInfo> servers, Workload work) {
    this.servers = List.copyOf(servers);
    this.work = work;
  }

  /** Runs once, on its own thread, when half of the chains have ended (the soak's kill). */
  public void atHalf(Runnable r) {
    atHalf = r;
  }

  /** Stops routing new chains to this server (what a lookup service would tell the clients). */
  public void markDead(String address) {
    dead.add(address);
  }

  /**
   * Runs {@code chains} chains on {@code clients} threads, client {@code c} on {@code gridOf.apply(c)}; returns one
   * outcome per chain, those of chains never started (every client given up) as lost.
   *
   * @param span spread the starts of the chains evenly over this time (zero: each client starts its next chain as
   *     soon as the last ended), so that a fault striking at a given second meets chains in flight
   */
  public List<Outcome> run(
      IntFunction<Grid> gridOf, int clients, int chains, long firstToken, Duration span)
      throws InterruptedException {
    t0 = System.nanoTime();
    next.set(0);
    finished.set(0);
    outcomes.clear();
    AtomicInteger active = new AtomicInteger(clients);
    List<Thread> threads = new ArrayList<>();
    for (int c = 0; c < clients; c++) {
      int client = c;
      Grid grid = gridOf.apply(c);
      AtomicBoolean gone = new AtomicBoolean();
      Runnable leave = () -> {
        if (gone.compareAndSet(false, true)) {
          synchronized (active) {
            active.decrementAndGet();
            active.notifyAll();
          }
        }
      };
      Thread t = new Thread(
          () -> {
            try {
              clientLoop(grid, client, chains, firstToken, span, leave);
            } finally {
              leave.run();
            }
          },
          "chain-client-" + c);
      t.setDaemon(true); // a thread the watchdog gave up on must not keep the JVM alive
      threads.add(t);
    }
    threads.forEach(Thread::start);
    synchronized (active) {
      while (active.get() > 0) active.wait(100);
    }
    List<Outcome> all = new ArrayList<>(outcomes);
    for (int i = Math.min(next.get(), chains);
        i < chains;
        i++) { // never started: every client was given up
      all.add(new Outcome(
          firstToken + i, -1, 0, 0, LOST, "-", 0, "never started: every client was given up"));
    }
    return all;
  }

  public long startNanos() {
    return t0;
  }

  private void clientLoop(
      Grid grid, int client, int chains, long firstToken, Duration span, Runnable giveUp) {
    Map<String, SoakOpsAsync> views = new HashMap<>();
    for (int i; (i = next.getAndIncrement()) < chains; ) {
      long due = t0 + span.toNanos() * i / chains;
      long wait = due - System.nanoTime();
      if (wait > 0) {
        try {
          TimeUnit.NANOSECONDS.sleep(wait);
        } catch (InterruptedException e) {
          // only the watchdog interrupts these threads, and only in a get(): a late one; the chain
          // starts now
        }
      }
      Outcome o = chain(grid, views, client, firstToken + i, giveUp);
      if (o == null) return; // given up by the watchdog, which counted the chain lost
      outcomes.add(o);
      if (finished.incrementAndGet() == chains / 2 && halfTriggered.compareAndSet(false, true)) {
        Thread t = new Thread(atHalf, "chain-at-half");
        t.setDaemon(true);
        t.start();
      }
    }
  }

  /** One chain, start to end, outside {@link #run} (a warm-up); never throws. */
  public Outcome chain(Grid grid, Map<String, SoakOpsAsync> views, int client, long token) {
    Outcome o = chain(grid, views, client, token, () -> {});
    return o != null
        ? o
        : new Outcome(token, client, 0, 0, LOST, "-", idempotentStages(token), GAVE_UP);
  }

  /**
   * One chain; never throws. Null if the watchdog gave its thread up (it recorded the chain lost and ran
   * {@code giveUp}).
   */
  private Outcome chain(
      Grid grid, Map<String, SoakOpsAsync> views, int client, long token, Runnable giveUp) {
    List<ServerInfo> route = route();
    String names =
        route.get(0).name() + ">" + route.get(1).name() + ">" + route.get(2).name();
    int idempotent = idempotentStages(token);
    long start = System.nanoTime();
    Thread self = Thread.currentThread();
    AtomicBoolean ended = new AtomicBoolean();
    AtomicBoolean tripped = new AtomicBoolean();
    long bound = work.deadline().plus(work.watchdog()).toMillis();
    var interrupt = watchdog.schedule(
        () -> {
          if (ended.get()) return;
          tripped.set(true);
          self.interrupt();
          watchdog.schedule(
              () -> { // not even the interrupt made get() return: give the thread up
                if (ended.compareAndSet(false, true)) {
                  outcomes.add(new Outcome(
                      token,
                      client,
                      start - t0,
                      System.nanoTime() - start,
                      LOST,
                      names,
                      idempotent,
                      GAVE_UP));
                  giveUp.run();
                }
              },
              GIVE_UP_MILLIS,
              TimeUnit.MILLISECONDS);
        },
        bound,
        TimeUnit.MILLISECONDS);
    String outcome;
    String detail = "";
    try (GridScope scope = grid.scope()) {
      outcome = run(grid, views, route, token, idempotent);
    } catch (GridException e) {
      outcome = tripped.get()
          ? LOST
          : e.status().name(); // the watchdog's interrupt: nobody answered in time
      detail = String.valueOf(e.getMessage());
    } catch (RuntimeException e) {
      outcome = tripped.get() ? LOST : "CLIENT_ERROR:" + e.getClass().getSimpleName();
      detail = String.valueOf(e);
    }
    long latency = System.nanoTime() - start;
    interrupt.cancel(false);
    boolean mine = ended.compareAndSet(false, true);
    Thread.interrupted(); // a watchdog interrupt that came as get() returned must not hit the next
    // chain
    return mine
        ? new Outcome(token, client, start - t0, latency, outcome, names, idempotent, detail)
        : null;
  }

  private String run(
      Grid grid,
      Map<String, SoakOpsAsync> views,
      List<ServerInfo> route,
      long token,
      int idempotent) {
    SoakOpsAsync a = view(grid, route.get(0), views);
    SoakOpsAsync b = view(grid, route.get(1), views);
    SoakOpsAsync c = view(grid, route.get(2), views);
    RemoteReference<byte[]> d = (idempotent & 1) != 0
        ? a.produceIdempotent(token, work.size(), work.millis())
        : a.produce(token, work.size(), work.millis());
    RemoteReference<byte[]> t = (idempotent & 2) != 0
        ? b.transformIdempotent(token, d, work.millis())
        : b.transform(token, d, work.millis());
    RemoteReference<Long> sum =
        (idempotent & 4) != 0 ? c.consumeIdempotent(token, t) : c.consume(token, t);
    long v = sum.get();
    return v == SoakOpsImpl.expected(token, work.size()) ? DONE : "WRONG_RESULT";
  }

  /** Stops the watchdog; chains still running lose theirs. */
  @Override
  public void close() {
    watchdog.shutdownNow();
  }

  /** Which stages of chain {@code token} call the idempotent variant: the same for a token in every run. */
  int idempotentStages(long token) {
    SplittableRandom r = new SplittableRandom(token * 0x9E3779B97F4A7C15L);
    int mask = 0;
    for (int stage = 0; stage < 3; stage++)
      if (r.nextDouble() < work.idempotentShare()) mask |= 1 << stage;
    return mask;
  }

  private SoakOpsAsync view(Grid grid, ServerInfo s, Map<String, SoakOpsAsync> views) {
    return views.computeIfAbsent(
        s.address(),
        a -> grid.async(SoakOpsAsync.class, CallOptions.on(s).withDeadline(work.deadline())));
  }

  /** Three servers for produce, transform, consume: all different while three are alive. */
  private List<ServerInfo> route() {
    List<ServerInfo> alive = new ArrayList<>(
        servers.stream().filter(s -> !dead.contains(s.address())).toList());
    if (alive.isEmpty())
      alive = new ArrayList<>(servers); // all marked dead: try anyway, the chain will say why
    Collections.shuffle(alive, ThreadLocalRandom.current());
    ServerInfo a = alive.get(0);
    ServerInfo b = alive.size() > 1 ? alive.get(1) : a;
    ServerInfo c = alive.size() > 2 ? alive.get(2) : a;
    return List.of(a, b, c);
  }
}
