package org.gridrmi.client.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import org.gridrmi.client.GridScope;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.internal.Daemons;
import org.gridrmi.ref.internal.LocalNode;
import org.gridrmi.ref.internal.Nodes;
import org.gridrmi.ref.internal.Ref;
import org.gridrmi.ref.internal.RefContext;

/**
 * The state of one open Grid: its channels to servers, the references it made (for scopes and close), the
 * lease renewals. References point back to it through their {@link RefContext}.
 */
public final class Session implements AutoCloseable {
  private static final AtomicLong SEQUENCE = new AtomicLong();
  private final Map<String, ServerChannel> channels = new ConcurrentHashMap<>();
  private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(
      Daemons.factory("gridrmi-lease-renewal"));
  private final ThreadLocal<Deque<Scope>> scopes = ThreadLocal.withInitial(ArrayDeque::new);
  private final List<UUID> puts = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final long renewMillis;
  /** This Grid as a holder of values on servers (its leases), and the id of its own node if it puts values. */
  private final UUID holder = UUID.randomUUID();
  /** This Grid's node, holding the values it puts; started by the first put, closed with the Grid. */
  private LocalNode home;
  private volatile boolean closed;
  private volatile java.util.function.Supplier<List<ServerInfo>> servers = List::of;

  public Session(long renewMillis) {
    this.renewMillis = renewMillis;
  }

  /** A value id no other JVM will make: this JVM's id plus a sequence number. */
  static UUID newId() {
    return new UUID(Nodes.JVM_ID.getMostSignificantBits(),
        Nodes.JVM_ID.getLeastSignificantBits() + SEQUENCE.incrementAndGet());
  }

  ServerChannel channel(ServerInfo server) {
    return channels.computeIfAbsent(server.address(), a -> new ServerChannel(server, this));
  }

  ScheduledExecutorService timers() { return timers; }

  /** This Grid's identity as a holder of values. */
  UUID holder() { return holder; }

  /** This Grid's node if a put started it, else null. */
  synchronized LocalNode homeIfStarted() { return home; }

  private synchronized LocalNode home() {
    if (closed) throw new org.gridrmi.ref.GridException(org.gridrmi.ref.Status.CANCELLED, "put: the Grid is closed");
    if (home == null) {
      String host = System.getProperty("java.rmi.server.hostname", "127.0.0.1");
      home = LocalNode.start(holder, "client-" + ProcessHandle.current().pid(), host, 0,
          Long.getLong("gridrmi.leaseMillis", 60_000), org.gridrmi.ref.internal.StoreEndpoint::new);
    }
    return home;
  }

  /** Where recovery looks for another server: the Grid's directory. */
  public void useServers(java.util.function.Supplier<List<ServerInfo>> servers) { this.servers = servers; }

  List<ServerInfo> servers() { return servers.get(); }
  long renewMillis() { return renewMillis; }
  public boolean closed() { return closed; }

  /** Stores a value in this JVM's node; a server that needs it gets a copy pushed with the call. */
  public <T> RemoteReference<T> put(T value) {
    LocalNode home = home();
    UUID id = newId();
    home.table().put(id, holder, "put value", value);
    puts.add(id);
    Ref<T> ref = new Ref<>(id, home.address(), new CallContext(this, "put " + typeName(value),
        CompletableFuture.completedFuture(null), CompletableFuture.completedFuture(null), null, null));
    track(ref);
    return ref;
  }

  private static String typeName(Object v) {
    return v == null ? "null" : v.getClass().getSimpleName();
  }

  void track(Ref<?> ref) {
    Deque<Scope> d = scopes.get();
    if (!d.isEmpty()) d.peek().refs.add(ref);
  }

  void release(Ref<?> ref, ServerChannel channel) {
    if (channel == null) {
      puts.remove(ref.id());
      LocalNode home = homeIfStarted();
      if (home != null) home.table().release(holder, List.of(ref.id()));
      for (ServerChannel c : channels.values()) { // and the copies pushed to servers with calls
        if (c.pushed.contains(ref.id())) c.release(List.of(ref.id()));
      }
    } else {
      channel.release(List.of(ref.id()));
    }
  }

  public GridScope openScope() {
    Scope s = new Scope();
    scopes.get().push(s);
    return s;
  }

  /**
   * Releases everything this Grid made, stops renewing leases and closes this Grid's node (so that nothing of it
   * keeps the JVM alive); references made by it fail with CANCELLED.
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
    if (node != null) node.close();
    timers.shutdownNow();
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
