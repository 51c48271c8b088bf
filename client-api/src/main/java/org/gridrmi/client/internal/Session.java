package org.gridrmi.client.internal;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.gridrmi.client.GridScope;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InternalInProcess;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.CallSites;
import org.gridrmi.runtime.Cleaners;
import org.gridrmi.runtime.Fetcher;
import org.gridrmi.runtime.HolderLink;
import org.gridrmi.runtime.LocalNode;
import org.gridrmi.runtime.NodeEndpoint;
import org.gridrmi.runtime.NodeRuntime;
import org.gridrmi.runtime.Transports;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.TransportMetrics;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.store.ConcurrentIdTable;
import org.gridrmi.runtime.transport.Transport;
import org.gridrmi.runtime.wire.Borrower;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.ValueIds;

/**
 * The state of one open Grid: its runtime (transport, filters, pools, timer), its channels to servers, its own node
 * for the values it puts, the references it made (for scopes and close) and the servers that borrowed them.
 * References point back to it through their {@link CallContext}.
 */
public final class Session implements AutoCloseable {
  private static final SecureRandom RANDOM = new SecureRandom();
  /** The shortest time between two collections asked for by servers' pressure. */
  static final long MIN_GC_GAP_NANOS = 250_000_000L;
  /**
   * Open sessions: a Grid its program dropped without closing still releases the values of its reference objects as
   * they become garbage (its watches reach it only through its own map).
   */
  private static final Set<Session> OPEN = ConcurrentHashMap.newKeySet();
  /**
   * Live reference objects of this Grid, by value id: each value's are a chain of {@link Tracked} watches (several
   * when a reference is copied), whose length is the count and which keeps them reachable. The chain's head is the
   * table's element, keyed by its id: no map entry per value (a ConcurrentHashMap's node was 32 of the bytes a
   * reference cost).
   */
  private final ConcurrentIdTable<Tracked> live = new ConcurrentIdTable<>(t -> t.id);
  /**
   * Releases decided (the last reference object went, or {@code release()}) and not yet sent to the owner, by value
   * id: an {@link #adopt} of that id before it is sent cancels it, so the hold the release would end stays for the
   * adopted reference (sent after the adopt's hold, it would have ended that one). Changed only inside
   * {@code live}'s update of the same id, which orders them.
   */
  private final Map<UUID, Object> releasing = new ConcurrentHashMap<>();

  /**
   * The sites of this Grid's calls ({@code "Ops.f on S1"}), each made once: every reference keeps its call's site as
   * its label. Its keys are this Grid's own methods and servers; the bound is for a Grid that sees very many servers.
   */
  private final CallSites sites = new CallSites(4096);

  private final GridSettings settings;
  private final NodeRuntime runtime;
  private final Fetcher fetcher;
  private final Map<String, ServerChannel> channels = new ConcurrentHashMap<>();
  private final ThreadLocal<Deque<Scope>> scopes = ThreadLocal.withInitial(ArrayDeque::new);
  /** Per value id, the calls that passed it to servers as an argument (those may keep a replica for us). */
  private final Map<UUID, Set<Lending>> borrowers = new ConcurrentHashMap<>();
  /** This Grid as a holder of values on servers (its leases), and the id of its own node if it puts values. */
  private final UUID holder = newId();
  /** This Grid's node, holding the values it puts; started by the first put, closed with the Grid. */
  private LocalNode home;

  private volatile boolean closed;
  /** Waits on this Grid's references not done yet, each with the name of its value: {@link #close} ends them. */
  private final Map<CompletableFuture<?>, String> waits = new ConcurrentHashMap<>();

  private volatile Supplier<List<ServerInfo>> servers = List::of;
  /**
   * How long a caller's batch asks the server to wait for its value before the receipt goes
   * ({@link CallContext#resolveBlocking}): {@link CallContext#ANSWER_WAIT_MILLIS}. Longer only in tests that check
   * the value comes in the receipt, which on a loaded machine may take the server longer than the product's wait.
   */
  private volatile int answerWaitMillis = CallContext.ANSWER_WAIT_MILLIS;
  /** Where the calls of automatic views go (idle until such a view is made). */
  private final AutoPlacement placement = new AutoPlacement(this);
  /** When this JVM was last asked to collect for a server's pressure (see {@link #serverUnderPressure}). */
  private final AtomicLong lastCollection = new AtomicLong(System.nanoTime() - MIN_GC_GAP_NANOS);

  /** A session with what a Grid's builder set: its runtime starts now, its own node with the first put. */
  public Session(GridSettings settings) {
    this.settings = settings;
    SerialPolicy policy =
        new SerialPolicy(SerialPolicy.Limits.DEFAULT, settings.allow(), SerialPolicy.Side.CLIENT);
    String name =
        "client-" + ProcessHandle.current().pid() + "-" + Integer.toHexString(holder.hashCode());
    Transport transport = settings.network() != null
        ? InternalInProcess.transport(
            settings.network(), name, settings.timeouts(), policy.filter())
        : Transports.rmi(
            settings.tls(),
            settings.secret(),
            settings.link().as(LinkPlan.CLIENT),
            settings.timeouts(),
            settings.host(),
            policy.filter(),
            Transports.MAX_DATA_CONNECTIONS);
    this.runtime =
        new NodeRuntime(name, transport, policy, settings.runtime(), settings.telemetry());
    this.fetcher = new Fetcher(runtime, () -> null, null);
    runtime.bindValues(new ValueRefs(this));
    OPEN.add(this);
  }

  /** 128 random bits: a holder id no one can guess (a holder acts on its own holds only). */
  static UUID newId() {
    byte[] b = new byte[16];
    RANDOM.nextBytes(b);
    return new UUID(
        new BigInteger(1, Arrays.copyOf(b, 8)).longValue(),
        new BigInteger(1, Arrays.copyOfRange(b, 8, 16)).longValue());
  }

  /** The automatic placement of this Grid's {@code CallOptions.auto()} views. */
  public AutoPlacement placement() {
    return placement;
  }

  /** A value of a call this Grid made arrived here: what automatic placement learns from it. */
  void arrived(UUID id, Object value) {
    placement.arrived(id, value);
  }

  /**
   * The servers that hold a copy of a value of this Grid's, or will: those it was pushed to (a put value) and those
   * that accepted a call taking it, which keep the value they fetch as a replica held for this Grid.
   */
  List<String> copiesOf(UUID id) {
    List<String> at = new ArrayList<>();
    channels.values().stream()
        .filter(c -> c.pushed.contains(id))
        .forEach(c -> at.add(c.server().address()));
    borrowers.getOrDefault(id, Set.of()).stream()
        .filter(l -> l.accepted().isDone() && !l.accepted().isCompletedExceptionally())
        .forEach(l -> at.add(l.channel().server().address()));
    return at;
  }

  /** Introduces this Grid to {@code server} unless it accepted the introduction already; see ServerChannel#introduce. */
  public void introduce(ServerInfo server) {
    channel(server).introduce();
  }

  ServerChannel channel(ServerInfo server) {
    return channels.computeIfAbsent(server.address(), a -> new ServerChannel(server, this));
  }

  public NodeRuntime runtime() {
    return runtime;
  }

  Fetcher fetcher() {
    return fetcher;
  }

  /** This Grid's identity as a holder of values. */
  UUID holder() {
    return holder;
  }

  /** This Grid's node if a put started it, else null. */
  synchronized LocalNode homeIfStarted() {
    return home;
  }

  private synchronized LocalNode home() {
    if (closed) throw new GridException(Status.CANCELLED, "put: the Grid is closed");
    if (home == null) {
      home = LocalNode.startForHolder(
          holder,
          runtime.name(),
          settings.host(),
          60_000,
          settings.store(),
          runtime,
          NodeEndpoint::new);
    }
    return home;
  }

  /** Directories this session's Grid may use; each uses this session's sockets. */
  public Directory lookupDirectory(String url) {
    return LookupDirectories.unicast(url, settings.discoveryTimeout(), runtime);
  }

  public Directory multicastDirectory(String... groups) {
    return LookupDirectories.multicast(settings.discoveryTimeout(), runtime, groups);
  }

  public Directory staticDirectory(List<String> addresses) {
    return new StaticDirectory(addresses, runtime);
  }

  /**
   * Checks the names of a link matrix against the grid's servers known now (a Grid checks when it is built: the
   * servers do not know each other's names); on failure closes {@code directory} and throws.
   *
   * @throws GridException INVALID_ARGUMENT naming the names that are no server of the grid
   */
  public void checkLinkNames(Supplier<List<ServerInfo>> servers, Runnable directory) {
    if (!settings.link().byName()) return;
    try {
      settings.link().checkNames(servers.get().stream().map(ServerInfo::name).toList());
    } catch (IllegalArgumentException e) {
      directory.run();
      throw new GridException(Status.INVALID_ARGUMENT, e.getMessage(), e);
    }
  }

  /** Where recovery looks for another server: the Grid's directory. */
  public void useServers(Supplier<List<ServerInfo>> servers) {
    this.servers = servers;
  }

  List<ServerInfo> servers() {
    return servers.get();
  }

  int answerWaitMillis() {
    return answerWaitMillis;
  }

  /** Sets {@link #answerWaitMillis()}: tests only. */
  void answerWaitMillis(int millis) {
    answerWaitMillis = millis;
  }

  public boolean closed() {
    return closed;
  }

  public TransportMetrics.Snapshot traffic() {
    return runtime.transport().traffic();
  }

  /** The sites of this Grid's calls, each one string. */
  CallSites sites() {
    return sites;
  }

  public String describeTransport() {
    return runtime.transport().describe();
  }

  /**
   * Stores a snapshot of {@code value} in this Grid's node: serialized now (by its codec, else Java serialization)
   * and read back, so later changes to the caller's object change nothing. A server that needs it gets a copy pushed
   * with the call.
   */
  public <T> RemoteReference<T> put(T value) {
    if (value == null)
      throw new GridException(Status.INVALID_ARGUMENT, "put(null): a value is required");
    if (closed) throw new GridException(Status.CANCELLED, "put: the Grid is closed");
    Object snapshot = runtime.copyOf(value);
    LocalNode node = home();
    UUID id = ValueIds.forPut();
    node.table().put(id, holder, "put value", snapshot);
    CallContext context = CallContext.forPut(this, "put " + value.getClass().getSimpleName());
    Ref<T> ref = new Ref<>(id, node.address(), context);
    track(ref, context);
    return ref;
  }

  /**
   * A reference this Grid made: in the scope open on this thread, if any, and counted, so that once the last
   * reference object for its value is garbage, the value is released (see {@link Collected}).
   */
  void track(Ref<?> ref, CallContext context) {
    Deque<Scope> d = scopes.get();
    if (!d.isEmpty()) d.peek().refs.add(ref);
    Tracked t =
        new Tracked(ref, context.channel() != null ? context.channel() : this, context.submitted());
    live.compute(ref.id(), (id, chain) -> t.linkBefore(chain));
  }

  /**
   * The acceptance of the batch of this Grid's that makes {@code id}, while a reference it made for it lives and that
   * batch is not yet accepted; else a completed future (the value is at its owner, or this Grid did not make it).
   */
  CompletableFuture<?> madeAfter(UUID id) {
    CompletableFuture<?>[] after = {CallContext.DONE};
    live.computeIfPresent(id, (k, chain) -> {
      for (Tracked t = chain; t != null; t = t.next) {
        if (t.after != CallContext.DONE) {
          after[0] = t.after;
          break;
        }
      }
      return chain;
    });
    return after[0];
  }

  /**
   * A reference this Grid read inside a value: it holds the value too, while this or another reference object for
   * it lives here (registering with the owner if it held nothing of it yet). A value this Grid made or holds already
   * needs no new hold.
   */
  void adopt(Ref<?> ref) {
    if (closed) return;
    ServerChannel owner = ownerChannel(ref.owner());
    // the hold is queued inside the count's update, so the release of an earlier last one cannot
    // overtake it
    Tracked t = new Tracked(ref, owner != null ? owner : this, CallContext.DONE);
    live.compute(ref.id(), (id, chain) -> {
      if (chain != null) return t.linkBefore(chain);
      if (releasing.remove(id) != null)
        return t.linkBefore(null); // its release is not sent: the hold stays
      if (owner != null) owner.link().hold(id);
      else
        home()
            .table()
            .hold(id, holder); // if it was let go meanwhile, it fails as NOT_FOUND when used
      return t.linkBefore(null);
    });
  }

  /**
   * A server said its store is more than half full. The values this Grid no longer references are released only once
   * this JVM's garbage collector has found their reference objects, which a client that allocates little may not do
   * for a long time; so, as Java RMI's distributed GC does (its periodic {@code System.gc()}), the JVM is asked to
   * collect, at most every {@link #MIN_GC_GAP_NANOS}, on the I/O pool.
   */
  void serverUnderPressure() {
    if (!settings.collectOnServerPressure()) return;
    long now = System.nanoTime();
    long last = lastCollection.get();
    if (now - last < MIN_GC_GAP_NANOS || !lastCollection.compareAndSet(last, now)) return;
    try {
      runtime.io().execute(System::gc);
    } catch (GridException closing) {
      // the Grid is closing: its references go anyway
    }
  }

  /** The channel to the server at {@code address}, or null if it is this Grid's own node. */
  ServerChannel ownerChannel(String address) {
    LocalNode h = homeIfStarted();
    if (h != null && h.address().equals(address)) return null;
    ServerChannel c = channels.get(address);
    return c != null ? c : channel(new ServerInfo(address, address, List.of(), Map.of()));
  }

  /**
   * A reference object of this Grid became garbage: the last one for its value releases the value. One an explicit
   * release dropped from its chain releases nothing more.
   */
  private void collected(Tracked t) {
    if (closed) return;
    Object decision = new Object();
    boolean[] last = {false};
    live.computeIfPresent(t.id, (id, chain) -> {
      if (t.dropped()) return chain;
      Tracked rest = t.unlink(chain);
      if (rest != null) return rest;
      last[0] = true;
      releasing.put(id, decision);
      return null;
    });
    if (last[0])
      t.after.whenComplete((x, e) -> release(t.id, t.owner(), Release.Cause.COLLECTED, decision));
  }

  /** For tests: the watch of reference object {@code ref} (see {@link #collectedNow}). */
  Object watchOf(Ref<?> ref) {
    Tracked[] watch = {null};
    live.computeIfPresent(ref.id(), (id, chain) -> {
      for (Tracked t = chain; t != null; t = t.next) if (t.refersTo(ref)) watch[0] = t;
      return chain;
    });
    if (watch[0] == null)
      throw new IllegalArgumentException("not a live reference object here: " + ref);
    return watch[0];
  }

  /**
   * For tests: runs at once what the collection of the reference object of {@code watch} runs (without the
   * collector), as if its value's batch were accepted when {@code after} completes.
   */
  void collectedNow(Object watch, CompletableFuture<?> after) {
    Tracked t = (Tracked) watch;
    t.after = after;
    collected(t);
  }

  /** For tests: how many reference objects of value {@code id} this Grid counts. */
  int references(UUID id) {
    int[] n = {0};
    live.computeIfPresent(id, (k, chain) -> {
      for (Tracked t = chain; t != null; t = t.next) n[0]++;
      return chain;
    });
    return n[0];
  }

  /**
   * One reference object of this Grid, watched for when it becomes garbage. It must not reach the reference object,
   * nor its call's context (which does, through the call's arguments and the dependents of its outcome), so it keeps
   * what the release needs itself: 48 bytes, where the JDK's Cleaner with an action object took about 75. Kept
   * reachable by its value's chain in {@code live}; {@code prev} and {@code next} change only inside live's update of
   * the id. An explicit release drops the chain (each member then points back at itself: {@link #dropped}).
   */
  private static final class Tracked extends Cleaners.Watch<Ref<?>> {
    final UUID id;
    /** The owner's channel, or this Grid's own Session for a value its own node holds. */
    private final Object owner;
    /**
     * The acceptance of the batch that makes the value (a release must not overtake it); once it completed normally,
     * a shared completed future, so that a reference held for long keeps nothing of its batch.
     */
    private volatile CompletableFuture<?> after;

    private Tracked prev;
    private Tracked next;

    Tracked(Ref<?> ref, Object owner, CompletableFuture<?> after) {
      super(ref);
      this.id = ref.id();
      this.owner = owner;
      this.after = after;
      if (after != CallContext.DONE)
        after.whenComplete((v, e) -> {
          if (e == null) this.after = CallContext.DONE;
        });
    }

    Session session() {
      return owner instanceof ServerChannel c ? c.session() : (Session) owner;
    }

    /** The owner's channel, or null for a value of this Grid's own node. */
    ServerChannel owner() {
      return owner instanceof ServerChannel c ? c : null;
    }

    @Override
    protected void collected() {
      session().collected(this);
    }

    /** Puts this watch at the head of {@code chain} (null for none); returns the new head. */
    Tracked linkBefore(Tracked chain) {
      next = chain;
      if (chain != null) chain.prev = this;
      return this;
    }

    /** Takes this watch out of {@code chain}, whose head it may be; returns the head left (null for none). */
    Tracked unlink(Tracked chain) {
      Tracked head = prev == null ? next : chain;
      if (prev != null) prev.next = next;
      if (next != null) next.prev = prev;
      prev = this; // out of every chain now: nothing to unlink again
      next = null;
      return head;
    }

    boolean dropped() {
      return prev == this;
    }

    /** Drops every watch of {@code chain}: their collection releases nothing more. */
    static void dropAll(Tracked chain) {
      while (chain != null) {
        Tracked n = chain.next;
        chain.prev = chain;
        chain.next = null;
        chain = n;
      }
    }
  }

  /**
   * A call to the server of {@code channel} that takes a value as an argument: its batch's acceptance (with the node id
   * of the server's process that accepted it), and its deadline ({@link System#nanoTime()} terms, 0 for none).
   */
  private record Lending(
      ServerChannel channel, CompletableFuture<UUID> accepted, long deadlineNanos) {
    /** Whether the server may still fetch the value for this call at {@code now}. */
    boolean mayFetch(long now) {
      if (!accepted.isDone() || accepted.isCompletedExceptionally())
        return false; // it never got the call
      return deadlineNanos == 0 || now < deadlineNanos + CallContext.GRACE_NANOS;
    }
  }

  /**
   * Server {@code channel} receives {@code id} as an argument of a call whose batch is {@code accepted} (by the node id
   * it completes with) and whose deadline is {@code deadlineNanos} (0 for none): it may keep a replica held for this
   * Grid.
   */
  void lent(UUID id, ServerChannel channel, CompletableFuture<UUID> accepted, long deadlineNanos) {
    Lending l = new Lending(channel, accepted, deadlineNanos);
    borrowers.computeIfAbsent(id, k -> ConcurrentHashMap.newKeySet()).add(l);
    channel.link().heldThere(id);
  }

  /**
   * Releases a value everywhere this Grid holds it: on its owner (after the batch that made it was accepted, so the
   * release cannot overtake it) and on the servers that keep a replica of it for this Grid. The owner is told which
   * servers it was lent to, and keeps it for those that have not fetched it yet, for as long as their calls may still
   * fetch it. That is only servers that accepted a batch passing it, so the owner's release waits until those batches
   * are settled: a server whose batch failed never heard of the value. And only until the deadline of the calls they
   * took it for (a little after, as the client waits for a server's DEADLINE_EXCEEDED): a server fails a call at its
   * deadline and stops its fetches, but one cut off from the owner cannot tell it so. Found by bench chaos: values
   * were kept for a lease for a killed server and for one cut off from the owner.
   */
  void release(UUID id, ServerChannel owner, Release.Cause cause) {
    Object decision = new Object();
    live.compute(id, (k, chain) -> {
      releasing.put(id, decision);
      if (cause != Release.Cause.EXPLICIT) return chain;
      Tracked.dropAll(chain); // its other reference objects release nothing more
      return null;
    });
    release(id, owner, cause, decision);
  }

  /** Sends the release {@code decision} stands for, unless an adopt cancelled it meanwhile (see {@link #releasing}). */
  private void release(UUID id, ServerChannel owner, Release.Cause cause, Object decision) {
    if (releasing.get(id) != decision) return;
    Set<Lending> lendings = borrowers.remove(id);
    if (lendings == null) {
      sendUnlessAdopted(
          id, decision, () -> releaseOnOwner(id, owner, new Release(id, cause, List.of())));
      return;
    }
    lendings.stream()
        .map(Lending::channel)
        .distinct()
        .forEach(c -> c.release(List.of(new Release(id, cause, List.of()))));
    CompletableFuture.allOf(
            lendings.stream().map(Lending::accepted).toArray(CompletableFuture[]::new))
        .whenComplete((x, t) -> sendUnlessAdopted(
            id, decision, () -> releaseOnOwner(id, owner, lentRelease(id, cause, lendings))));
  }

  /**
   * Queues the owner's release inside {@code live}'s update of the id, so that an adopt either cancelled it before or
   * queues its hold after it.
   */
  private void sendUnlessAdopted(UUID id, Object decision, Runnable send) {
    live.compute(id, (k, chain) -> {
      if (releasing.remove(id, decision)) send.run();
      return chain;
    });
  }

  /**
   * The release for the owner: the servers that may still fetch the value, each the node that accepted the call taking
   * it (a server restarted at the same address since is another borrower), and for how long at the most.
   */
  private static Release lentRelease(UUID id, Release.Cause cause, Set<Lending> lendings) {
    long now = System.nanoTime();
    List<Lending> fetching = lendings.stream().filter(l -> l.mayFetch(now)).toList();
    List<Borrower> lentTo = fetching.stream()
        .filter(l -> l.accepted().join() != null) // a receipt with no node id names no borrower
        .map(l -> new Borrower(l.channel().server().address(), l.accepted().join()))
        .distinct()
        .toList();
    boolean unbounded = fetching.stream().anyMatch(l -> l.deadlineNanos() == 0);
    long nanos = fetching.stream()
        .mapToLong(l -> l.deadlineNanos() + CallContext.GRACE_NANOS - now)
        .max()
        .orElse(0);
    long borrowMillis = unbounded ? 0 : Math.max(1, TimeUnit.NANOSECONDS.toMillis(nanos) + 1);
    return new Release(id, cause, lentTo, lentTo.isEmpty() ? 0 : borrowMillis);
  }

  private void releaseOnOwner(UUID id, ServerChannel owner, Release release) {
    Release.Cause cause = release.cause();
    if (owner == null) {
      LocalNode node = homeIfStarted();
      if (node != null) node.table().release(holder, List.of(release));
      for (ServerChannel c : channels.values()) { // and the copies pushed to servers with calls
        if (c.pushed.contains(id)) c.release(List.of(new Release(id, cause, List.of())));
      }
    } else {
      owner.release(List.of(release));
    }
  }

  public GridScope openScope() {
    Scope s = new Scope();
    scopes.get().push(s);
    return s;
  }

  /**
   * Returns {@code wait}, a wait for the value {@code label} names, which {@link #close} fails with CANCELLED if it
   * is not done by then: the pools and timer that would have ended it stop with the Grid.
   */
  <T> CompletableFuture<T> endedByClose(CompletableFuture<T> wait, String label) {
    if (wait.isDone()) return wait;
    waits.put(wait, label);
    wait.whenComplete((v, t) -> waits.remove(wait));
    // close() sets closed before it reads waits: either it sees this wait, or this sees closed
    if (closed) cancelForClose(wait, label);
    return wait;
  }

  private static void cancelForClose(CompletableFuture<?> wait, String label) {
    wait.completeExceptionally(new GridException(
        Status.CANCELLED,
        label + ": the Grid was closed while this waited " + "for it",
        null,
        List.of(label)));
  }

  /**
   * Releases everything this Grid made, stops renewing leases and closes this Grid's node and runtime (so that
   * nothing of it keeps the JVM alive); every wait on its references still under way ends
   * with CANCELLED before this returns, and later ones fail so at once.
   */
  @Override
  public void close() {
    LocalNode node;
    synchronized (this) {
      if (closed) return;
      closed = true;
      node = home;
    }
    OPEN.remove(this);
    waits.forEach(Session::cancelForClose);
    channels.values().forEach(ServerChannel::close);
    HolderLink.awaitSent(
        channels.values().stream().map(ServerChannel::link).toList(),
        settings.timeouts().call());
    if (node != null) node.close();
    runtime.close();
  }

  private final class Scope implements GridScope {
    final List<Ref<?>> refs = new ArrayList<>();

    @Override
    public void close() {
      scopes.get().remove(this);
      refs.forEach(Ref::release);
      refs.clear();
    }
  }
}
