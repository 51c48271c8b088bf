package org.gridrmi.client.internal;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.gridrmi.client.GridScope;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.ref.internal.Fetcher;
import org.gridrmi.ref.internal.LocalNode;
import org.gridrmi.ref.internal.NodeEndpoint;
import org.gridrmi.ref.internal.NodeRuntime;
import org.gridrmi.ref.internal.Ref;
import org.gridrmi.ref.internal.RuntimeSettings;
import org.gridrmi.ref.internal.SerialPolicy;
import org.gridrmi.ref.internal.net.LinkPlan;
import org.gridrmi.ref.internal.net.NetContext;
import org.gridrmi.ref.internal.net.TransportMetrics;
import org.gridrmi.ref.internal.transport.InProcessTransport;
import org.gridrmi.ref.internal.transport.RmiTransport;
import org.gridrmi.ref.internal.transport.Timeouts;
import org.gridrmi.ref.internal.transport.Transport;
import org.gridrmi.ref.internal.wire.Release;
import org.gridrmi.ref.internal.wire.WireValue;

/**
 * The state of one open Grid: its runtime (transport, filters, pools, timer), its channels to servers, its own node
 * for the values it puts, the references it made (for scopes and close) and the servers that borrowed them.
 * References point back to it through their {@link CallContext}.
 */
public final class Session implements AutoCloseable {
  private static final SecureRandom RANDOM = new SecureRandom();
  /**
   * Watches every Grid's reference objects; one daemon thread for the JVM (a Cleaner is a thread, and a thread per
   * Grid would cost more than it saves). Its actions only queue releases.
   */
  private static final java.lang.ref.Cleaner CLEANER = java.lang.ref.Cleaner.create(
      org.gridrmi.ref.internal.Daemons.factory("gridrmi-reference-cleaner"));
  /** Live reference objects per value id this Grid holds (several when a reference is copied). */
  private final Map<UUID, java.util.concurrent.atomic.AtomicInteger> live = new ConcurrentHashMap<>();
  private final Settings settings;
  private final NodeRuntime runtime;
  private final Fetcher fetcher;
  private final Map<String, ServerChannel> channels = new ConcurrentHashMap<>();
  private final ThreadLocal<Deque<Scope>> scopes = ThreadLocal.withInitial(ArrayDeque::new);
  /** Per value id, the channels of servers that received it as an argument (and may keep a replica for us). */
  private final Map<UUID, Set<ServerChannel>> borrowers = new ConcurrentHashMap<>();
  /** This Grid as a holder of values on servers (its leases), and the id of its own node if it puts values. */
  private final UUID holder = newId();
  /** This Grid's node, holding the values it puts; started by the first put, closed with the Grid. */
  private LocalNode home;
  private volatile boolean closed;
  private volatile java.util.function.Supplier<List<ServerInfo>> servers = List::of;

  /** What a Grid's builder sets. */
  public static final class Settings {
    public TlsStores tls;
    public InProcessNetwork network;
    public String host = "127.0.0.1";
    public Duration discoveryTimeout = Duration.ofSeconds(5);
    public final List<String> allow = new ArrayList<>();
    LinkPlan link = LinkPlan.NONE;
    Timeouts timeouts = Timeouts.DEFAULT;
    public Duration fetchWait = RuntimeSettings.DEFAULT.fetchWait();
    /** The longest between two renewals of a lease, whatever the server grants. */
    long maxRenewMillis = 15_000;

    public void link(String profile) {
      try {
        link = LinkPlan.parse(profile);
      } catch (IllegalArgumentException e) {
        throw new GridException(Status.INVALID_ARGUMENT, e.getMessage(), e);
      }
    }

    public void callTimeout(Duration d) {
      timeouts = new Timeouts(d, timeouts.fetchSlack(), timeouts.connect());
    }
  }

  public Session(Settings settings) {
    this.settings = settings;
    SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, settings.allow);
    String name = "client-" + ProcessHandle.current().pid() + "-" + Integer.toHexString(holder.hashCode());
    Transport transport = settings.network != null
        ? new InProcessTransport(settings.network.hub(), name, settings.timeouts, policy.filter())
        : new RmiTransport(new NetContext(settings.tls, settings.link, (int) settings.timeouts.connect().toMillis(),
            settings.host), settings.timeouts, policy.filter());
    this.runtime = new NodeRuntime(name, transport, policy, RuntimeSettings.DEFAULT.withTimeouts(settings.timeouts)
        .withFetchWait(settings.fetchWait));
    this.fetcher = new Fetcher(runtime, () -> null, null);
  }

  /** 128 random bits: a value id no one can guess (ids are capabilities: who knows one may read the value). */
  static UUID newId() {
    byte[] b = new byte[16];
    RANDOM.nextBytes(b);
    return new UUID(new BigInteger(1, java.util.Arrays.copyOf(b, 8)).longValue(),
        new BigInteger(1, java.util.Arrays.copyOfRange(b, 8, 16)).longValue());
  }

  ServerChannel channel(ServerInfo server) {
    return channels.computeIfAbsent(server.address(), a -> new ServerChannel(server, this));
  }

  public NodeRuntime runtime() { return runtime; }
  Fetcher fetcher() { return fetcher; }
  Settings settings() { return settings; }

  /** This Grid's identity as a holder of values. */
  UUID holder() { return holder; }

  /** This Grid's node if a put started it, else null. */
  synchronized LocalNode homeIfStarted() { return home; }

  private synchronized LocalNode home() {
    if (closed) throw new GridException(Status.CANCELLED, "put: the Grid is closed");
    if (home == null) {
      home = LocalNode.start(holder, runtime.name(), settings.host, 0, 60_000, runtime, NodeEndpoint::new);
    }
    return home;
  }

  /** Directories this session's Grid may use; each uses this session's sockets. */
  public Directory lookupDirectory(String url) {
    return LookupDirectories.unicast(url, settings.discoveryTimeout, runtime);
  }

  public Directory multicastDirectory(String... groups) {
    return LookupDirectories.multicast(settings.discoveryTimeout, runtime, groups);
  }

  public Directory staticDirectory(List<String> addresses) {
    return new StaticDirectory(addresses, runtime);
  }

  /** Where recovery looks for another server: the Grid's directory. */
  public void useServers(java.util.function.Supplier<List<ServerInfo>> servers) { this.servers = servers; }

  List<ServerInfo> servers() { return servers.get(); }
  public boolean closed() { return closed; }

  public TransportMetrics.Snapshot traffic() {
    return runtime.transport().traffic();
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
    Object snapshot = SerialPolicy.using(runtime.policy(), () -> WireValue.copyOf(value, runtime.policy()));
    LocalNode node = home();
    UUID id = newId();
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
    live.computeIfAbsent(ref.id(), k -> new java.util.concurrent.atomic.AtomicInteger()).incrementAndGet();
    CLEANER.register(ref, new Collected(this, ref.id(), context));
  }

  /** A reference object of this Grid became garbage: the last one for its value releases the value. */
  private void collected(UUID id, CallContext context) {
    java.util.concurrent.atomic.AtomicInteger n = live.get(id);
    if (n == null || n.decrementAndGet() > 0 || closed) return;
    context.submitted().whenComplete((x, t) -> release(id, context.channel(), Release.Cause.COLLECTED));
  }

  /**
   * What the cleaner runs for a collected reference. It holds the value's context, not the reference: the context
   * (the call's futures, its lineage) stays reachable until then, the reference does not.
   */
  private record Collected(Session session, UUID id, CallContext context) implements Runnable {
    @Override
    public void run() {
      session.collected(id, context);
    }
  }

  /** Server {@code channel} received {@code id} as an argument: it may keep a replica held for this Grid. */
  void lent(UUID id, ServerChannel channel) {
    borrowers.computeIfAbsent(id, k -> ConcurrentHashMap.newKeySet()).add(channel);
    channel.held.add(id);
  }

  /**
   * Releases a value everywhere this Grid holds it: on its owner (after the batch that made it was accepted, so the
   * release cannot overtake it) and on the servers that keep a replica of it for this Grid. The owner is told which
   * servers it was lent to, and keeps it for those that have not fetched it yet.
   */
  void release(UUID id, ServerChannel owner, Release.Cause cause) {
    if (live.remove(id) == null && cause == Release.Cause.COLLECTED) return; // released already
    Set<ServerChannel> borrowing = borrowers.remove(id);
    List<String> lentTo = borrowing == null ? List.of()
        : borrowing.stream().map(c -> c.server().address()).toList();
    Release release = new Release(id, cause, lentTo);
    if (borrowing != null) borrowing.forEach(c -> c.release(List.of(new Release(id, cause, List.of()))));
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
   * Releases everything this Grid made, stops renewing leases and closes this Grid's node and runtime (so that
   * nothing of it keeps the JVM alive); references made by it fail with CANCELLED.
   */
  @Override
  public void close() {
    LocalNode node;
    synchronized (this) {
      if (closed) return;
      closed = true;
      node = home;
    }
    channels.values().forEach(ServerChannel::close);
    ServerChannel.awaitReleases(channels.values(), settings.timeouts.call());
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
