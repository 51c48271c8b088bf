package org.gridrmi.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.store.Slot;
import org.gridrmi.runtime.store.StoreBudget;
import org.gridrmi.runtime.telemetry.Telemetry;
import org.gridrmi.runtime.wire.Borrower;
import org.gridrmi.runtime.wire.Failure;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.Requester;
import org.gridrmi.runtime.wire.ValueIds;

/**
 * A deterministic simulation of value lifetime (docs/reference-counting.md, "The simulation"): one seed drives a whole
 * run of three servers and up to three clients on simulated time and a simulated network, and after every step it
 * checks the invariants of the protocol. The same seed replays the same run exactly.
 *
 * <p><b>Real:</b> each node's {@link NodeRuntime} (its pools and timer handed to the simulation), each server's
 * {@link LocalNode}, {@link NodeEndpoint} and {@code ValueTable} (holds, releases, renewals, borrows, early releases,
 * parked holds, tombstones, the lease sweep), and every holder's {@link HolderLink}s (queues, retries, renewals,
 * give-ups, acknowledgements). <b>Simulated:</b> the network and time ({@link SimWorld}); and what decides when a
 * holder holds or releases, which in GridRMI is the count of reference objects of its JVM ({@code Session},
 * {@link HeldReferences}, {@link TransitPins}): here an explicit count per value, changed by the seed's steps, with the
 * same rules (a first reference holds, a last one releases naming the servers it was lent to; a reference sent inside
 * an argument stays pinned until its receiver's hold is acknowledged or that receiver's life is known gone (a batch's
 * answer from another node id at its address), at most a transit period; if the call failed, until the server, asked
 * with the batch's transfer id ({@code awaitingHolds}, on the server's real {@link ReceivedTransfers}), says it no longer
 * waits for it (it holds the reference, or gives the batch up and refuses it if it arrives late), or answers nothing for
 * a transit period; a
 * server keeps a reference inside a result it sent until the reader's hold of it is acknowledged and the reader says
 * so ({@code transferred}, a call on the simulated network, which may lose it), or for one lease at most). A batch is the simulation's too: a call creates its
 * value at the server ({@code ValueTable.create}) and a put stores a pushed copy ({@code ValueTable.put}), as the
 * server's endpoint does with a batch's commands. So is the re-run of an {@code @Idempotent} call (a third of the calls,
 * chosen from a random stream of their own) whose owner is down when a client reads its value: made again from its
 * lineage as a Grid's {@code Recovery} does, at most {@value #MAX_REMAKES} times, and let go once read.
 *
 * <p>The invariants, counted per run ({@link Outcome}):
 *
 * <ul>
 *   <li><b>freed_while_referenced</b>: no value is gone from its owner (while the owner runs) while a client that runs
 *       has a reference of its own to it (not a pin: a pin protects another node's hold, checked there), while a
 *       server holds it inside the result of a call of a client still open, or while a server's call it was lent to
 *       waits for it (within half a lease of the call, unless the server has a replica). Faults last at most a quarter
 *       of a lease; a holder none of whose renewals, holds or batches reached the owner for a whole lease since it took
 *       its reference (every one lost by chance) may lose it, as the protocol says, and so may a server it lends the
 *       value to once it is gone (seed 8169).
 *   <li><b>leaked</b>: once every client closed, the network healed and five leases passed, no server keeps a value or
 *       a parked hold.
 *   <li><b>duplicated</b>: no call runs twice (a batch the network delivered twice makes its value once); a call is
 *       made again only from the lineage of an {@code @Idempotent} one, as a new call.
 *   <li><b>overdue</b>: every hold a holder waits to have acknowledged is settled within two leases (unless the holder
 *       died, or the owner crashed meanwhile).
 * </ul>
 */
public final class LifetimeSimulation {
  /** Every node's lease, in ms. */
  static final long LEASE_MILLIS = 1_000;
  /** The longest between two renewals of a holder link. */
  static final long RENEW_MILLIS = LEASE_MILLIS / 3;

  /** The pause between a client's questions about a batch whose submit failed ({@code awaitingHolds}). */
  static final long ASK_MILLIS = 100;
  /**
   * How long after an owner forgot a hold the value may go while its holder holds it (before the holder's repair held
   * it again): three leases, the most a repair may take when renewals and its calls are lost by chance (a repair
   * waits for the same difference in two renewals in a row), and what the owner waits before it frees a value held by
   * nobody ({@code ValueTable.ORPHAN_LEASES}).
   */
  static final long FORGOTTEN_WINDOW_MILLIS = 3 * LEASE_MILLIS;

  /** How often (in percent of the fault steps) an owner also forgets a hold ({@link #forgetAHold}). */
  static final int FORGET_PERCENT = 10;
  /** The longest a partition or a stall lasts: a quarter of a lease. */
  static final long MAX_FAULT_MILLIS = LEASE_MILLIS / 4;

  static final int SERVERS = 3;
  static final int MAX_CLIENTS = 3;
  /** The most times a value is made again in a chain, as {@code Recovery.MAX_ATTEMPTS}. */
  static final int MAX_REMAKES = 3;
  /** The pause before a second attempt; each later one waits twice as long, as {@code Recovery}'s. */
  static final long FIRST_REMAKE_PAUSE_MILLIS = 100;

  /** Steps a seed runs unless told otherwise. */
  public static final int DEFAULT_STEPS = 200;

  private static Path spillRoot;

  /**
   * What one seed's run found.
   *
   * @param steps the steps run (the final drain not counted)
   * @param remade calls made again from their lineage (results of {@code @Idempotent} calls whose owner was down when a
   *     client read them)
   * @param messages calls between nodes, over the run and its drain
   * @param traceHash a hash of every event: a replay of the seed gives the same one
   * @param firstViolation the first invariant broken, with the step, or null
   * @param lastEvents the events before the first violation (or the end), oldest first
   * @param failedBatchesAsked batches carrying a reference whose submit failed, which their client then asked about
   *     ({@code awaitingHolds})
   * @param lateBatchesRefused copies of such batches that reached their server after it had given them up, refused
   */
  public record Outcome(
      long seed,
      int steps,
      long freedWhileReferenced,
      long leaked,
      long duplicated,
      long overdue,
      long remade,
      long messages,
      long traceHash,
      String firstViolation,
      List<String> lastEvents,
      long failedBatchesAsked,
      long lateBatchesRefused) {
    /** Every invariant broken, counted once per value (and holder) it was broken for. */
    public long violations() {
      return freedWhileReferenced + leaked + duplicated + overdue;
    }

    /** A report of a run that broke an invariant: the seed, what broke, the last events, how to replay it. */
    public String report() {
      StringBuilder b = new StringBuilder();
      b.append("seed ").append(seed).append(": ").append(firstViolation).append('\n');
      b.append("  last events:\n");
      for (String e : lastEvents) b.append("    ").append(e).append('\n');
      b.append("  replay: ./gridrmi bench lifetime --seed ")
          .append(seed)
          .append(" --steps ")
          .append(steps);
      return b.toString();
    }
  }

  /**
   * Runs one seed for {@code steps} steps, then closes every client, heals the network and lets five leases pass.
   *
   * @throws IllegalArgumentException if {@code steps} is not positive
   */
  public static Outcome run(long seed, int steps) {
    if (steps < 1) throw new IllegalArgumentException("steps must be positive: " + steps);
    return new LifetimeSimulation(seed).go(steps);
  }

  /**
   * A value: where it was made, in which life of its owner, the reference its result carries (or null), and, for the
   * result of an {@code @Idempotent} call, its lineage (else null).
   */
  private record Val(String owner, int generation, UUID carries, Lineage lineage) {}

  /**
   * What an {@code @Idempotent} call is made again from (a Grid's {@code Lineage}): the server it went to, and the value
   * it took (or null), lent or by value.
   */
  private record Lineage(int server, UUID arg, boolean byValue) {}

  /** A call a server runs once it has fetched the value lent to it. */
  private static final class Borrow {
    final Holder server;
    final Slot slot;
    final UUID arg;
    final long startMillis;
    /** The client knows the server got the call (so it named it a borrower when it released the value). */
    boolean known;
    /**
     * The value was gone when the call reached the server, freed because the client that lent it had been cut off from
     * the owner for a lease since it took its reference (its hold lapsed, as the protocol says): no borrow keeps it.
     */
    boolean lostBeforeLent;

    boolean done;

    Borrow(Holder server, Slot slot, UUID arg, long startMillis) {
      this.server = server;
      this.slot = slot;
      this.arg = arg;
      this.startMillis = startMillis;
    }
  }

  /** A hold waiting for its owner's answer; {@code ownerLife}: the owner's generation when it was made. */
  private record Ack(
      Holder holder, UUID id, CompletableFuture<Void> settled, long sinceMillis, int ownerLife) {}

  private final long seed;
  private final SimWorld world;
  private final SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
  private final RuntimeSettings settings;
  private final StoreBudget budget;
  private final Holder[] servers = new Holder[SERVERS];
  private final int[] generations = new int[SERVERS];
  private final long[] restartAtMillis = new long[SERVERS];
  private final List<Holder> clients = new ArrayList<>();
  private final List<Holder> everyRuntime = new ArrayList<>();
  private final Map<UUID, Val> values = new HashMap<>();
  private final Map<UUID, Integer> runs = new HashMap<>();
  private final List<Ack> acks = new ArrayList<>();
  private final List<Borrow> borrows = new ArrayList<>();
  /**
   * Which calls are {@code @Idempotent}, and the pauses of their re-runs: a stream of its own, so that the seed's main
   * stream (steps and faults) runs as it did before calls were made again, up to the first re-run.
   */
  private final java.util.SplittableRandom lineageRandom;

  /**
   * Whether an owner forgets a hold at a fault step, and which: a stream of its own, as {@link #lineageRandom}, so that
   * the seed's main stream chooses the same steps and network faults as before this fault existed, up to its first.
   */
  private final java.util.SplittableRandom forgetRandom;

  private final Set<String> counted = new HashSet<>();

  /** A hold an owner forgot ({@link #forgetAHold}): of {@code value}, by {@code holder}, at that life of the owner. */
  private record Forgotten(Holder holder, UUID value, SimWorld.Node owner) {}

  /** The holds owners forgot and have not held again yet, with when (ms). */
  private final Map<Forgotten, Long> forgotten = new LinkedHashMap<>();

  /** Values freed while a hold of them was forgotten and not held again yet: gone because of the fault. */
  private final Set<UUID> lostToForgetting = new HashSet<>();

  private int clientsStarted;

  private int step;
  private long freedWhileReferenced;
  private long leaked;
  private long duplicated;
  private long overdue;
  private long remade;
  /** The last transfer id given to a fetch's answer that carries a reference (ids are never reused in a run). */
  private long lastTransfer;

  private long failedBatchesAsked;
  private long lateBatchesRefused;

  private String firstViolation;
  private List<String> eventsAtViolation;

  private LifetimeSimulation(long seed) {
    this.seed = seed;
    this.world = new SimWorld(seed);
    this.lineageRandom = new java.util.SplittableRandom(seed ^ 0x5DEECE66DL);
    this.forgetRandom = new java.util.SplittableRandom(seed ^ 0x9E3779B97F4A7C15L);
    world.leaseMillis = LEASE_MILLIS;
    this.settings = RuntimeSettings.DEFAULT
        .withTicker(world.ticker)
        .withReferenceTransit(java.time.Duration.ofMillis(LEASE_MILLIS));
    this.budget = new StoreBudget(64L << 20, spillRoot(), 1L << 20);
  }

  private static synchronized Path spillRoot() {
    if (spillRoot == null) {
      try {
        spillRoot = Files.createTempDirectory("gridrmi-lifetime-sim");
        spillRoot.toFile().deleteOnExit();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return spillRoot;
  }

  /** A node that holds references: a client, or a server (which also owns values). */
  private final class Holder {
    final String name;
    final SimWorld.Node node;
    final NodeRuntime runtime;
    final UUID id;
    final LocalNode local;
    final Map<String, HolderLink> links = new LinkedHashMap<>();
    /** Reference objects per value: the first holds it at its owner, the last releases it. */
    final Map<UUID, Integer> live = new LinkedHashMap<>();
    /** When each value got its first reference here (ms). */
    final Map<UUID, Long> since = new HashMap<>();
    /** Of those, the pins (a reference sent on and not yet acknowledged, or written into a result): they end alone. */
    final Map<UUID, Integer> pins = new HashMap<>();
    /** The servers each value was lent to, each the node its batch reached there (named in its release). */
    final Map<UUID, Set<Borrower>> lent = new HashMap<>();
    /**
     * Values made again for a client's {@code get} ({@code Recovery}'s own references: its user never sees them), held
     * until their value is read or the re-run gives up.
     */
    final Set<UUID> recovering = new HashSet<>();
    /**
     * Values a server took inside an argument from a client that had lost them already (gone at their owner when the
     * call came, because the client was cut off from the owner for a lease): its hold cannot keep them (seed 2117 of
     * 600 steps).
     */
    final Set<UUID> lostBeforeHeld = new HashSet<>();

    /** Values a server fetched as a borrower: it keeps a replica, which its later calls read instead. */
    final Set<UUID> replicas = new HashSet<>();
    /** A server's results that carry a reference it holds (until the result is gone). */
    final Map<UUID, UUID> carriers = new LinkedHashMap<>();
    /** The client that made each of those calls. */
    final Map<UUID, Holder> callers = new HashMap<>();

    boolean closed;
    boolean stopped;

    Holder(String name, SimWorld.Node node, UUID id, boolean server) {
      this.name = name;
      this.node = node;
      this.id = id;
      this.runtime = new NodeRuntime(
          name, node.transport, policy, settings, Telemetry.OFF, node.tasks, node.timer);
      this.local = server
          ? LocalNode.start(
              world.newId(), name, "sim", 0, LEASE_MILLIS, budget, runtime, NodeEndpoint::new)
          : null;
      node.local = local;
      everyRuntime.add(this);
    }

    /** How this server names itself when it fetches or abandons as a borrower, as a {@code Fetcher} does. */
    Requester asRequester() {
      return new Requester(node.address, local.id(), null);
    }

    HolderLink link(String owner) {
      return links.computeIfAbsent(
          owner, o -> new HolderLink(runtime, id, o, RENEW_MILLIS, () -> dropIfIdle(o)));
    }

    private void dropIfIdle(String owner) {
      HolderLink l = links.get(owner);
      if (l != null && l.idle()) links.remove(owner);
    }

    /** A new reference object to {@code v}; the first holds it at its owner ({@code made}: made there for us). */
    void adopt(UUID v, boolean made) {
      if (live.merge(v, 1, Integer::sum) > 1) return;
      since.put(v, world.nowMillis());
      HolderLink l = link(values.get(v).owner);
      if (made) { // as a Grid does with a batch's receipt
        l.heldThere(v);
        l.ownerAnswered();
        l.startRenewal();
      } else {
        l.hold(v);
        acks.add(new Ack(this, v, l.acknowledged(v), world.nowMillis(), ownerLife(v)));
      }
    }

    /** A reference object to {@code v} is gone; the last releases it, naming the servers it was lent to. */
    void drop(UUID v, Release.Cause cause) {
      Integer n = live.get(v);
      if (n == null) return;
      if (n > 1) {
        live.put(v, n - 1);
        return;
      }
      live.remove(v);
      since.remove(v);
      lostBeforeHeld.remove(v);
      Set<Borrower> to = lent.remove(v);
      world.event(name + " releases " + ValueIds.shortForm(v));
      link(values.get(v).owner)
          .release(List.of(
              new Release(v, cause, to == null ? List.of() : List.copyOf(to), LEASE_MILLIS)));
    }

    /** References to {@code v} other than pins: the ones its user may drop. */
    int own(UUID v) {
      return live.getOrDefault(v, 0) - pins.getOrDefault(v, 0);
    }

    /** Keeps {@code v} held until {@link #unpin}. */
    void pin(UUID v) {
      adopt(v, false);
      pins.merge(v, 1, Integer::sum);
    }

    void unpin(UUID v) {
      if (!pins.containsKey(v)) return; // ended by a close
      if (pins.merge(v, -1, Integer::sum) == 0) pins.remove(v);
      drop(v, Release.Cause.COLLECTED);
    }

    /** A server's pins of references inside results it sent, per transfer, until acknowledged or a lease passed. */
    final Map<Long, UUID> transfers = new HashMap<>();

    /**
     * The pins of references this client sent inside arguments to each server address, with the node id of the
     * server's life that took them, until they end ({@link #pinUntilHeld}).
     */
    final Map<String, List<LifePin>> sentTo = new HashMap<>();

    /** A pin of a reference sent to a life of a server, ended once ({@link #pinUntilHeld}). */
    record LifePin(UUID life, Runnable end) {}

    /**
     * Pins {@code v}, sent inside an argument that server {@code s} took: until {@code s}'s hold of it is acknowledged
     * (the receipt says so, or the server when the Grid asks), or a batch's answer from another life at its address
     * says {@code s} is gone ({@link #answeredBy}), or one transit period (a lease here) passed, as a Grid's
     * {@code ServerChannel} does; whichever comes first ends it, once.
     */
    void pinUntilHeld(UUID v, Holder s, CompletableFuture<Void> held) {
      pin(v);
      boolean[] ended = new boolean[1];
      Runnable end = () -> {
        if (ended[0]) return;
        ended[0] = true;
        unpin(v);
      };
      held.whenComplete((x, t) -> runLater(end, 0));
      runLater(end, LEASE_MILLIS);
      sentTo
          .computeIfAbsent(s.node.address, k -> new ArrayList<>())
          .add(new LifePin(s.local.id(), end));
    }

    /** A batch to {@code address} was answered by the server's life {@code life}: the pins for earlier lives go. */
    void answeredBy(String address, UUID life) {
      List<LifePin> sent = sentTo.get(address);
      if (sent == null) return;
      sent.removeIf(p -> {
        if (p.life().equals(life)) return false;
        p.end().run();
        return true;
      });
    }

    /**
     * Pins {@code v}, written inside a fetch's answer, as a new transfer: until its reader acknowledges it
     * ({@link #transferred}), one lease at most, as {@code TransitPins} does.
     */
    long pinInTransfer(UUID v) {
      long t = ++lastTransfer;
      pin(v);
      transfers.put(t, v);
      try {
        runtime.timer().schedule(() -> transferred(t), LEASE_MILLIS, TimeUnit.MILLISECONDS);
      } catch (RejectedExecutionException down) {
        // the node is gone, and its references with it
      }
      return t;
    }

    /** Transfer {@code t} is acknowledged, or its lease is over: its pin goes (once). */
    void transferred(long t) {
      UUID v = transfers.remove(t);
      if (v != null) unpin(v);
    }

    /**
     * Once this holder's hold of {@code v}, read inside a value fetched from {@code writer} as transfer {@code t}, was
     * answered, tells the writer, as a {@code Fetcher} does: best effort, on the I/O pool, over the network.
     */
    void acknowledgeLater(UUID v, String writer, long t) {
      link(values.get(v).owner).acknowledged(v).whenComplete((x, e) -> {
        try {
          runtime.io().execute(() -> {
            try {
              world.call(node, writer, "transferred", n -> {
                serverAt(n).transferred(t);
                return null;
              });
            } catch (GridException lost) {
              // the writer's pin lapses with its lease
            }
          });
        } catch (GridException | RejectedExecutionException down) {
          // this node is gone: the writer's pin lapses with its lease
        }
      });
    }

    /** Ends a pin of {@code v} after {@code millis}, on this node's timer. */
    void unpinLater(UUID v, long millis) {
      runLater(() -> unpin(v), millis);
    }

    /** Runs {@code task} after {@code millis}, on this node's timer. */
    void runLater(Runnable task, long millis) {
      try {
        runtime.timer().schedule(task, millis, TimeUnit.MILLISECONDS);
      } catch (RejectedExecutionException down) {
        // the node is gone, and its references with it
      }
    }

    void close() {
      closed = true;
      pins.clear();
      transfers.clear();
      sentTo.clear();
      for (UUID v : List.copyOf(live.keySet())) {
        live.put(v, 1);
        drop(v, Release.Cause.EXPLICIT);
      }
      for (HolderLink l : List.copyOf(links.values())) l.close();
      world.event(name + " closes");
    }

    @Override
    public String toString() {
      return name;
    }
  }

  private Outcome go(int steps) {
    try {
      world.dropRate = world.random.nextDouble() * 0.10;
      world.lostAnswerRate = world.random.nextDouble() * 0.05;
      world.delayRate = world.random.nextDouble() * 0.05;
      world.duplicateRate = world.random.nextDouble() * 0.05;
      world.maxDelayMillis = 1 + world.random.nextLong(MAX_FAULT_MILLIS);
      for (int i = 0; i < SERVERS; i++) startServer(i);
      startClient();
      startClient();
      for (step = 1; step <= steps; step++) {
        act();
        check();
      }
      drain();
      return new Outcome(
          seed,
          steps,
          freedWhileReferenced,
          leaked,
          duplicated,
          overdue,
          remade,
          world.messages(),
          world.traceHash(),
          firstViolation,
          eventsAtViolation != null ? eventsAtViolation : world.lastEvents(20),
          failedBatchesAsked,
          lateBatchesRefused);
    } finally {
      for (Holder h : everyRuntime) stop(h);
    }
  }

  private static void stop(Holder h) {
    if (h.stopped) return;
    h.stopped = true;
    if (h.local != null) h.local.close();
    h.runtime.close();
  }

  private void startServer(int i) {
    int generation = ++generations[i];
    SimWorld.Node node = world.node("sim://S" + i, generation);
    servers[i] = new Holder("S" + i, node, world.newId(), true);
    world.event("start " + node);
  }

  private void startClient() {
    int k = clientsStarted++;
    SimWorld.Node node = world.node("sim://C" + k, 1);
    clients.add(new Holder("C" + k, node, world.newId(), false));
    world.event("start " + node);
  }

  private Holder serverAt(SimWorld.Node n) {
    for (Holder s : servers) if (s != null && s.node == n) return s;
    throw new IllegalStateException("no server runs as " + n);
  }

  private long now() {
    return world.nowMillis();
  }

  // ---- steps ----

  private void act() {
    for (int i = 0; i < SERVERS; i++) {
      if (servers[i] == null && now() >= restartAtMillis[i]) startServer(i);
    }
    int roll = world.random.nextInt(100);
    if (roll < 35) clientStep();
    else if (roll < 60) {
      for (int k = 1 + world.random.nextInt(3); k > 0 && world.runReady(); k--) {}
    } else if (roll < 92) {
      // a pool's threads take a task within microseconds: none waits while the clock moves on
      for (int k = 0; k < 10_000 && world.runReady(); k++) {}
      world.advance(1 + world.random.nextInt(150));
    } else fault();
  }

  private void fault() {
    if (forgetRandom.nextInt(100) < FORGET_PERCENT) forgetAHold();
    int roll = world.random.nextInt(100);
    List<String> addresses = new ArrayList<>();
    for (Holder s : servers) if (s != null) addresses.add(s.node.address);
    for (Holder c : clients) addresses.add(c.node.address);
    long d = 1 + world.random.nextLong(MAX_FAULT_MILLIS);
    if (roll < 35 && addresses.size() > 1) {
      String a = addresses.get(world.random.nextInt(addresses.size()));
      String b = addresses.get(world.random.nextInt(addresses.size()));
      if (!a.equals(b)) world.partition(a, b, d);
    } else if (roll < 65) {
      List<Holder> running = new ArrayList<>(clients);
      for (Holder s : servers) if (s != null) running.add(s);
      Holder h = running.get(world.random.nextInt(running.size()));
      h.node.stalledUntilNanos = world.ticker.nanoTime() + TimeUnit.MILLISECONDS.toNanos(d);
      world.event("stall " + h.node + " for " + d + "ms");
    } else if (roll < 80) {
      int i = world.random.nextInt(SERVERS);
      Holder s = servers[i];
      if (s == null) return;
      world.crash(s.node);
      stop(s);
      servers[i] = null;
      for (Borrow b : borrows) if (b.server == s) b.done = true;
      restartAtMillis[i] = now() + 1 + world.random.nextLong(3 * MAX_FAULT_MILLIS);
    } else {
      world.dropRate = world.random.nextDouble() * 0.10;
      world.delayRate = world.random.nextDouble() * 0.05;
      world.event("rates: drop " + world.dropRate + " delay " + world.delayRate);
    }
  }

  /**
   * A server forgets that a holder (a client or another server) holds one of its values, with no release and without
   * freeing it: a hold lost for good, which no resend repairs (it was acknowledged). Left alone, the value is held by
   * nobody the owner knows of: a release of it is refused (not held), no lapse ends it, and it leaks. The holder's next
   * renewal finds the digests differ, and its repair holds the value again.
   */
  private void forgetAHold() {
    Holder s = servers[forgetRandom.nextInt(SERVERS)];
    if (s == null) return;
    List<Holder> holders = new ArrayList<>();
    for (Holder c : clients) if (!c.closed && !c.stopped) holders.add(c);
    for (Holder other : servers) if (other != null && other != s) holders.add(other);
    List<Holder> who = new ArrayList<>();
    List<UUID> what = new ArrayList<>();
    for (Holder h : holders) {
      for (UUID v : h.live.keySet()) {
        if (values.get(v).owner.equals(s.node.address) && s.local.table().holds(h.id, v)) {
          who.add(h);
          what.add(v);
        }
      }
    }
    if (what.isEmpty()) return;
    int k = forgetRandom.nextInt(what.size());
    s.local.table().loseHold(who.get(k).id, what.get(k));
    forgotten.put(new Forgotten(who.get(k), what.get(k), s.node), now());
    world.event(s + " forgets " + who.get(k) + "'s hold of " + ValueIds.shortForm(what.get(k)));
  }

  private void clientStep() {
    List<Holder> open = clients.stream().filter(c -> !c.closed).toList();
    if (open.isEmpty() || (open.size() < MAX_CLIENTS && world.random.nextInt(50) == 0)) {
      if (clientsStarted < 20) startClient();
      return;
    }
    Holder c = open.get(world.random.nextInt(open.size()));
    List<UUID> refs = new ArrayList<>();
    for (UUID v : c.live.keySet()) if (c.own(v) > 0 && !c.recovering.contains(v)) refs.add(v);
    UUID r = refs.isEmpty() ? null : refs.get(world.random.nextInt(refs.size()));
    int roll = world.random.nextInt(100);
    int server = world.random.nextInt(SERVERS);
    if (roll < 25 || r == null) call(c, server, null, false, idempotent(server, null, false));
    else if (roll < 40) call(c, server, r, false, idempotent(server, r, false));
    else if (roll < 50) call(c, server, r, true, idempotent(server, r, true));
    else if (roll < 60) put(c, server);
    else if (roll < 80)
      c.drop(r, world.random.nextBoolean() ? Release.Cause.EXPLICIT : Release.Cause.COLLECTED);
    else if (roll < 85) c.live.merge(r, 1, Integer::sum);
    else if (roll < 96) get(c, r);
    else if (roll < 99) c.close();
    else {
      world.crash(c.node);
      stop(c);
      clients.remove(c);
    }
  }

  /** The lineage of a call to server {@code i} if the seed makes it an {@code @Idempotent} one (one in three), else null. */
  private Lineage idempotent(int i, UUID arg, boolean byValue) {
    return lineageRandom.nextInt(3) == 0 ? new Lineage(i, arg, byValue) : null;
  }

  /**
   * {@code c} calls server {@code i}; with {@code arg}, the call takes that value: lent (the server fetches it), or
   * {@code byValue} inside an argument (the server holds it, and its result carries it). {@code lineage}: what the call
   * is made again from if it is {@code @Idempotent}, else null.
   *
   * @return the call's value, if the client holds it now (its batch was answered), else null
   */
  private UUID call(Holder c, int i, UUID arg, boolean byValue, Lineage lineage) {
    String to = "sim://S" + i;
    if (arg != null && values.get(arg).owner.equals(to))
      return null; // a server reads its own values in place
    UUID id = world.newId();
    Borrow[] borrow = new Borrow[1];
    Holder[] server = new Holder[1];
    long transfer = ++lastTransfer; // the batch's id, chosen by its sender as a Grid does
    try {
      Slot made = world.call(c.node, to, "submit", n -> {
        Holder s = serverAt(n);
        // refused, running nothing, if its sender gave it up (asked before it came)
        try {
          s.runtime.received().receiving(c.id, transfer, n.address);
        } catch (GridException givenUp) {
          lateBatchesRefused++;
          world.event("submit of " + ValueIds.shortForm(id) + " at " + n.address + " refused: "
              + givenUp.status());
          throw givenUp;
        }
        server[0] = s;
        Slot slot = n.local.table().create(id, c.id, "call " + ValueIds.shortForm(id));
        if (slot == null) { // the batch again: its calls are made once
          s.runtime.received().received(c.id, transfer, null);
          return null;
        }
        runs.merge(id, 1, Integer::sum);
        values.put(id, new Val(n.address, n.generation, byValue ? arg : null, lineage));
        if (arg != null && byValue) {
          if (!s.live.containsKey(arg) && goneFromLiveOwner(arg) != null && cutOffForALease(c, arg))
            s.lostBeforeHeld.add(arg);
          s.adopt(arg, false);
          s.carriers.put(id, arg);
          s.callers.put(id, c);
        }
        // the batch waits until the server's hold of the reference inside its argument is answered
        s.runtime
            .received()
            .received(
                c.id,
                transfer,
                arg != null && byValue ? s.link(values.get(arg).owner).acknowledged(arg) : null);
        if (arg != null && !byValue && !s.replicas.contains(arg)) {
          borrow[0] = new Borrow(s, slot, arg, world.nowMillis());
          borrow[0].lostBeforeLent = goneFromLiveOwner(arg) != null && cutOffForALease(c, arg);
          borrows.add(borrow[0]);
          fetchLater(borrow[0], 0);
        } else {
          completeLater(s, slot);
        }
        return slot;
      });
      if (server[0] != null) c.answeredBy(to, server[0].local.id());
      if (made == null) return null;
      c.adopt(id, true);
      if (borrow[0] != null) {
        borrow[0].known = true;
        // named by the node id its batch's receipt carried, as a Grid names it
        c.lent
            .computeIfAbsent(arg, k -> new LinkedHashSet<>())
            .add(new Borrower(to, server[0].local.id()));
      }
      if (arg != null && byValue)
        c.pinUntilHeld(arg, server[0], server[0].link(values.get(arg).owner).acknowledged(arg));
      return id;
    } catch (GridException e) {
      if (arg != null && byValue && c.live.containsKey(arg)) {
        // the server may have it: pinned until it says it no longer waits for the batch
        c.pin(arg);
        failedBatchesAsked++;
        askAboutBatch(c, to, transfer, arg, new long[] {world.nowMillis()});
      }
      return null;
    }
  }

  /**
   * Asks the server at {@code to} whether it still waits for batch {@code transfer} of {@code c}, whose submit failed,
   * as a Grid's {@code ServerChannel} does: unpins {@code arg} once it says it does not (it holds the reference, or
   * gave the batch up and will refuse it), or once it has answered nothing for one transit period (a lease here) since
   * {@code lastAnswer}; asks again after a pause otherwise.
   */
  private void askAboutBatch(Holder c, String to, long transfer, UUID arg, long[] lastAnswer) {
    c.runLater(
        () -> {
          if (c.closed || c.node.dead) return;
          try {
            List<Long> still = world.call(
                c.node,
                to,
                "awaitingHolds",
                n -> serverAt(n).runtime.received().awaiting(c.id, List.of(transfer)));
            lastAnswer[0] = world.nowMillis();
            if (still.isEmpty()) {
              c.unpin(arg);
              return;
            }
          } catch (GridException unanswered) {
            if (world.nowMillis() - lastAnswer[0] >= LEASE_MILLIS) {
              c.unpin(arg);
              return;
            }
          }
          askAboutBatch(c, to, transfer, arg, lastAnswer);
        },
        ASK_MILLIS);
  }

  private void completeLater(Holder s, Slot slot) {
    s.runtime
        .timer()
        .schedule(
            () -> slot.set("value of " + slot.label()),
            world.random.nextInt(100),
            TimeUnit.MILLISECONDS);
  }

  private void fetchLater(Borrow b, long millis) {
    try {
      b.server
          .runtime
          .timer()
          .schedule(
              () -> b.server.runtime.fetches().execute(() -> fetchArgument(b)),
              millis,
              TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException | GridException down) {
      b.done = true;
    }
  }

  /** The borrower fetches the value lent to it; its call runs once it has it, and fails past its deadline. */
  private void fetchArgument(Borrow b) {
    if (b.done) return;
    if (b.server.replicas.contains(b.arg)) { // fetched for an earlier call: read here
      b.done = true;
      b.slot.set("value of " + b.slot.label());
      return;
    }
    Val v = values.get(b.arg);
    try {
      FetchResult r =
          b.server.runtime.node(v.owner).fetch(b.arg, 0, b.server.asRequester(), false, null);
      if (r.state() == FetchResult.State.READY) {
        b.done = true;
        b.server.replicas.add(b.arg);
        b.slot.set("value of " + b.slot.label());
        endBorrow(b, v);
        return;
      }
      if (r.state() == FetchResult.State.FAILED) {
        b.done = true;
        world.event(
            b.server + " could not fetch " + ValueIds.shortForm(b.arg) + ": " + r.failure());
        b.slot.fail(r.failure());
        endBorrow(b, v);
        return;
      }
    } catch (GridException e) {
      // the network failed: asked again after a pause
    }
    if (now() - b.startMillis > LEASE_MILLIS) {
      b.done = true;
      b.slot.fail(
          Failure.of(Status.DEADLINE_EXCEEDED, "the argument did not come in time", null, null));
      return;
    }
    fetchLater(b, 10 + world.random.nextInt(60));
  }

  /**
   * The borrower has the value (or its failure): it tells the owner, which ends the borrow, on its I/O pool and once,
   * as {@code Fetcher} does (a lost word leaves the borrow to lapse).
   */
  private void endBorrow(Borrow b, Val v) {
    try {
      b.server.runtime.io().execute(() -> {
        try {
          b.server.runtime.node(v.owner).abandon(b.server.asRequester(), List.of(b.arg));
        } catch (GridException lost) {
          // the borrow lapses with its lease
        }
      });
    } catch (GridException | RejectedExecutionException down) {
      // the node stopped: its borrows lapse
    }
  }

  /** {@code c} puts a value, pushed to server {@code i}. */
  private void put(Holder c, int i) {
    UUID id = world.newId();
    String to = "sim://S" + i;
    try {
      Slot s = world.call(c.node, to, "put", n -> {
        values.putIfAbsent(id, new Val(n.address, n.generation, null, null));
        return n.local.table().put(id, c.id, "put " + ValueIds.shortForm(id), "a put value");
      });
      if (s != null) c.adopt(id, true);
    } catch (GridException e) {
      // not stored, or stored and its answer lost: then its copy is kept a lease at most
    }
  }

  /**
   * {@code c} reads {@code r}; a reference inside it becomes one of {@code c}'s, and its writer pins it a lease. If
   * {@code r}'s owner is down and {@code r} is the result of an {@code @Idempotent} call, the call is made again from
   * its lineage, as a Grid's {@code get()} does ({@code Recovery}).
   */
  private void get(Holder c, UUID r) {
    try {
      read(c, r);
    } catch (GridException e) {
      // not read this time
      Val v = values.get(r);
      if (e.status() == Status.UNAVAILABLE && world.running(v.owner) == null && v.lineage != null)
        recover(c, r, 1);
    }
  }

  /**
   * {@code c} reads {@code r} once, without making it again.
   *
   * @return whether the value (or its failure) was read
   * @throws GridException as the network fails the call
   */
  private boolean read(Holder c, UUID r) {
    Val v = values.get(r);
    FetchResult fr = world.call(c.node, v.owner, "get", n -> {
      FetchResult x = n.service.fetch(r, 0, null, false, null);
      if (x.state() == FetchResult.State.READY && v.carries != null)
        return x.inTransfer(serverAt(n).pinInTransfer(v.carries));
      return x;
    });
    if (fr.state() == FetchResult.State.READY && v.carries != null) {
      c.adopt(v.carries, false);
      c.acknowledgeLater(v.carries, v.owner, fr.transfer());
    }
    return fr.state() != FetchResult.State.PENDING;
  }

  /**
   * Makes {@code lost}, the result of an {@code @Idempotent} call whose owner is down, again, as {@code Recovery} does
   * (attempt {@code attempt} of at most {@value #MAX_REMAKES}): from its lineage, on its own server if that runs again,
   * else on another; an argument whose owner is down too is made again first, if it is itself such a result. The
   * values made again are the re-run's own references, let go once the value is read, or when the re-run gives up.
   * The simulation's client does not keep a lineage's argument alive (a Grid's lineage does): a call whose argument it
   * no longer holds is not made again.
   */
  private void recover(Holder c, UUID lost, int attempt) {
    if (c.closed || c.stopped || attempt > MAX_REMAKES) return;
    List<UUID> made = new ArrayList<>();
    UUID again = remake(c, lost, made);
    world.event(c + " makes " + ValueIds.shortForm(lost) + " again (attempt " + attempt + "): "
        + (again == null ? "cannot" : ValueIds.shortForm(again)));
    if (again == null) {
      letGo(c, made);
      return;
    }
    awaitRemade(c, lost, again, made, attempt, now());
  }

  /** {@code lost} made again, with its lost arguments first; null if it cannot be now. */
  private UUID remake(Holder c, UUID lost, List<UUID> made) {
    Lineage l = values.get(lost).lineage;
    if (l == null) return null; // only an @Idempotent call is made again
    UUID arg = l.arg();
    if (arg != null && world.running(values.get(arg).owner) == null) {
      arg = remake(c, arg, made); // lineages go back to older values only: this ends
      if (arg == null) return null;
    } else if (arg != null && !c.live.containsKey(arg)) {
      return null;
    }
    Integer target = null;
    for (int k = 0; k < SERVERS && target == null; k++) {
      int i = (l.server() + k) % SERVERS; // its own server first, if it runs again
      if (servers[i] != null) target = i;
    }
    if (target == null) return null;
    UUID again = call(c, target, arg, l.byValue(), new Lineage(target, arg, l.byValue()));
    if (again != null) {
      remade++;
      made.add(again);
      c.recovering.add(again);
    }
    return again;
  }

  /** Reads {@code again} for the re-run of {@code lost}, asking again after a pause until it settles or gives up. */
  private void awaitRemade(
      Holder c, UUID lost, UUID again, List<UUID> made, int attempt, long since) {
    Runnable poll = () -> {
      if (c.closed || c.stopped) return;
      boolean read;
      try {
        read = read(c, again);
      } catch (GridException e) {
        read = false; // asked again below
      }
      if (read || now() - since > LEASE_MILLIS) {
        letGo(c, made); // read (or given up, as a get past its deadline): nothing else needs them
      } else if (world.running(values.get(again).owner) == null) {
        letGo(c, made); // lost again: the next attempt, after a pause that doubles
        later(c, FIRST_REMAKE_PAUSE_MILLIS << (attempt - 1), () -> recover(c, lost, attempt + 1));
      } else {
        awaitRemade(c, lost, again, made, attempt, since);
      }
    };
    later(c, 10 + lineageRandom.nextInt(60), poll);
  }

  private void letGo(Holder c, List<UUID> made) {
    for (UUID v : made) {
      c.recovering.remove(v);
      c.drop(v, Release.Cause.EXPLICIT);
    }
  }

  /** Runs {@code r} on {@code h}'s timer after {@code millis}, unless {@code h} is gone by then. */
  private static void later(Holder h, long millis, Runnable r) {
    try {
      h.runtime.timer().schedule(r, millis, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException | GridException down) {
      // the node is gone, and what it would have done with it
    }
  }

  // ---- invariants ----

  /** A server's results that are gone no longer keep the references inside them. */
  private void collect() {
    for (Holder s : servers) {
      if (s == null) continue;
      for (var it = s.carriers.entrySet().iterator(); it.hasNext(); ) {
        var e = it.next();
        if (s.local.table().get(e.getKey()) == null) {
          it.remove();
          s.callers.remove(e.getKey());
          s.drop(e.getValue(), Release.Cause.COLLECTED);
        }
      }
    }
  }

  private void check() {
    collect();
    // a value freed while a hold of it was forgotten and not yet held again went because of the
    // fault (as if that holder had released it); a forgotten hold held again (by the holder's
    // repair) is repaired; one whose owner died went with it; past its window it exempts nothing
    for (Forgotten f : forgotten.keySet())
      if (!f.owner.dead && f.owner.local.table().get(f.value) == null)
        lostToForgetting.add(f.value);
    forgotten
        .entrySet()
        .removeIf(f -> f.getKey().owner.dead
            || f.getKey().owner.local.table().holds(f.getKey().holder.id, f.getKey().value)
            || now() - f.getValue() > FORGOTTEN_WINDOW_MILLIS);
    List<Holder> running = new ArrayList<>(clients);
    for (Holder s : servers) if (s != null) running.add(s);
    for (Holder h : running) {
      for (Map.Entry<UUID, Integer> e : h.live.entrySet()) {
        // a pin protects another node's hold, which is checked there
        if (h.local == null ? h.own(e.getKey()) == 0 : !neededByOpenClient(h, e.getKey())) continue;
        if (cutOffForALease(h, e.getKey()) || h.lostBeforeHeld.contains(e.getKey())) continue;
        if (forgottenNotYetRepaired(e.getKey())) continue;
        String gone = goneFromLiveOwner(e.getKey());
        if (gone != null) {
          violation(
              "freed_while_referenced",
              h.name + e.getKey(),
              gone + " while " + h + " holds " + e.getValue() + " reference(s) to it");
        }
      }
    }
    for (Borrow b : borrows) {
      if (b.done || !b.known || b.lostBeforeLent || now() - b.startMillis > LEASE_MILLIS / 2)
        continue;
      if (b.server.replicas.contains(b.arg))
        continue; // fetched meanwhile for another call: read there
      if (forgottenNotYetRepaired(b.arg)) continue; // a hold of it was lost: see above
      String gone = goneFromLiveOwner(b.arg);
      if (gone != null) {
        violation(
            "freed_while_referenced",
            "borrow" + b.arg + b.server.name,
            gone + " while " + b.server + "'s call waits for it");
      }
    }
    borrows.removeIf(b -> b.done);
    for (Map.Entry<UUID, Integer> e : runs.entrySet()) {
      if (e.getValue() > 1) {
        violation(
            "duplicated",
            "run" + e.getKey(),
            "call " + ValueIds.shortForm(e.getKey()) + " ran " + e.getValue() + " times");
      }
    }
    // nobody waits on a node that is gone; an owner that crashed meanwhile may keep a hold waiting
    // as
    // long as it comes and goes (the link gives up after a lease of silence, and each life answers)
    acks.removeIf(a -> a.holder.stopped || ownerLife(a.id) != a.ownerLife);
    for (Ack a : acks) {
      if (!a.settled.isDone() && now() - a.sinceMillis > 2 * LEASE_MILLIS) {
        violation(
            "overdue",
            "ack" + a.holder.name + a.id,
            a.holder + "'s hold of " + ValueIds.shortForm(a.id) + " unsettled after "
                + (now() - a.sinceMillis) + "ms");
      }
    }
    acks.removeIf(a -> a.settled.isDone());
  }

  /**
   * Whether no renewal, hold or batch of {@code h} reached the owner of {@code v} for a whole lease since {@code h}
   * took its reference (by chance: the seed lost every one, while faults alone last less). The owner then lets go of
   * what {@code h} held, as the protocol says it must: not a violation.
   */
  private boolean cutOffForALease(Holder h, UUID v) {
    String owner = values.get(v).owner;
    long since = h.since.getOrDefault(v, Long.MIN_VALUE);
    long last = world.lastLeaseNews(h.node.address, owner);
    return world.cutOffUntil(h.node.address, owner) > since
        || (last != Long.MIN_VALUE && now() - last > LEASE_MILLIS);
  }

  /**
   * Whether {@code v}'s owner forgot a hold of it less than {@link #FORGOTTEN_WINDOW_MILLIS} ago, and that holder's
   * repair has not held it again yet: the protocol repairs a hold lost for good by the holder's next renewals (every
   * third of a lease), not at once, and the value may go meanwhile if its other holders let it go, as if that holder had
   * released it; so may a reference to it that another node read from that holder meanwhile (inside a result, lent).
   * A value freed so is gone for good ({@link #lostToForgetting}). Past that window a value freed while a holder holds
   * it is a violation.
   */
  private boolean forgottenNotYetRepaired(UUID v) {
    if (lostToForgetting.contains(v)) return true;
    for (Forgotten f : forgotten.keySet()) if (f.value.equals(v)) return true;
    return false;
  }

  /**
   * Whether server {@code s} holds {@code v} for a client that is still open: inside the result of a call of such a
   * client. A closed Grid cancels its calls, so what its servers held for them may go.
   */
  private static boolean neededByOpenClient(Holder s, UUID v) {
    for (Map.Entry<UUID, UUID> e : s.carriers.entrySet()) {
      Holder caller = s.callers.get(e.getKey());
      if (e.getValue().equals(v) && !caller.closed && !caller.stopped) return true;
    }
    return false;
  }

  /** The generation of the server that owns {@code v} now, or -1 while it is down. */
  private int ownerLife(UUID v) {
    int i = values.get(v).owner.charAt("sim://S".length()) - '0';
    return servers[i] == null ? -1 : generations[i];
  }

  /** Why {@code v} is gone from its owner while that owner runs, or null if it is there (or its owner died). */
  private String goneFromLiveOwner(UUID v) {
    Val val = values.get(v);
    SimWorld.Node owner = world.running(val.owner);
    if (owner == null || owner.generation != val.generation) return null; // died with its node
    if (owner.local.table().get(v) != null) return null;
    return "value " + ValueIds.shortForm(v) + " of " + owner + " is gone ("
        + owner.local.table().freedBecause(v) + ")";
  }

  private void violation(String invariant, String key, String what) {
    if (!counted.add(invariant + key)) return;
    switch (invariant) {
      case "freed_while_referenced" -> freedWhileReferenced++;
      case "leaked" -> leaked++;
      case "duplicated" -> duplicated++;
      default -> overdue++;
    }
    world.event("VIOLATION " + invariant + ": " + what);
    if (firstViolation == null) {
      firstViolation = "step " + step + ": " + invariant + ": " + what;
      eventsAtViolation = world.lastEvents(24);
    }
  }

  /** Every client closes, the network heals, crashed servers come back, and five leases pass. */
  private void drain() {
    world.heal();
    for (int i = 0; i < SERVERS; i++) if (servers[i] == null) startServer(i);
    for (Holder c : clients) if (!c.closed) c.close();
    long end = now() + 5 * LEASE_MILLIS;
    while (now() < end) {
      for (int k = 0; k < 10_000 && world.runReady(); k++) {}
      world.advance(20);
      check();
    }
    for (Holder s : servers) {
      var table = s.local.table();
      for (Map.Entry<UUID, Val> e : values.entrySet()) {
        if (e.getValue().owner.equals(s.node.address)
            && e.getValue().generation == s.node.generation
            && table.get(e.getKey()) != null) {
          violation(
              "leaked",
              "value" + e.getKey(),
              "value " + ValueIds.shortForm(e.getKey()) + " is still on " + s.node
                  + " five leases after every client closed");
        }
      }
      if (table.parkedHolds() > 0) {
        violation(
            "leaked",
            "parked" + s.name,
            s.node + " still keeps " + table.parkedHolds()
                + " parked holds five leases after every client closed");
      }
    }
  }
}
