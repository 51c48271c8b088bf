package org.gridrmi.benchmarks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.gridrmi.benchmarks.soak.ChainRun;
import org.gridrmi.cli.ledger.Ledgers;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;

/**
 * One phase of the chaos benchmark: the servers set up as the fault needs, a warm-up, then fresh client Grids run
 * their chains while the fault strikes (and heals); then every client closes, and a fresh Grid reads what was left
 * on the servers the fault did not strike, and the ledgers say which calls ran twice.
 */
final class ChaosPhase {
  /** How long a client's {@code close()} may take before it counts as hung. */
  static final Duration CLOSE_BOUND = Duration.ofSeconds(30);
  /** How long releases in flight may take to land before what is left counts as leaked; no lease is waited for. */
  static final Duration SETTLE = Duration.ofSeconds(5);
  /** Tokens of phase i are i * TOKENS + 1, ...; those of its warm-up -(i + 1) * TOKENS, ... */
  static final long TOKENS = 1_000_000_000L;

  /**
   * @param servers the server JVMs
   * @param grids a builder with the run's settings (link, TLS) for every Grid the phase makes
   * @param base the run's link profile
   * @param ledgers the servers' ledger directory
   */
  record Setup(
      ChaosServers servers,
      Supplier<Grid.Builder> grids,
      String base,
      Path ledgers,
      ChainRun.Workload work,
      int clients,
      Duration stopFor) {}

  private final Setup setup;

  ChaosPhase(Setup setup) {
    this.setup = setup;
  }

  /** Runs phase number {@code index} (from 1) with {@code fault} and {@code chains} chains. */
  PhaseResult run(int index, ChaosFault fault, int chains) throws InterruptedException {
    ChaosServers servers = setup.servers();
    List<String> names = servers.names();
    List<String> restarted = servers.ensure(n -> fault.serverLink(servers, n, setup.base()));
    String victim = fault.victim(names);
    String clientLink = fault.clientLink(servers, setup.base());
    System.out.printf(
        "%nchaos phase %d, %s: %s%s%n",
        index,
        fault.label(),
        fault.describe(names),
        restarted.isEmpty() ? "" : " (started " + String.join(", ", restarted) + ")");
    String[] addresses = names.stream().map(servers::address).toArray(String[]::new);
    List<Grid> clients = new ArrayList<>();
    long first = index * TOKENS + 1;
    List<ChainRun.Outcome> outcomes;
    Map<String, Integer> before;
    int hung;
    try {
      for (int c = 0; c < setup.clients(); c++) clients.add(client(clientLink, addresses));
      try (ChainRun run = new ChainRun(clients.get(0).servers(), setup.work())) {
        before = warmUp(index, clients);
        Thread timeline = timeline(fault, victim, run);
        try {
          outcomes =
              run.run(clients::get, setup.clients(), chains, first, fault.span(setup.stopFor()));
        } finally {
          timeline.join(); // the fault has healed before the clients close
        }
      }
    } finally {
      if (fault == ChaosFault.STOP && victim != null)
        servers.resume(victim); // whatever happened above
      hung = closeAll(clients);
    }
    Map<String, Integer> after = values(fault == ChaosFault.KILL ? victim : null, before);
    long leaked = 0;
    for (String n : names) {
      if (n.equals(victim) || !after.containsKey(n)) continue;
      leaked += Math.max(0, after.get(n) - before.getOrDefault(n, 0));
    }
    long onVictim = victim != null && after.containsKey(victim) ? after.get(victim) : -1;
    Ledgers.Tally tally = Ledgers.read(setup.ledgers()).tally(key -> {
      long token = Math.floorDiv(key, 4);
      return token >= first && token < first + chains;
    });
    return new PhaseResult(
        fault,
        fault.describe(names),
        outcomes,
        setup.work().deadline(),
        tally,
        leaked,
        onVictim,
        hung);
  }

  private Grid client(String link, String[] addresses) {
    return setup.grids().get().link(link).servers(addresses).build();
  }

  /**
   * Two chains on each client's Grid at once, before the fault strikes (cold servers and cold code would make the
   * first chains of the phase miss their deadline for reasons no fault caused; those that cross a partition fail
   * anyway), then the values the servers hold.
   */
  private Map<String, Integer> warmUp(int index, List<Grid> clients) throws InterruptedException {
    Map<String, Integer> failed = new TreeMap<>();
    try (ChainRun warm = new ChainRun(clients.get(0).servers(), setup.work())) {
      for (ChainRun.Outcome o : warm.run(
          clients::get, clients.size(), 2 * clients.size(), -(index + 1) * TOKENS, Duration.ZERO)) {
        if (!o.done() && failed.merge(o.outcome(), 1, Integer::sum) == 1) {
          System.out.printf("  warm-up: %s: %s%n", o.outcome(), o.detail());
        }
      }
    }
    if (!failed.isEmpty()) System.out.printf("  warm-up: chains failed %s%n", failed);
    return values(null, Map.of());
  }

  /** Strikes (and heals) the fault at its times, on a thread of its own; returns that thread, started. */
  private Thread timeline(ChaosFault fault, String victim, ChainRun run) {
    long t0 = System.nanoTime();
    Thread t = new Thread(
        () -> {
          try {
            Duration strike = fault.strikeAt();
            if (strike == null) return;
            sleepUntil(t0, strike);
            if (fault == ChaosFault.STOP) {
              setup.servers().stop(victim);
              System.out.printf(
                  "  %.1f s: %s stopped (SIGSTOP, pid %d)%n",
                  secondsSince(t0), victim, setup.servers().process(victim).pid());
              sleepUntil(t0, fault.healAt(setup.stopFor()));
              setup.servers().resume(victim);
              System.out.printf("  %.1f s: %s resumed (SIGCONT)%n", secondsSince(t0), victim);
            } else if (fault == ChaosFault.KILL) {
              long pid = setup.servers().process(victim).pid();
              setup.servers().kill(victim);
              run.markDead(setup
                  .servers()
                  .address(victim)); // what the lookup service would soon tell the clients
              System.out.printf(
                  "  %.1f s: %s killed (kill -9, pid %d)%n", secondsSince(t0), victim, pid);
            }
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        },
        "chaos-timeline");
    t.start();
    return t;
  }

  private static void sleepUntil(long t0, Duration at) throws InterruptedException {
    long wait = t0 + at.toNanos() - System.nanoTime();
    if (wait > 0) TimeUnit.NANOSECONDS.sleep(wait);
  }

  private static double secondsSince(long t0) {
    return (System.nanoTime() - t0) / 1e9;
  }

  /**
   * Closes every client at once, each on a thread of its own (the common pool has one thread on two cores), each
   * bounded; returns how many did not return in time (a hang: a defect).
   */
  private static int closeAll(List<Grid> clients) throws InterruptedException {
    List<CompletableFuture<Void>> closing = new ArrayList<>();
    for (Grid g : clients) {
      CompletableFuture<Void> f = new CompletableFuture<>();
      Thread t = new Thread(
          () -> {
            try {
              g.close();
              f.complete(null);
            } catch (RuntimeException e) {
              f.completeExceptionally(e);
            }
          },
          "chaos-close");
      t.setDaemon(true); // one that hangs must not keep the JVM alive
      t.start();
      closing.add(f);
    }
    int hung = 0;
    long end = System.nanoTime() + CLOSE_BOUND.toNanos();
    for (CompletableFuture<Void> f : closing) {
      try {
        f.get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (java.util.concurrent.TimeoutException e) {
        hung++;
      } catch (java.util.concurrent.ExecutionException e) {
        System.out.printf("  a client's close failed: %s%n", e.getCause());
      }
    }
    if (hung > 0)
      System.out.printf("  %d client Grids did not close within %s%n", hung, CLOSE_BOUND);
    return hung;
  }

  /**
   * The values each server holds, read through a fresh Grid once releases in flight have landed (at most
   * {@link #SETTLE}); {@code gone} is left out. A server that does not answer is left out too, and said so.
   */
  private Map<String, Integer> values(String gone, Map<String, Integer> baseline)
      throws InterruptedException {
    ChaosServers servers = setup.servers();
    List<String> live = new ArrayList<>();
    for (String n : servers.names()) if (!n.equals(gone)) live.add(servers.address(n));
    Map<String, Integer> m = new LinkedHashMap<>();
    try (Grid probe = setup.grids().get().servers(live.toArray(String[]::new)).build()) {
      for (ServerInfo s : probe.servers()) {
        try {
          m.put(
              s.name(),
              StoreProbe.settledValues(probe, s, baseline.getOrDefault(s.name(), 0), SETTLE));
        } catch (GridException e) {
          System.out.printf("  %s does not answer a stats call: %s%n", s.name(), e.getMessage());
        }
      }
    }
    return m;
  }
}
