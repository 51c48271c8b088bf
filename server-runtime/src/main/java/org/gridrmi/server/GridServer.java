package org.gridrmi.server;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import io.opentelemetry.api.OpenTelemetry;
import org.gridrmi.lookup.LookupRegistration;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.KnownPeers;
import org.gridrmi.runtime.LocalNode;
import org.gridrmi.runtime.NodeRuntime;
import org.gridrmi.runtime.RuntimeSettings;
import org.gridrmi.runtime.store.StoreBudget;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.telemetry.NodeGauges;
import org.gridrmi.runtime.telemetry.Telemetry;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;
import org.gridrmi.runtime.Transports;
import org.gridrmi.ref.InternalInProcess;
import org.gridrmi.server.internal.DataflowExecutor;
import org.gridrmi.server.internal.LookupJoin;
import org.gridrmi.server.internal.ServerEndpoint;
import org.gridrmi.server.internal.ServiceRegistry;
import org.gridrmi.server.internal.TaskAllowlist;

/**
 * A GridRMI server: exports plain Java service interfaces, holds the values its calls make, and runs async calls on a
 * bounded pool as their arguments arrive. Everything it uses (TLS keys, link emulation, filters, timeouts, pools) is
 * its own, set on its builder: several servers, and Grids, with different settings may share a JVM.
 *
 * <pre>{@code
 * GridServer s = GridServer.builder().name("S1").port(5001)
 *     .export(MatrixOps.class, new JamaMatrixOps()).start();
 * Runtime.getRuntime().addShutdownHook(new Thread(s::close));
 * s.awaitTermination();
 * }</pre>
 *
 * <p>Several RMI servers in one JVM (tests do) resolve each other's values without copies; servers on an
 * {@link InProcessNetwork} behave as if each had a JVM of its own.
 */
public final class GridServer implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(GridServer.class.getName());
  private final NodeRuntime runtime;
  private final LocalNode node;
  private final DataflowExecutor executor;
  private final List<String> services;
  private final String lookup;
  private final List<AutoCloseable> attachments = new ArrayList<>();
  private final LookupRegistration registration;
  private final CountDownLatch terminated = new CountDownLatch(1);
  private final AtomicBoolean closing = new AtomicBoolean();

  private GridServer(Builder b, NodeRuntime runtime, ServiceRegistry registry, TaskAllowlist tasks) {
    this.runtime = runtime;
    this.services = registry.names();
    this.lookup = b.lookup;
    ServerEndpoint[] endpoint = new ServerEndpoint[1];
    // the executor exists before the endpoint is exported, so no call can arrive ahead of it
    this.node = LocalNode.start(UUID.randomUUID(), b.name, b.host, b.port, b.lease.toMillis(), b.store, runtime, n -> {
      KnownPeers peers = new KnownPeers(n::address, b.peers);
      DataflowExecutor e = new DataflowExecutor(n, registry, tasks, new DataflowExecutor.Limits(b.threads,
          b.maxQueuedCalls, b.maxPendingPerClient), peers);
      return endpoint[0] = new ServerEndpoint(n, registry, tasks, e, peers);
    });
    this.executor = endpoint[0].executor();
    NodeGauges gauges = NodeGauges.observe(runtime.telemetry(), node.name(), endpoint[0]::stats);
    if (gauges != null) closeWith(gauges);
    try {
      this.registration = b.lookup == null ? null : LookupJoin.join(node, b.exports.stream()
          .<Class<?>>map(Export::iface).toList(), services, b.lookup, b.joinLease);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
    if (registration != null) closeWith(registration);
    LOG.log(System.Logger.Level.INFO, "GridRMI server {0} started at {1} exporting {2} over {3}{4}", node.name(),
        node.address(), services, runtime.transport().describe(), lookup == null ? "" : ", joining " + lookup);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** {@code rmi://host:port} (or {@code inproc://name}), what clients connect to. */
  public String address() { return node.address(); }
  public String name() { return node.name(); }
  public int port() { return URI.create(node.address()).getPort(); }
  /** The exported service interfaces, by name. */
  public List<String> services() { return services; }
  /** How many values this server holds now (owned and replicas). */
  public int storeSize() { return node.table().size(); }
  /** The node's id (what its lookup registration and its stats carry). */
  public UUID id() { return node.id(); }
  /** Fetches of other nodes' values in flight now. */
  public int fetchesInFlight() { return executor.fetchesInFlight(); }
  /** Its transport, TLS and link, in one line. */
  public String describeTransport() { return runtime.transport().describe(); }

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
      for (AutoCloseable c : attachments) {
        try {
          c.close();
        } catch (Exception ignored) {
          // best effort: the server goes down either way
        }
      }
      executor.close();
      node.close();
      runtime.close();
      LOG.log(System.Logger.Level.INFO, "GridRMI server {0} stopped", node.name());
    } finally {
      terminated.countDown();
    }
  }

  @Override
  public String toString() {
    return "GridServer[" + node + "]";
  }

  /** Configures a server; {@link #start()} binds its port. */
  public static final class Builder {
    private final List<Export<?>> exports = new ArrayList<>();
    private final List<String> allow = new ArrayList<>();
    private final List<String> allowTasks = new ArrayList<>();
    private final List<String> peers = new ArrayList<>();
    private String name = "server";
    private String host = "127.0.0.1";
    private String bind;
    private int port;
    private int threads = Math.max(2, Runtime.getRuntime().availableProcessors());
    private int maxQueuedCalls = 10_000;
    private int maxPendingPerClient = 10_000;
    private Duration lease = Duration.ofSeconds(60);
    private String lookup;
    private Duration joinLease = Duration.ofSeconds(10);
    private TlsStores tls;
    private LinkPlan link = LinkPlan.NONE;
    private Timeouts timeouts = Timeouts.DEFAULT;
    private RuntimeSettings settings = RuntimeSettings.DEFAULT;
    private SerialPolicy.Limits limits = SerialPolicy.Limits.DEFAULT;
    private InProcessNetwork network;
    private StoreBudget store = StoreBudget.defaults();
    private OpenTelemetry openTelemetry;

    private Builder() {}

    /**
     * Where its spans and metrics go (default: the instance an OpenTelemetry SDK or the Java agent registered as
     * global, else nowhere, at no cost); {@code OpenTelemetry.noop()} turns them off.
     */
    public Builder openTelemetry(OpenTelemetry otel) { this.openTelemetry = otel; return this; }

    public Builder name(String name) { this.name = name; return this; }

    /** The address other JVMs use to reach this server (default 127.0.0.1); it also listens there (see {@link #bind}). */
    public Builder host(String host) { this.host = host; return this; }

    /**
     * The address to listen on, if not the advertised host: {@code 0.0.0.0} for every interface (the rare case of a
     * host known to others by an address it does not have, behind NAT).
     */
    public Builder bind(String address) { this.bind = address; return this; }

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

    /** Calls ready to run that may wait for a compute thread; past it a call fails with RESOURCE_EXHAUSTED. */
    public Builder maxQueuedCalls(int n) {
      if (n < 1) throw new GridException(Status.INVALID_ARGUMENT, "max queued calls must be at least 1, got " + n);
      this.maxQueuedCalls = n;
      return this;
    }

    /** Calls one client may have registered and not done here; past it its calls fail with RESOURCE_EXHAUSTED. */
    public Builder maxPendingCallsPerClient(int n) {
      if (n < 1) throw new GridException(Status.INVALID_ARGUMENT, "max pending calls must be at least 1, got " + n);
      this.maxPendingPerClient = n;
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

    /**
     * Nodes this server may fetch values from besides those it learns (nodes that call it, the servers of its clients'
     * Grids): {@code rmi://host:port}.
     */
    public Builder peers(String... addresses) { peers.addAll(List.of(addresses)); return this; }

    /** Mutual TLS on every connection of this server, in and out. */
    public Builder tls(TlsStores stores) { this.tls = stores; return this; }

    /**
     * An emulated link on this server's connections: {@code loopback}, {@code lan}, {@code paper-wan} or
     * {@code delay=21ms,bw=3MB/s}, or rules per peer by node name and address: {@code default=lan,S3=paper-wan,
     * S3-S4=lan,127.0.0.1:5004=drop} ({@code NAME}: every link of that node, {@code A-B}: one pair, the most specific
     * rule winning; {@code drop}: a partition). Give every JVM of a grid the same plan: each end shapes what it sends.
     * The names are checked against the grid's servers by the Grid built with the plan.
     *
     * @throws GridException INVALID_ARGUMENT naming the expected forms
     */
    public Builder link(String profile) {
      try {
        this.link = LinkPlan.parse(profile);
      } catch (IllegalArgumentException e) {
        throw new GridException(Status.INVALID_ARGUMENT, e.getMessage(), e);
      }
      return this;
    }

    /** More classes this server's streams may carry: {@code a.B}, {@code c.d.*} or {@code e.**}. */
    public Builder allow(String... patterns) { allow.addAll(List.of(patterns)); return this; }

    /** Task classes {@code execTask} may run, besides GridRMI's own (they must be on the class path). */
    public Builder allowTasks(String... patterns) { allowTasks.addAll(List.of(patterns)); return this; }

    /** How long short remote calls may take (submits, renewals, stats; default 5 s). */
    public Builder callTimeout(Duration d) {
      this.timeouts = new Timeouts(d, timeouts.fetchSlack(), timeouts.connect());
      return this;
    }

    /**
     * The longest one fetch long-poll waits, at this server as an owner and for this server's own fetches (default
     * 10 s): a fetch that waits longer asks again, and a stuck owner is noticed after it plus the call timeout.
     */
    public Builder fetchWait(Duration wait) {
      this.settings = settings.withFetchWait(wait);
      return this;
    }

    /** Bytes of values kept in memory (default half the heap); past it the least recently used go to disk. */
    public Builder maxStore(long bytes) { this.store = store.withMaxMemory(bytes); return this; }

    /** Where values that do not fit in memory go (default: the system's temporary directory); checked at start. */
    public Builder spillDir(java.nio.file.Path dir) { this.store = store.withSpillDir(dir); return this; }

    /** Bytes of values on disk (default half the free space of the spill directory's disk at start). */
    public Builder maxSpill(long bytes) { this.store = store.withMaxSpill(bytes); return this; }

    /** Limits on what this server deserializes (array lengths, depth, objects, bytes). */
    public Builder serialLimits(SerialPolicy.Limits l) { this.limits = l; return this; }

    /** The server lives on an in-process network instead of RMI (tests): its address is {@code inproc://NAME}. */
    public Builder inProcess(InProcessNetwork network) { this.network = network; return this; }

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
      if (lookup != null) LookupJoin.check(lookup, name, network != null);
      SerialPolicy policy = new SerialPolicy(limits, allow);
      TaskAllowlist tasks = new TaskAllowlist(policy);
      allowTasks.forEach(tasks::allow);
      ServiceRegistry registry = new ServiceRegistry(policy);
      exports.forEach(e -> e.register(registry));
      // a reference this server writes inside a value stays held here for one lease, as long as a holder may lapse
      RuntimeSettings s = settings.withTimeouts(timeouts).withReferenceTransit(lease);
      Transport transport = network != null ? InternalInProcess.transport(network, name, timeouts, policy.filter())
          : Transports.rmi(tls, link.as(name), timeouts, bind != null ? bind : host, policy.filter());
      NodeRuntime runtime = new NodeRuntime(name, transport, policy, s,
          openTelemetry == null ? Telemetry.global() : Telemetry.of(openTelemetry));
      try {
        return new GridServer(this, runtime, registry, tasks);
      } catch (RuntimeException e) {
        runtime.close();
        throw e;
      }
    }
  }

  private record Export<S>(Class<S> iface, S impl) {
    void register(ServiceRegistry r) { r.export(iface, impl); }
  }
}
