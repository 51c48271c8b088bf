package org.gridrmi.server;

import java.time.Duration;
import java.util.ArrayList;
import java.rmi.server.RemoteObject;
import java.util.List;
import java.util.Map;
import org.gridrmi.lookup.LookupRegistration;
import org.gridrmi.lookup.ServerDescriptor;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.LocalNode;
import org.gridrmi.server.internal.DataflowExecutor;
import org.gridrmi.server.internal.ServerEndpoint;
import org.gridrmi.server.internal.ServiceRegistry;

/**
 * A GridRMI server: exports plain Java service interfaces over RMI, holds the values its calls make, and runs
 * async calls on a bounded pool as their arguments arrive.
 *
 * <pre>{@code
 * GridServer s = GridServer.builder().name("S1").port(5001)
 *     .export(MatrixOps.class, new JamaMatrixOps()).start();
 * }</pre>
 *
 * <p>Several servers may run in one JVM (tests do): each has its own node and port; values they hold are local
 * to each other, so references between them resolve without copies.
 */
public final class GridServer implements AutoCloseable {
  private final LocalNode node;
  private final DataflowExecutor executor;
  private final List<String> services;
  private final String lookup;
  private final List<AutoCloseable> attachments = new ArrayList<>();
  private final LookupRegistration registration;
  private final CountDownLatch terminated = new CountDownLatch(1);
  private final AtomicBoolean closing = new AtomicBoolean();

  private GridServer(Builder b) {
    ServiceRegistry registry = new ServiceRegistry();
    b.exports.forEach(e -> e.register(registry));
    this.services = registry.names();
    this.lookup = b.lookup;
    DataflowExecutor[] executor = new DataflowExecutor[1];
    // the executor exists before the endpoint is exported, so no call can arrive ahead of it
    this.node = LocalNode.start(UUID.randomUUID(), b.name, b.host, b.port, b.lease.toMillis(), n -> {
      executor[0] = new DataflowExecutor(n, registry, b.threads);
      return new ServerEndpoint(n, registry, executor[0]);
    });
    this.executor = executor[0];
    this.registration = b.lookup == null ? null : join(b);
    if (registration != null) closeWith(registration);
  }

  /** Registers every exported service with the lookup service, under a lease renewed until close. */
  private LookupRegistration join(Builder b) {
    java.net.URI uri = java.net.URI.create(node.address());
    ServerDescriptor d = new ServerDescriptor(node.name(), uri.getHost(), node.address(), services, Map.of());
    try {
      return LookupRegistration.join(java.net.URI.create(b.lookup), RemoteObject.toStub(node.endpoint()), d, b.joinLease);
    } catch (java.rmi.NoSuchObjectException | RuntimeException e) {
      node.close();
      executor.close();
      throw new GridException(Status.UNAVAILABLE, "server " + node.name() + " cannot join the lookup service "
          + b.lookup + ": " + e.getMessage(), e);
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  /** {@code rmi://host:port}, what clients connect to. */
  public String address() { return node.address(); }
  public String name() { return node.name(); }
  public int port() { return java.net.URI.create(node.address()).getPort(); }
  /** The exported service interfaces, by name. */
  public List<String> services() { return services; }
  /** How many values this server holds now (owned and replicas). */
  public int storeSize() { return node.table().size(); }
  /** The node's id (what its lookup registration and its stats carry). */
  public UUID id() { return node.id(); }
  /** The exported remote object, for a lookup service registration. */
  public java.rmi.Remote endpoint() { return node.endpoint(); }

  /**
   * Waits until the server is registered with the lookup service it joins (registration runs in the background and
   * retries until the lookup service answers).
   *
   * @return true once registered, or at once if the server joins no lookup service; false if {@code timeout} passed
   *     first or the server was closed
   * @throws InterruptedException if the calling thread is interrupted while waiting
   */
  public boolean awaitRegistered(Duration timeout) throws InterruptedException {
    if (registration == null) return true;
    long end = System.nanoTime() + timeout.toNanos();
    while (!registration.isRegistered()) {
      if (closing.get() || System.nanoTime() >= end) return false;
      Thread.sleep(10);
    }
    return true;
  }

  /** Whether the server is registered with its lookup service now (true if it joins none). */
  public boolean isRegistered() {
    return registration == null || registration.isRegistered();
  }

  /** The lookup service this server joins, {@code jini://host:port}, or null. */
  public String lookup() {
    return lookup;
  }

  /**
   * Blocks until {@link #close()} has finished, from any thread: what a server's {@code main} calls after
   * {@code start()} (with {@code close()} in a shutdown hook) so that the process serves until it is stopped.
   *
   * @throws InterruptedException if the calling thread is interrupted while waiting (the server keeps serving)
   */
  public void awaitTermination() throws InterruptedException {
    terminated.await();
  }

  /**
   * As {@link #awaitTermination()}, for at most {@code timeout}.
   *
   * @return true if the server has terminated, false if the timeout passed first
   * @throws InterruptedException if the calling thread is interrupted while waiting
   */
  public boolean awaitTermination(Duration timeout) throws InterruptedException {
    return terminated.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** True once {@link #close()} has finished. */
  public boolean isTerminated() {
    return terminated.getCount() == 0;
  }

  /** Calls this server has run since it started. */
  public long callsRun() {
    return executor.callsRun();
  }

  /** Closes {@code c} together with this server (a lookup registration, say). */
  public void closeWith(AutoCloseable c) {
    attachments.add(c);
  }

  /**
   * Stops serving: leaves the lookup service (its registration is cancelled at once), unexports the node; values it
   * held are gone, calls in progress are interrupted. Idempotent; a second call returns at once, and
   * {@link #awaitTermination()} returns once the first has finished.
   */
  @Override
  public void close() {
    if (!closing.compareAndSet(false, true)) return;
    try {
      closeAll();
    } finally {
      terminated.countDown();
    }
  }

  private void closeAll() {
    for (AutoCloseable c : attachments) {
      try {
        c.close();
      } catch (Exception ignored) {
        // best effort: the server goes down either way
      }
    }
    executor.close();
    node.close();
  }

  /** Configures a server; {@link #start()} binds its port. */
  public static final class Builder {
    private final List<Export<?>> exports = new ArrayList<>();
    private String name = "server";
    private String host = System.getProperty("java.rmi.server.hostname", "127.0.0.1");
    private int port;
    private int threads = Math.max(2, Runtime.getRuntime().availableProcessors());
    private Duration lease = Duration.ofMillis(Long.getLong("gridrmi.leaseMillis", 60_000));
    private String lookup;
    private Duration joinLease = Duration.ofSeconds(10);

    private Builder() {}

    public Builder name(String name) { this.name = name; return this; }
    /** The address other JVMs use to reach this server. */
    public Builder host(String host) { this.host = host; return this; }
    /** 0 (the default) picks a free port. */
    public Builder port(int port) {
      if (port < 0 || port > 65535) throw new GridException(Status.INVALID_ARGUMENT, "port " + port + " out of range 0..65535");
      this.port = port;
      return this;
    }
    /** Size of the compute pool. */
    public Builder threads(int threads) {
      if (threads < 1) throw new GridException(Status.INVALID_ARGUMENT, "threads must be at least 1, got " + threads);
      this.threads = threads;
      return this;
    }
    /** How long a client's values outlive its last lease renewal. */
    public Builder lease(Duration lease) {
      if (lease.isNegative() || lease.isZero()) throw new GridException(Status.INVALID_ARGUMENT, "lease must be positive: " + lease);
      this.lease = lease;
      return this;
    }
    /**
     * Registers the server with the Jini lookup service at {@code jini://host:port} when it starts; it stays
     * registered (re-registering after a lookup restart) until closed, and vanishes one lease after it dies.
     */
    public Builder join(String lookupUrl, Duration lease) {
      if (lease.isNegative() || lease.isZero()) throw new GridException(Status.INVALID_ARGUMENT, "join lease must be positive: " + lease);
      this.lookup = lookupUrl;
      this.joinLease = lease;
      return this;
    }

    public <S> Builder export(Class<S> iface, S impl) { exports.add(new Export<>(iface, impl)); return this; }

    /**
     * Binds the port, exports the services and, if a lookup service was given, starts registering with it in the
     * background (see {@link GridServer#awaitRegistered}).
     *
     * @throws GridException INVALID_ARGUMENT for no service, a host that does not resolve, a port in use or a
     *     malformed lookup address
     */
    public GridServer start() {
      if (exports.isEmpty()) throw new GridException(Status.INVALID_ARGUMENT, "server " + name + " exports no service");
      try {
        java.net.InetAddress.getByName(host);
      } catch (java.net.UnknownHostException e) {
        throw new GridException(Status.INVALID_ARGUMENT, "host '" + host + "' of server " + name
            + " cannot be resolved: other JVMs could not reach it", e);
      }
      if (lookup != null) {
        try {
          org.gridrmi.lookup.internal.JiniUrls.parse(lookup);
        } catch (IllegalArgumentException e) {
          throw new GridException(Status.INVALID_ARGUMENT, e.getMessage(), e);
        }
      }
      return new GridServer(this);
    }
  }

  private record Export<S>(Class<S> iface, S impl) {
    void register(ServiceRegistry r) { r.export(iface, impl); }
  }
}
