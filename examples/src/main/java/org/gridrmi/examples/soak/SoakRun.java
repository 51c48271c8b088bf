package org.gridrmi.examples.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.gridrmi.client.CallOptions;
import org.gridrmi.client.Grid;
import org.gridrmi.client.GridScope;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;

/**
 * The client side of the soak: N threads share a total of {@code chains} chains, each
 * {@code consume(transform(produce()))} over up to three different servers, each waited for with
 * {@code get(deadline + grace)} so that no chain can hang the run. A chain ends as exactly one of: done (the
 * right result), failed (a GridException, by status, or WRONG_RESULT), or lost (no answer within its deadline
 * plus grace, which GridRMI promises never happens).
 */
public final class SoakRun {
  /** How one chain ended. */
  public record Outcome(long token, int client, long startNanos, long latencyNanos, String outcome, String route) {}

  private final Grid grid;
  private final List<ServerInfo> servers;
  private final int size;
  private final int millis;
  private final Duration callDeadline;
  private final Duration grace;
  private final Set<String> dead = ConcurrentHashMap.newKeySet();
  private final ConcurrentLinkedQueue<Outcome> outcomes = new ConcurrentLinkedQueue<>();
  private final AtomicInteger next = new AtomicInteger();
  private final AtomicInteger finished = new AtomicInteger();
  private final AtomicBoolean killTriggered = new AtomicBoolean();
  private volatile Runnable atHalf = () -> { };
  private long t0;

  public SoakRun(Grid grid, List<ServerInfo> servers, int size, int millis, Duration callDeadline, Duration grace) {
    this.grid = grid;
    this.servers = List.copyOf(servers);
    this.size = size;
    this.millis = millis;
    this.callDeadline = callDeadline;
    this.grace = grace;
  }

  /** Runs once, on its own thread, when half of the chains have ended (the kill). */
  public void atHalf(Runnable r) {
    atHalf = r;
  }

  /** Stops routing new chains to this server (what a lookup service would tell a client). */
  public void markDead(String address) {
    dead.add(address);
  }

  public Set<String> dead() { return dead; }

  /** Runs {@code chains} chains on {@code clients} threads; returns every outcome (one per chain). */
  public List<Outcome> run(int clients, int chains, long firstToken) throws InterruptedException {
    t0 = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    for (int c = 0; c < clients; c++) {
      int client = c;
      pool.execute(() -> clientLoop(client, chains, firstToken));
    }
    pool.shutdown();
    Duration bound = callDeadline.plus(grace).multipliedBy(chains);
    if (!pool.awaitTermination(bound.toMillis(), TimeUnit.MILLISECONDS)) {
      pool.shutdownNow(); // cannot happen while every get has a deadline; keeps a broken run from hanging
    }
    return new ArrayList<>(outcomes);
  }

  public long startNanos() { return t0; }

  public Grid grid() { return grid; }

  private void clientLoop(int client, int chains, long firstToken) {
    Map<String, SoakOpsAsync> views = new HashMap<>();
    for (int i; (i = next.getAndIncrement()) < chains; ) {
      outcomes.add(chain(client, firstToken + i, views));
      if (finished.incrementAndGet() == chains / 2 && killTriggered.compareAndSet(false, true)) {
        Thread t = new Thread(atHalf, "soak-kill");
        t.setDaemon(true);
        t.start();
      }
    }
  }

  /** One chain, start to end; never throws. */
  public Outcome chain(int client, long token, Map<String, SoakOpsAsync> views) {
    List<ServerInfo> route = route();
    String names = route.get(0).name() + ">" + route.get(1).name() + ">" + route.get(2).name();
    long start = System.nanoTime();
    Duration wait = callDeadline.plus(grace);
    String outcome;
    try (GridScope scope = grid.scope()) {
      RemoteReference<byte[]> d = view(route.get(0), views).produce(token, size, millis);
      RemoteReference<byte[]> t = view(route.get(1), views).transform(token, d, millis);
      RemoteReference<Long> sum = view(route.get(2), views).consume(token, t);
      long v = sum.get(wait);
      outcome = v == SoakOpsImpl.expected(token, size) ? "DONE" : "WRONG_RESULT";
    } catch (GridException e) {
      long elapsed = System.nanoTime() - start;
      if (e.status() == Status.DEADLINE_EXCEEDED && elapsed >= wait.toNanos()) {
        outcome = "LOST"; // the client's own wait ran out: nobody answered, not even with a failure
      } else {
        outcome = e.status().name();
        if (e.status() == Status.UNAVAILABLE) {
          for (ServerInfo s : servers) if (String.valueOf(e.getMessage()).contains(s.address())) dead.add(s.address());
        }
      }
    } catch (RuntimeException e) {
      outcome = "CLIENT_ERROR:" + e.getClass().getSimpleName();
    }
    return new Outcome(token, client, start - t0, System.nanoTime() - start, outcome, names);
  }

  private SoakOpsAsync view(ServerInfo s, Map<String, SoakOpsAsync> views) {
    return views.computeIfAbsent(s.address(),
        a -> grid.async(SoakOpsAsync.class, CallOptions.on(s).withDeadline(callDeadline)));
  }

  /** Three servers for produce, transform, consume: all different while three are alive. */
  private List<ServerInfo> route() {
    List<ServerInfo> alive = new ArrayList<>(servers.stream().filter(s -> !dead.contains(s.address())).toList());
    if (alive.isEmpty()) alive = new ArrayList<>(servers); // all marked dead: try anyway, the chain will say why
    Collections.shuffle(alive, ThreadLocalRandom.current());
    ServerInfo a = alive.get(0);
    ServerInfo b = alive.size() > 1 ? alive.get(1) : a;
    ServerInfo c = alive.size() > 2 ? alive.get(2) : a;
    return List.of(a, b, c);
  }
}
