package org.gridrmi.server;

import static org.gridrmi.runtime.OptionChecks.allNotBlank;
import static org.gridrmi.runtime.OptionChecks.atLeast;
import static org.gridrmi.runtime.OptionChecks.between;
import static org.gridrmi.runtime.OptionChecks.classPatterns;
import static org.gridrmi.runtime.OptionChecks.notBlank;
import static org.gridrmi.runtime.OptionChecks.notNull;
import static org.gridrmi.runtime.OptionChecks.parsed;
import static org.gridrmi.runtime.OptionChecks.positive;

import io.opentelemetry.api.OpenTelemetry;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gridrmi.lookup.LookupRegistration;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.InternalInProcess;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.KnownPeers;
import org.gridrmi.runtime.LocalNode;
import org.gridrmi.runtime.NodeRuntime;
import org.gridrmi.runtime.RuntimeSettings;
import org.gridrmi.runtime.Transports;
import org.gridrmi.runtime.net.GridSecret;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.store.StoreBudget;
import org.gridrmi.runtime.telemetry.LogLines;
import org.gridrmi.runtime.telemetry.NodeGauges;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;
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
  private final long startedNanos = System.nanoTime();
  private final AtomicBoolean closing = new AtomicBoolean();

  private GridServer(
      ServerSettings s, NodeRuntime runtime, ServiceRegistry registry, TaskAllowlist tasks) {
    this.runtime = runtime;
    this.services = registry.names();
    this.lookup = s.lookup();
    ServerEndpoint[] endpoint = new ServerEndpoint[1];
    // the executor exists before the endpoint is exported, so no call can arrive ahead of it
    this.node = LocalNode.start(
        UUID.randomUUID(),
        s.name(),
        s.host(),
        s.port(),
        s.lease().toMillis(),
        s.store(),
        runtime,
        n -> {
          KnownPeers peers = new KnownPeers(n::address, s.peers());
          DataflowExecutor e = new DataflowExecutor(n, registry, tasks, s.limits(), peers);
          return endpoint[0] = new ServerEndpoint(n, registry, tasks, e, peers);
        });
    this.executor = endpoint[0].executor();
    NodeGauges gauges = NodeGauges.observe(runtime.telemetry(), node.name(), endpoint[0]::stats);
    if (gauges != null) closeWith(gauges);
    try {
      this.registration = lookup == null
          ? null
          : LookupJoin.join(node, s.interfaces(), services, lookup, s.joinLease());
    } catch (RuntimeException e) {
      close();
      throw e;
    }
    if (registration != null) closeWith(registration);
    LOG.log(
        System.Logger.Level.INFO,
        "GridRMI server {0} started at {1} exporting {2} over {3}{4}",
        node.name(),
        node.address(),
        services,
        runtime.transport().describe(),
        lookup == null ? "" : ", joining " + lookup);
  }

  /**
   * Starts a server with these settings, what {@link Builder#start()} does once its options are fixed: checks what
   * only the whole of them can tell, then builds the server's filter, services, transport and runtime.
   */
  private static GridServer start(ServerSettings s) {
    if (s.exports().isEmpty()) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "server " + s.name() + " exports no service");
    }
    try {
      InetAddress.getByName(s.host());
    } catch (UnknownHostException e) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "host '" + s.host() + "' of server " + s.name()
              + " cannot be resolved: other JVMs could not reach it",
          e);
    }
    if (s.lookup() != null) LookupJoin.check(s.lookup(), s.name(), s.network() != null);
    SerialPolicy policy = new SerialPolicy(s.serialLimits(), s.allow(), SerialPolicy.Side.SERVER);
    TaskAllowlist tasks = new TaskAllowlist(policy);
    s.allowTasks().forEach(tasks::allow);
    ServiceRegistry registry = new ServiceRegistry(policy);
    s.exports().forEach(e -> e.register(registry));
    Transport transport = s.network() != null
        ? InternalInProcess.transport(s.network(), s.name(), s.timeouts(), policy.filter())
        : Transports.rmi(
            s.tls(),
            GridSecret.choose(
                s.secret(), s.insecure(), s.tls() != null, "GridRMI server " + s.name()),
            s.link().as(s.name()),
            s.timeouts(),
            s.listenAddress(),
            policy.filter());
    NodeRuntime runtime = new NodeRuntime(s.name(), transport, policy, s.runtime(), s.telemetry());
    try {
      return new GridServer(s, runtime, registry, tasks);
    } catch (RuntimeException e) {
      runtime.close();
      throw e;
    }
  }

  /** A server to configure; {@link Builder#start()} starts it. */
  public static Builder builder() {
    LogLines.oneLineUnlessConfigured(); // before this instance's first log line
    return new Builder();
  }

  /** {@code rmi://host:port} (or {@code inproc://name}), what clients connect to. */
  public String address() {
    return node.address();
  }
  /** Its name, as {@link Builder#name} set it. */
  public String name() {
    return node.name();
  }
  /** The port it listens on (the one chosen if it was given 0; -1 on an in-process network). */
  public int port() {
    return URI.create(node.address()).getPort();
  }
  /** The exported service interfaces, by name. */
  public List<String> services() {
    return services;
  }
  /** How many values this server holds now (owned and replicas). */
  public int storeSize() {
    return node.table().size();
  }
  /**
   * How many holders (Grids, and other servers holding references to its values) have a lease here now: a holder
   * counts from its first hold or batch until its lease lapses (one lease after its last renewal).
   */
  public int holders() {
    return node.table().holders();
  }

  /** The node's id (what its lookup registration and its stats carry). */
  public UUID id() {
    return node.id();
  }
  /** Fetches of other nodes' values in flight now. */
  public int fetchesInFlight() {
    return executor.fetchesInFlight();
  }
  /** Its transport, TLS and link, in one line. */
  public String describeTransport() {
    return runtime.transport().describe();
  }

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

  /**
   * One line saying how long this server served and how many calls it ran, {@code "GridRMI server S1 stopped after
   * 12 s, 1 call run"}: what {@link #close()} logs, and what a server main prints from its shutdown hook after
   * {@code close()} (a line logged while the JVM exits may be lost: java.util.logging closes its handlers in a
   * shutdown hook of its own).
   */
  public String stoppedLine() {
    long calls = callsRun();
    return "GridRMI server " + node.name() + " stopped after "
        + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startedNanos) + " s, " + calls
        + (calls == 1 ? " call run" : " calls run");
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
      LOG.log(System.Logger.Level.INFO, stoppedLine());
    } finally {
      terminated.countDown();
    }
  }

  @Override
  public String toString() {
    return "GridServer[" + node + "]";
  }

  /**
   * Configures a server; {@link #start()} binds its port.
   *
   * <p>Each method checks its argument at once and returns this builder: a bad argument is an
   * {@link GridException} of status INVALID_ARGUMENT (null included) naming the option and the value. What
   * can only be checked when the server starts (a host that does not resolve, a port in use, a spill directory that
   * cannot be made, a malformed lookup address, no service) fails {@link #start()} with a {@link GridException}.
   * Options keep the last value set, except those that add ({@link #export}, {@link #allow}, {@link #allowTasks},
   * {@link #peers}); the settings are fixed when {@link #start()} starts the server, so changing the builder
   * afterwards changes no server it started. Not thread-safe.
   */
  public static final class Builder {
    private final List<ServerSettings.Export<?>> exports = new ArrayList<>();
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
    private int maxPendingCalls = 100_000;
    private Duration lease = Duration.ofSeconds(60);
    private String lookup;
    private Duration joinLease = Duration.ofSeconds(10);
    private TlsStores tls;
    private java.nio.file.Path secret;
    private boolean insecure;
    private LinkPlan link = LinkPlan.NONE;
    private Duration callTimeout = Timeouts.DEFAULT.call();
    private Duration fetchWait = RuntimeSettings.DEFAULT.fetchWait();
    private org.gridrmi.runtime.Ticker ticker = org.gridrmi.runtime.Ticker.SYSTEM;
    private StoreBudget store = StoreBudget.defaults();
    private SerialPolicy.Limits serialLimits = SerialPolicy.Limits.DEFAULT;
    private InProcessNetwork network;
    private OpenTelemetry openTelemetry;

    private Builder() {}

    /**
     * Where its spans and metrics go; {@code OpenTelemetry.noop()} turns them off. Default: the instance an
     * OpenTelemetry SDK or the Java agent registered as global when the server starts, else nowhere, at no cost.
     *
     * @throws GridException INVALID_ARGUMENT if {@code otel} is null
     */
    public Builder openTelemetry(OpenTelemetry otel) {
      this.openTelemetry = notNull("openTelemetry", otel);
      return this;
    }

    /**
     * Its name: in its log lines, its stats, its lookup registration, its {@code inproc://} address and the link
     * rules by node name ({@link #link}). Default: {@code server}.
     *
     * @throws GridException INVALID_ARGUMENT if {@code name} is null
     * @throws GridException INVALID_ARGUMENT if it is blank
     */
    public Builder name(String name) {
      this.name = notBlank("name", name);
      return this;
    }

    /**
     * The address other JVMs use to reach this server, a host name or IP address of this machine; it also listens
     * there unless {@link #bind} says otherwise. Default: {@code 127.0.0.1}. A host that does not resolve fails
     * {@link #start()}.
     *
     * @throws GridException INVALID_ARGUMENT if {@code host} is null
     * @throws GridException INVALID_ARGUMENT if it is blank
     */
    public Builder host(String host) {
      this.host = notBlank("host", host);
      return this;
    }

    /**
     * The address to listen on, if not the advertised {@link #host}: {@code 0.0.0.0} for every interface (the rare
     * case of a host known to others by an address it does not have, behind NAT). Default: the host.
     *
     * @throws GridException INVALID_ARGUMENT if {@code address} is null
     * @throws GridException INVALID_ARGUMENT if it is blank
     */
    public Builder bind(String address) {
      this.bind = notBlank("bind", address);
      return this;
    }

    /**
     * The port it listens on, 0 for a free one ({@link GridServer#port()} tells which). Default: 0. A port in use
     * fails {@link #start()}.
     *
     * @throws GridException INVALID_ARGUMENT unless it is 0 to 65535
     */
    public Builder port(int port) {
      this.port = between("port", 0, 65535, port);
      return this;
    }

    /**
     * Size of the compute pool that runs its calls once their arguments are here. Default: the number of cores, at
     * least 2.
     *
     * @throws GridException INVALID_ARGUMENT if it is below 1
     */
    public Builder threads(int threads) {
      this.threads = (int) atLeast("threads", 1, threads);
      return this;
    }

    /**
     * Calls ready to run that may wait for a compute thread; past it a call fails with RESOURCE_EXHAUSTED naming the
     * limit. Default: 10,000.
     *
     * @throws GridException INVALID_ARGUMENT if it is below 1
     */
    public Builder maxQueuedCalls(int n) {
      this.maxQueuedCalls = (int) atLeast("maxQueuedCalls", 1, n);
      return this;
    }

    /**
     * Calls one client may have registered and not done here; past it its calls fail with RESOURCE_EXHAUSTED naming
     * the limit, and the server keeps serving the others. A client is the peer its connection proved: its
     * certificate's subject under TLS, else its address (so clients sharing a host share the limit); never the holder
     * id a caller chooses. Default: 10,000.
     *
     * @throws GridException INVALID_ARGUMENT if it is below 1
     */
    public Builder maxPendingCallsPerClient(int n) {
      this.maxPendingPerClient = (int) atLeast("maxPendingCallsPerClient", 1, n);
      return this;
    }

    /**
     * Calls all clients together may have registered and not done here; past it new calls fail with
     * RESOURCE_EXHAUSTED naming the limit. Default: 100,000.
     *
     * @throws GridException INVALID_ARGUMENT if it is below 1
     */
    public Builder maxPendingCalls(int n) {
      this.maxPendingCalls = (int) atLeast("maxPendingCalls", 1, n);
      return this;
    }

    /**
     * How long a client's values outlive its last lease renewal (a crashed client leaks nothing longer); a
     * reference this server writes inside a value also stays held here that long. Default: 60 s.
     *
     * @throws GridException INVALID_ARGUMENT if {@code lease} is null
     * @throws GridException INVALID_ARGUMENT unless it is positive
     */
    public Builder lease(Duration lease) {
      this.lease = positive("lease", lease);
      return this;
    }

    /**
     * Registers the server with the Jini lookup service at {@code jini://host:port} when it starts; it stays
     * registered (re-registering after a lookup restart) until closed, and vanishes one {@code lease} after it dies.
     * Default: it joins no lookup service. A malformed address, or a server on an in-process network, fails
     * {@link #start()}.
     *
     * @throws GridException INVALID_ARGUMENT if {@code lookupUrl} or {@code lease} is null
     * @throws GridException INVALID_ARGUMENT if {@code lookupUrl} is blank or {@code lease} is not positive
     */
    public Builder join(String lookupUrl, Duration lease) {
      String url = notBlank("join lookupUrl", lookupUrl);
      this.joinLease = positive("join lease", lease);
      this.lookup = url;
      return this;
    }

    /**
     * Nodes this server may fetch values from besides those it learns (nodes that call it, the servers of its
     * clients' Grids): {@code rmi://host:port}, added to those given before. Default: none.
     *
     * @throws GridException INVALID_ARGUMENT if {@code addresses} or one of them is null
     * @throws GridException INVALID_ARGUMENT if one is blank
     */
    public Builder peers(String... addresses) {
      peers.addAll(allNotBlank("peers", addresses));
      return this;
    }

    /**
     * The file of the grid secret this server's connections prove, both ways, in and out: a peer that does not prove
     * it is refused before anything else is read from its connection (one WARNING line per peer address a minute at
     * most), and the peer gets {@code PERMISSION_DENIED} naming this server and the fix. The file must exist, be
     * readable by its owner only and hold 64 hex digits; it is read by {@link #start()}. Default:
     * {@code GridSecret.defaultFile()}: the file {@code GRIDRMI_SECRET_FILE} names, else
     * {@code ~/.config/gridrmi/secret} (under {@code XDG_CONFIG_HOME} if set), made on first use. Replaces an earlier
     * {@link #insecure()}; unused under {@link #tls}, whose certificates authenticate instead.
     *
     * @throws GridException INVALID_ARGUMENT if {@code file} is null; {@link #start()} fails INVALID_ARGUMENT naming
     *     the file and the fix if it is missing, others may read it, or it holds no secret
     */
    public Builder secret(java.nio.file.Path file) {
      this.secret = notNull("secret", file);
      this.insecure = false;
      return this;
    }

    /**
     * No grid secret and no TLS: this server accepts calls from anyone who can reach its port, and reaches only
     * peers that run insecure too. An explicit opt-out for a private network; {@link #start()} logs one WARNING line
     * saying so. Replaces an earlier {@link #secret(java.nio.file.Path)}. Default: off (the default secret is used).
     */
    public Builder insecure() {
      this.insecure = true;
      this.secret = null;
      return this;
    }

    /**
     * Mutual TLS on every connection of this server, in and out, with these key and trust stores; the certificates
     * replace the grid secret. Default: none, plain connections that prove the grid secret (plain clients and servers
     * cannot reach it, nor it them: either side says so in one line).
     *
     * @throws GridException INVALID_ARGUMENT if {@code stores} is null
     */
    public Builder tls(TlsStores stores) {
      this.tls = notNull("tls", stores);
      return this;
    }

    /**
     * An emulated link on this server's connections: {@code loopback}, {@code lan}, {@code paper-wan} or
     * {@code delay=21ms,bw=3MB/s}, or rules per peer by node name and address: {@code default=lan,S3=paper-wan,
     * S3-S4=lan,127.0.0.1:5004=drop} ({@code NAME}: every link of that node, {@code A-B}: one pair, the most specific
     * rule winning; {@code drop}: a partition). Give every JVM of a grid the same plan: each end shapes what it sends.
     * The names are checked against the grid's servers by the Grid built with the plan. Default: none, the network
     * as it is.
     *
     * @throws GridException INVALID_ARGUMENT if {@code profile} is null
     * @throws GridException INVALID_ARGUMENT naming the bad part and the forms it takes
     */
    public Builder link(String profile) {
      this.link = parsed("link", profile, LinkPlan::parse);
      return this;
    }

    /**
     * More classes this server's streams may carry, added to those allowed already: a class {@code a.B}, a package's
     * classes {@code c.d.*} or a package's and its subpackages' {@code e.**} (several may be given in one string,
     * separated by commas). Default: none besides JDK value types, GridRMI's own types and the classes in the
     * signatures of the services it exports.
     *
     * @throws GridException INVALID_ARGUMENT if {@code patterns} or one of them is null
     * @throws GridException INVALID_ARGUMENT naming a pattern that is none of these forms
     */
    public Builder allow(String... patterns) {
      allow.addAll(classPatterns("allow", patterns));
      return this;
    }

    /**
     * Task classes {@code execTask} may run besides GridRMI's own, added to those allowed already, in the forms
     * {@link #allow} takes; they must be on the server's class path (task code is never uploaded). Default: none.
     *
     * @throws GridException INVALID_ARGUMENT if {@code patterns} or one of them is null
     * @throws GridException INVALID_ARGUMENT naming a pattern that is none of these forms
     */
    public Builder allowTasks(String... patterns) {
      allowTasks.addAll(classPatterns("allowTasks", patterns));
      return this;
    }

    /**
     * How long short remote calls (submits, renewals, stats) may take before the peer counts as stuck and the call
     * fails with UNAVAILABLE. Default: 5 s.
     *
     * @throws GridException INVALID_ARGUMENT if {@code timeout} is null
     * @throws GridException INVALID_ARGUMENT unless it is positive
     */
    public Builder callTimeout(Duration timeout) {
      this.callTimeout = positive("callTimeout", timeout);
      return this;
    }

    /**
     * The longest one fetch long-poll waits, at this server as an owner and for this server's own fetches: a fetch
     * that waits longer asks again, and a stuck owner is noticed after it plus the call timeout. Default: 10 s.
     *
     * @throws GridException INVALID_ARGUMENT if {@code wait} is null
     * @throws GridException INVALID_ARGUMENT unless it is positive
     */
    public Builder fetchWait(Duration wait) {
      this.fetchWait = positive("fetchWait", wait);
      return this;
    }

    /**
     * Bytes of values kept in memory; past it the least recently used go to disk ({@link #spillDir}). Default: half
     * the heap.
     *
     * @throws GridException INVALID_ARGUMENT if it is below 1
     */
    public Builder maxStore(long bytes) {
      this.store = store.withMaxMemory(atLeast("maxStore", 1, bytes));
      return this;
    }

    /**
     * Where values that do not fit in memory go: a directory of this server's own is made inside, and deleted when
     * it stops. Default: the system's temporary directory. A directory that cannot be made fails {@link #start()}.
     *
     * @throws GridException INVALID_ARGUMENT if {@code dir} is null
     */
    public Builder spillDir(Path dir) {
      this.store = store.withSpillDir(notNull("spillDir", dir));
      return this;
    }

    /**
     * Bytes of values on disk; past it a value that fits nowhere fails with RESOURCE_EXHAUSTED. Default: 4 times
     * {@link #maxStore} ({@code StoreBudget.SPILL_PER_MEMORY}), at most half the free space of the spill directory's
     * disk when the server starts.
     *
     * @throws GridException INVALID_ARGUMENT if it is negative
     */
    public Builder maxSpill(long bytes) {
      this.store = store.withMaxSpill(atLeast("maxSpill", 0, bytes));
      return this;
    }

    /**
     * Limits on what this server deserializes: elements of one array, depth of an object graph, objects and bytes
     * of one stream. Default: {@link SerialPolicy.Limits#DEFAULT} (300,000,000 elements, depth 64, 2,000,000
     * objects, the smaller of 1 GB and half the heap).
     *
     * @throws GridException INVALID_ARGUMENT if {@code limits} is null
     */
    public Builder serialLimits(SerialPolicy.Limits limits) {
      this.serialLimits = notNull("serialLimits", limits);
      return this;
    }

    /**
     * The server lives on an in-process network instead of RMI (tests): its address is {@code inproc://NAME}.
     * Default: none, RMI.
     *
     * @throws GridException INVALID_ARGUMENT if {@code network} is null
     */
    public Builder inProcess(InProcessNetwork network) {
      this.network = notNull("inProcess", network);
      return this;
    }

    /**
     * Exports {@code impl} as the service {@code iface}, a plain Java interface (a {@code @GridService}), added to
     * those exported already; clients call it through the interface's views. At least one is required.
     *
     * @throws GridException INVALID_ARGUMENT if {@code iface} or {@code impl} is null
     * @throws GridException INVALID_ARGUMENT if {@code iface} is not an interface or {@code impl} does not implement it
     */
    public <S> Builder export(Class<S> iface, S impl) {
      notNull("export iface", iface);
      notNull("export impl", impl);
      if (!iface.isInterface()) {
        throw new GridException(
            Status.INVALID_ARGUMENT, "export takes an interface, got the class " + iface.getName());
      }
      if (!iface.isInstance(impl)) {
        throw new GridException(
            Status.INVALID_ARGUMENT,
            "export impl must implement " + iface.getName() + ", got a "
                + impl.getClass().getName());
      }
      exports.add(new ServerSettings.Export<>(iface, impl));
      return this;
    }

    /**
     * Where this server reads the time, for tests and simulations that move time themselves: a source of
     * {@link System#nanoTime()}-like readings (nanoseconds from an arbitrary origin, never decreasing). Its holders'
     * leases, borrows, holds waiting for their value, the pins of references in transit and the pauses between
     * resends of its own holds and releases are counted on it; timers (the lease sweep among them) still fire on the
     * system clock and then decide by this one, and call deadlines are timed on the system clock. Default:
     * {@code System::nanoTime}.
     *
     * @throws GridException INVALID_ARGUMENT if {@code nanoTime} is null
     */
    public Builder ticker(java.util.function.LongSupplier nanoTime) {
      this.ticker = notNull("ticker", nanoTime)::getAsLong;
      return this;
    }

    /**
     * Binds the port, exports the services and, if a lookup service was given, starts registering with it in the
     * background (see {@link GridServer#awaitRegistered}).
     *
     * @throws GridException INVALID_ARGUMENT for no service, a host that does not resolve, a port in use, a spill
     *     directory that cannot be made or a malformed lookup address
     */
    public GridServer start() {
      return GridServer.start(new ServerSettings(
          name,
          host,
          bind,
          port,
          new DataflowExecutor.Limits(
              threads, maxQueuedCalls, maxPendingPerClient, maxPendingCalls),
          lease,
          peers,
          lookup,
          joinLease,
          tls,
          secret,
          insecure,
          link,
          allow,
          allowTasks,
          new Timeouts(callTimeout, Timeouts.DEFAULT.fetchSlack(), Timeouts.DEFAULT.connect()),
          fetchWait,
          store,
          serialLimits,
          network,
          openTelemetry,
          exports,
          ticker));
    }
  }
}
