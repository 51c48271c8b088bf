package org.gridrmi.client;

import static org.gridrmi.runtime.OptionChecks.allNotBlank;
import static org.gridrmi.runtime.OptionChecks.atLeast;
import static org.gridrmi.runtime.OptionChecks.classPatterns;
import static org.gridrmi.runtime.OptionChecks.notBlank;
import static org.gridrmi.runtime.OptionChecks.notNull;
import static org.gridrmi.runtime.OptionChecks.parsed;
import static org.gridrmi.runtime.OptionChecks.positive;

import io.opentelemetry.api.OpenTelemetry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.gridrmi.client.internal.Directory;
import org.gridrmi.client.internal.EnvironmentLookup;
import org.gridrmi.client.internal.GridSettings;
import org.gridrmi.client.internal.Session;
import org.gridrmi.client.internal.Views;
import org.gridrmi.ref.AsyncView;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.RuntimeSettings;
import org.gridrmi.runtime.net.GridSecret;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.store.StoreBudget;
import org.gridrmi.runtime.telemetry.LogLines;
import org.gridrmi.runtime.transport.Timeouts;

/**
 * A client's connection to a Grid of servers: the entry point of GridRMI.
 *
 * <pre>{@code
 * try (Grid grid = Grid.connect("rmi://localhost:5001", "rmi://localhost:5002")) {
 *   MatrixOpsAsync srv = grid.async(MatrixOpsAsync.class);
 *   RemoteReference<Matrix> a = grid.put(A);
 *   RemoteReference<Double> r = srv.normInf(srv.times(a, a));   // returns at once
 *   double norm = r.get();                                      // typed, no casts
 * }
 * }</pre>
 *
 * <p>Everything a Grid uses (TLS keys, link emulation, filters, timeouts, pools) is its own, set on its
 * {@link #builder()}: two Grids in one JVM, one over TLS and one plain, work side by side. Thread-safe. Closing it
 * releases every value it made on every server and fails its references with {@link Status#CANCELLED}; values
 * already fetched stay valid.
 */
public final class Grid implements AutoCloseable {
  /** The environment variable that names the grid a batch job's program runs in: {@value}. */
  public static final String LOOKUP_ENV = EnvironmentLookup.VARIABLE;

  private final Directory directory;
  private final Session session;

  /** The state behind this Grid, for the gates of this package ({@link InternalPlacement}). */
  Session session() {
    return session;
  }

  private Grid(Session session, Directory directory) {
    this.session = session;
    this.directory = directory;
    session.useServers(directory::servers);
  }

  /**
   * Connects to servers by address: {@code rmi://host:port} for each server, or one {@code jini://host:port}
   * lookup service through which servers are discovered; default settings (see {@link #builder()} for others).
   *
   * @throws GridException INVALID_ARGUMENT for a malformed address, or one with the wrong scheme for its port
   *     ({@code rmi://} at a lookup service's, {@code jini://} at a GridRMI server's: the message names the address to
   *     use); UNAVAILABLE if one does not answer
   * @throws GridException INVALID_ARGUMENT for no address, or a {@code jini://} address among others (see
   *     {@link Builder#connect})
   */
  public static Grid connect(String... addresses) {
    return builder().connect(addresses).build();
  }

  /**
   * Connects to the grid this program runs in: the lookup service named by the environment variable
   * {@value #LOOKUP_ENV} ({@code jini://HOST:PORT}, which {@code deploy/slurm/gridrmi.sbatch} exports to its job's
   * command); default settings. This and {@link Builder#lookupFromEnvironment()} are the only places where GridRMI
   * reads the environment: a Grid built otherwise is configured by its builder alone.
   *
   * @throws GridException INVALID_ARGUMENT naming the variable if it is unset or malformed, UNAVAILABLE if the lookup
   *     service does not answer
   */
  public static Grid connect() {
    return builder().lookupFromEnvironment().build();
  }

  /**
   * Finds lookup services by multicast discovery in these groups (none: the public group) and uses the servers
   * they list; default settings.
   *
   * @throws GridException UNAVAILABLE if no lookup service answers within 5 s
   */
  public static Grid discover(String... groups) {
    return builder().discover(groups).build();
  }

  /** A Grid with settings of its own. */
  public static Builder builder() {
    LogLines.oneLineUnlessConfigured(); // before this instance's first log line
    return new Builder();
  }

  /** All servers known now. */
  public List<ServerInfo> servers() {
    return directory.servers();
  }

  /**
   * The servers registered with the lookup service when this Grid connected whose service interfaces this JVM cannot
   * load (their jars are not on its class path), each with those services: a Jini client sees only the services it
   * can load, so these are not in {@link #servers()}. Taken once, when the Grid connects; empty for a Grid given
   * servers by address.
   */
  public List<ServerInfo> unloadableServers() {
    return directory.unloadable();
  }

  /** The servers offering {@code service} now. */
  public List<ServerInfo> servers(Class<?> service) {
    return servers().stream().filter(s -> s.offers(service)).toList();
  }

  /** Calls {@code listener} with the new server list whenever the lookup service sees servers come or go. */
  public void onServersChanged(Consumer<List<ServerInfo>> listener) {
    directory.onChange(listener);
  }

  /**
   * The async (improved) view of a service on a server that offers it; calls return references at once.
   *
   * @param view the generated {@code ...Async} interface of a {@code @GridService} interface
   * @throws GridException NOT_FOUND listing what is registered if no server offers the service
   */
  public <A extends AsyncView<?>> A async(Class<A> view) {
    return async(view, CallOptions.DEFAULT);
  }

  /**
   * The async view with a chosen server and/or deadline, or with each call placed by the cost model
   * ({@link CallOptions#auto()}; then calls fail with UNAVAILABLE when no server offers the service any more).
   */
  public <A extends AsyncView<?>> A async(Class<A> view, CallOptions options) {
    Class<?> service = Views.serviceOf(view);
    if (options.automatic())
      return Views.auto(session, view, options.deadline(), () -> offering(service, s -> true));
    ServerInfo server = options.server() != null ? options.server() : choose(service, s -> true);
    return Views.async(session, server, view, options.deadline());
  }

  /**
   * Why the {@link CallOptions#auto()} call that made {@code ref} went where it did: each candidate's prediction in
   * its parts and the choice, or that it was placed by locality (no calibration yet); see {@link Placement}.
   * @throws GridException INVALID_ARGUMENT for a reference not made by a call of this Grid, NOT_FOUND for one whose
   *     view was not automatic or that is older than the last 10,000 placements
   */
  public Placement explain(RemoteReference<?> ref) {
    return Views.explain(session, ref, servers());
  }

  /** The async view on a given server. */
  public <A extends AsyncView<?>> A async(Class<A> view, ServerInfo server) {
    return async(view, CallOptions.on(server));
  }

  /** Plain RMI, the baseline: synchronous calls whose arguments and results travel by value through the client. */
  public <S> S plain(Class<S> service) {
    return plain(service, CallOptions.DEFAULT);
  }

  /** Plain RMI on a given server. */
  public <S> S plain(Class<S> service, ServerInfo server) {
    return plain(service, CallOptions.on(server));
  }

  /** Plain RMI with a chosen server and/or deadline (a plain call without one may take as long as it runs). */
  public <S> S plain(Class<S> service, CallOptions options) {
    ServerInfo server = options.server() != null ? options.server() : choose(service, s -> true);
    return Views.plain(session, server, service, options.deadline());
  }

  /**
   * The server offering {@code service} that {@code filter} accepts, with the lowest reported load first.
   *
   * @throws GridException NOT_FOUND listing what is registered, and naming the servers registered whose service
   *     interfaces this JVM cannot load ({@link #unloadableServers()})
   */
  public ServerInfo choose(Class<?> service, Predicate<ServerInfo> filter) {
    List<ServerInfo> offering = offering(service, filter);
    if (offering.isEmpty()) {
      List<ServerInfo> all = servers();
      String unloadable = directory.describeUnloadable();
      throw new GridException(
          Status.NOT_FOUND,
          "no server offers " + service.getName() + " (through "
              + directory.describe() + "); registered: "
              + (all.isEmpty()
                  ? "none"
                  : all.stream().map(s -> s.name() + " " + s.services()).toList())
              + (unloadable.isEmpty()
                  ? ""
                  : "; " + unloadable + " (add their jars to this program's class path)"));
    }
    return offering.get(0);
  }

  private List<ServerInfo> offering(Class<?> service, Predicate<ServerInfo> filter) {
    return servers().stream()
        .filter(s -> s.offers(service))
        .filter(filter)
        .sorted(Comparator.comparingDouble(ServerInfo::load))
        .toList();
  }

  /** The server with this name. */
  public ServerInfo server(String name) {
    return servers().stream()
        .filter(s -> s.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new GridException(
            Status.NOT_FOUND,
            "no server named " + name + "; known: "
                + servers().stream().map(ServerInfo::name).toList()));
  }

  /**
   * Stores a snapshot of a value in this Grid's own node and returns its reference: the value is serialized now, so
   * changing the object afterwards changes nothing. Nothing is sent yet: the first call to a server that takes the
   * reference pushes one copy ahead of it.
   *
   * @throws GridException INVALID_ARGUMENT for null or a value that cannot be serialized, CANCELLED once closed
   */
  public <T> RemoteReference<T> put(T value) {
    return session.put(value);
  }

  /** Opens a scope that releases, on close, every reference made on this thread while it is open. */
  public GridScope scope() {
    return session.openScope();
  }

  /** A server's counters (values held, its store, bytes moved). */
  public ServerStats stats(ServerInfo server) {
    return ServerStats.of(Views.stats(session, server));
  }

  /** The link costs this Grid and its servers learned (t_s, t_w per pair), and a probe where there is no traffic. */
  public GridLinks links() {
    return new GridLinks(session, this::servers);
  }

  /** Bytes this Grid moved on its connections since it was built. */
  public Traffic traffic() {
    return Traffic.of(session.traffic());
  }

  /** How this Grid's connections are made (TLS or plain, emulated link), in one line. */
  public String describeTransport() {
    return session.describeTransport();
  }

  /** Releases what this Grid made, stops renewing leases, stops discovery, unexports its node. Idempotent. */
  @Override
  public void close() {
    session.close();
    directory.close();
  }

  /**
   * Configures a Grid: where its servers are, and how it reaches them.
   *
   * <pre>{@code
   * Grid grid = Grid.builder().lookup("jini://lookuphost:4160")
   *     .tls(TlsStores.withPasswordFile(Path.of("client.p12"), Path.of("truststore.p12"), Path.of("password")))
   *     .callTimeout(Duration.ofSeconds(3)).build();
   * }</pre>
   *
   * <p>Each method checks its argument at once and returns this builder: a bad argument is an
   * {@link GridException} of status INVALID_ARGUMENT (null included) naming the option and the value. What
   * can only be checked once the grid is reached (a malformed or unreachable address, link rules naming a server the
   * grid does not have) fails {@link #build()} with a {@link GridException}. Options keep the last value set; the
   * settings are fixed when {@link #build()} makes the Grid, so changing the builder afterwards changes no Grid it
   * made. Not thread-safe.
   */
  public static final class Builder {
    private List<String> servers = List.of();
    private String lookup;
    private String[] groups;
    private TlsStores tls;
    private java.nio.file.Path secret;
    private boolean insecure;
    private InProcessNetwork network;
    private String host = "127.0.0.1";
    private LinkPlan link = LinkPlan.NONE;
    private final List<String> allow = new ArrayList<>();
    private Duration callTimeout = Timeouts.DEFAULT.call();
    private Duration fetchWait = RuntimeSettings.DEFAULT.fetchWait();
    private Duration referenceTransit = RuntimeSettings.DEFAULT.referenceTransit();
    private org.gridrmi.runtime.Ticker ticker = org.gridrmi.runtime.Ticker.SYSTEM;
    private Duration discoveryTimeout = Duration.ofSeconds(5);
    private StoreBudget store = StoreBudget.defaults();
    private boolean collectOnServerPressure = true;
    private OpenTelemetry openTelemetry;

    private Builder() {}

    /**
     * Where the servers are, as {@link Grid#connect(String...)} takes it: servers by address ({@link #servers}), or
     * one {@code jini://host:port} lookup service through which they are discovered ({@link #lookup}). Replaces an
     * earlier {@code connect}, {@code servers}, {@code lookup} or {@code discover}. Default: none; one of them is
     * required.
     *
     * @throws GridException INVALID_ARGUMENT if {@code addresses} or one of them is null
     * @throws GridException INVALID_ARGUMENT if there is none, one is blank, or a {@code jini://} address comes with
     *     others (a malformed address fails {@link #build()})
     */
    public Builder connect(String... addresses) {
      List<String> given = allNotBlank("connect", addresses);
      if (given.isEmpty())
        throw new GridException(
            Status.INVALID_ARGUMENT, "connect needs at least one address, got none");
      if (given.stream().noneMatch(a -> a.startsWith("jini://"))) return servers(addresses);
      if (given.size() > 1) {
        throw new GridException(
            Status.INVALID_ARGUMENT,
            "connect takes one jini:// lookup address alone, got " + given);
      }
      return lookup(given.get(0));
    }

    /**
     * The servers, by address: {@code rmi://host:port} (or {@code inproc://name} on an in-process network). Replaces
     * an earlier {@code connect}, {@code servers}, {@code lookup} or {@code discover}. Default: none.
     *
     * @throws GridException INVALID_ARGUMENT if {@code addresses} or one of them is null
     * @throws GridException INVALID_ARGUMENT if there is none or one is blank (a malformed address fails {@link #build()})
     */
    public Builder servers(String... addresses) {
      List<String> given = allNotBlank("servers", addresses);
      if (given.isEmpty())
        throw new GridException(
            Status.INVALID_ARGUMENT, "servers needs at least one address, got none");
      return where(List.copyOf(given), null, null);
    }

    /**
     * A Jini lookup service through which servers are discovered, {@code jini://host:port}; {@link #build()} waits
     * for it up to {@link #discoveryTimeout}. Replaces an earlier {@code connect}, {@code servers}, {@code lookup} or
     * {@code discover}. Default: none.
     *
     * @throws GridException INVALID_ARGUMENT if {@code jiniUrl} is null
     * @throws GridException INVALID_ARGUMENT if it is blank (a malformed address fails {@link #build()})
     */
    public Builder lookup(String jiniUrl) {
      return where(List.of(), notBlank("lookup", jiniUrl), null);
    }

    /**
     * The lookup service named by {@value Grid#LOOKUP_ENV} in this process's environment, as {@link Grid#connect()}.
     * Replaces an earlier {@code connect}, {@code servers}, {@code lookup} or {@code discover}.
     *
     * @throws GridException INVALID_ARGUMENT naming the variable if it is unset or not {@code jini://HOST:PORT} (the
     *     environment is no argument of the caller's, so its mistake is reported as the Grid's configuration)
     */
    public Builder lookupFromEnvironment() {
      return lookupFrom(System.getenv());
    }

    Builder lookupFrom(Map<String, String> environment) {
      return lookup(EnvironmentLookup.address(environment));
    }

    /**
     * Lookup services found by multicast discovery in these groups (none: the public group); {@link #build()} waits
     * for one up to {@link #discoveryTimeout}. Replaces an earlier {@code connect}, {@code servers}, {@code lookup} or
     * {@code discover}. Default: none.
     *
     * @throws GridException INVALID_ARGUMENT if {@code discoveryGroups} or one of them is null
     */
    public Builder discover(String... discoveryGroups) {
      String[] copy = notNull("discover", discoveryGroups).clone();
      for (int i = 0; i < copy.length; i++) notNull("discover[" + i + "]", copy[i]);
      return where(List.of(), null, copy);
    }

    private Builder where(List<String> byAddress, String jiniUrl, String[] discoveryGroups) {
      this.servers = byAddress;
      this.lookup = jiniUrl;
      this.groups = discoveryGroups;
      return this;
    }

    /**
     * The file of the grid secret this Grid's connections prove, both ways, to every server they reach (a
     * challenge-response once per connection; the secret never travels): a server of another grid is refused with
     * {@code PERMISSION_DENIED} naming it. The file must exist, be readable by its owner only and hold 64 hex digits;
     * it is read by {@link #build()}. Default: {@code GridSecret.defaultFile()}: the file {@code GRIDRMI_SECRET_FILE}
     * names, else {@code ~/.config/gridrmi/secret} (under {@code XDG_CONFIG_HOME} if set), made on first use, so
     * programs of one user on one machine share it with no set-up. Replaces an earlier {@link #insecure()}; unused
     * under {@link #tls}, whose certificates authenticate instead.
     *
     * @throws GridException INVALID_ARGUMENT if {@code file} is null; {@link #build()} fails INVALID_ARGUMENT
     *     naming the file and the fix if it is missing, others may read it, or it holds no secret
     */
    public Builder secret(java.nio.file.Path file) {
      this.secret = notNull("secret", file);
      this.insecure = false;
      return this;
    }

    /**
     * No grid secret and no TLS: this Grid reaches only servers that run insecure too, and proves nothing to them.
     * An explicit opt-out for a private network; {@link #build()} logs one WARNING line saying so. Replaces an
     * earlier {@link #secret(java.nio.file.Path)}. Default: off (the default secret is used).
     */
    public Builder insecure() {
      this.insecure = true;
      this.secret = null;
      return this;
    }

    /**
     * Mutual TLS on every connection of this Grid, with these key and trust stores; the certificates replace the grid
     * secret. Default: none, plain connections that prove the grid secret (a plain Grid cannot reach TLS servers, nor
     * the reverse: either side says so in one line).
     *
     * @throws GridException INVALID_ARGUMENT if {@code stores} is null
     */
    public Builder tls(TlsStores stores) {
      this.tls = notNull("tls", stores);
      return this;
    }

    /**
     * An emulated link on this Grid's connections: {@code loopback}, {@code lan}, {@code paper-wan},
     * {@code delay=21ms,bw=3MB/s}, or rules by node name, {@code default=lan,S3=paper-wan,S3-S4=lan} (this Grid is
     * {@code client}). Default: none, the network as it is.
     *
     * @throws GridException INVALID_ARGUMENT if {@code profile} is null
     * @throws GridException INVALID_ARGUMENT naming the bad part and the forms it takes; names that are no server of the
     *     grid fail {@link #build()} (INVALID_ARGUMENT naming them), the first moment the grid's servers are known
     */
    public Builder link(String profile) {
      this.link = parsed("link", profile, LinkPlan::parse);
      return this;
    }

    /**
     * More classes this Grid's streams may carry, added to those allowed already: a class {@code a.B}, a package's
     * classes {@code c.d.*} or a package's and its subpackages' {@code e.**} (several may be given in one string,
     * separated by commas). Default: none besides JDK value types, GridRMI's own types and the classes in the
     * signatures of the services this Grid calls.
     *
     * @throws GridException INVALID_ARGUMENT if {@code patterns} or one of them is null
     * @throws GridException INVALID_ARGUMENT naming a pattern that is none of these forms
     */
    public Builder allow(String... patterns) {
      allow.addAll(classPatterns("allow", patterns));
      return this;
    }

    /**
     * How long short remote calls (submits, renewals, releases, stats) may take before a server counts as stuck and
     * the call fails with UNAVAILABLE. Default: 5 s.
     *
     * @throws GridException INVALID_ARGUMENT if {@code timeout} is null
     * @throws GridException INVALID_ARGUMENT unless it is positive
     */
    public Builder callTimeout(Duration timeout) {
      this.callTimeout = positive("callTimeout", timeout);
      return this;
    }

    /**
     * The longest one fetch long-poll waits at the value's owner before it asks again; an owner silent for this plus
     * 2 s is UNAVAILABLE. Default: 10 s.
     *
     * @throws GridException INVALID_ARGUMENT if {@code wait} is null
     * @throws GridException INVALID_ARGUMENT unless it is positive
     */
    public Builder fetchWait(Duration wait) {
      this.fetchWait = positive("fetchWait", wait);
      return this;
    }

    /**
     * The store of this Grid's own node, which keeps the values it puts: {@code maxStore} bytes in memory (default
     * half the heap); past it the least recently used go to disk, under {@code spillDir} (null: the system's
     * temporary directory, the default), up to {@code maxSpill} bytes ({@value StoreBudget#DEFAULT_SPILL}, the default:
     * {@value StoreBudget#SPILL_PER_MEMORY} times {@code maxStore}, at most half the free space there when the node
     * starts). The directory is checked when the first put starts
     * the node.
     *
     * @throws GridException INVALID_ARGUMENT if {@code maxStore} is below 1 or {@code maxSpill} below
     *     {@value StoreBudget#DEFAULT_SPILL}
     */
    public Builder store(long maxStore, Path spillDir, long maxSpill) {
      atLeast("store maxStore", 1, maxStore);
      atLeast("store maxSpill", StoreBudget.DEFAULT_SPILL, maxSpill);
      this.store = new StoreBudget(maxStore, spillDir, maxSpill);
      return this;
    }

    /**
     * The longest a reference this Grid writes inside an argument (a {@code List<RemoteReference<T>>}, a value given
     * as {@code RemoteReference.of}, a small put pushed with the call) keeps its value held here after the call is
     * sent, so that the server registers its own hold first. The server registers it as soon as it accepts the batch,
     * and says so in its receipt, or, if its hold was not answered by then, when this Grid asks it later; the value is
     * then held here no longer (nor once that server is known gone). This bounds the time for a batch whose submit
     * failed, and for an answer that is lost. Default: 60 s.
     *
     * @throws GridException INVALID_ARGUMENT if {@code transit} is null
     * @throws GridException INVALID_ARGUMENT unless it is positive
     */
    public Builder referenceTransit(Duration transit) {
      this.referenceTransit = positive("referenceTransit", transit);
      return this;
    }

    /**
     * Where this Grid reads the time, for tests and simulations that move time themselves: a source of
     * {@link System#nanoTime()}-like readings (nanoseconds from an arbitrary origin, never decreasing). The Grid's
     * leases on its own node, the pins of references in transit and the pauses between resends of holds and releases
     * are counted on it; timers still fire on the system clock (they then decide by this one), and waits for a value
     * are bounded on the system clock. Default: {@code System::nanoTime}.
     *
     * @throws GridException INVALID_ARGUMENT if {@code nanoTime} is null
     */
    public Builder ticker(java.util.function.LongSupplier nanoTime) {
      this.ticker = notNull("ticker", nanoTime)::getAsLong;
      return this;
    }

    /**
     * Whether this JVM collects garbage (at most every 250 ms) when a server says its store is more than half full,
     * so that the values of references this program dropped are released, as Java RMI's DGC does. Default: true.
     */
    public Builder collectOnServerPressure(boolean on) {
      this.collectOnServerPressure = on;
      return this;
    }

    /**
     * How long {@link #build()} waits for a lookup service ({@link #lookup}, {@link #discover}) before it fails with
     * UNAVAILABLE. Default: 5 s.
     *
     * @throws GridException INVALID_ARGUMENT if {@code timeout} is null
     * @throws GridException INVALID_ARGUMENT unless it is positive
     */
    public Builder discoveryTimeout(Duration timeout) {
      this.discoveryTimeout = positive("discoveryTimeout", timeout);
      return this;
    }

    /**
     * The address servers use to reach this Grid's own node (the values it puts), a host name or IP address of this
     * machine that the servers can reach. Default: {@code 127.0.0.1}.
     *
     * @throws GridException INVALID_ARGUMENT if {@code host} is null
     * @throws GridException INVALID_ARGUMENT if it is blank
     */
    public Builder host(String host) {
      this.host = notBlank("host", host);
      return this;
    }

    /**
     * Where its spans and metrics go; {@code OpenTelemetry.noop()} turns them off. Each call is then a client span
     * under the caller's current span, whose context travels with the call. Default: the instance an OpenTelemetry
     * SDK or the Java agent registered as global when the Grid is built, else nowhere, at no cost.
     *
     * @throws GridException INVALID_ARGUMENT if {@code otel} is null
     */
    public Builder openTelemetry(OpenTelemetry otel) {
      this.openTelemetry = notNull("openTelemetry", otel);
      return this;
    }

    /**
     * The Grid lives on an in-process network instead of RMI (tests): its servers are {@code inproc://NAME}.
     * Default: none, RMI.
     *
     * @throws GridException INVALID_ARGUMENT if {@code network} is null
     */
    public Builder inProcess(InProcessNetwork network) {
      this.network = notNull("inProcess", network);
      return this;
    }

    /**
     * Connects with the settings set so far.
     *
     * @throws GridException INVALID_ARGUMENT if no servers, lookup service or discovery were set, for a malformed
     *     address, or for link rules naming servers the grid does not have; UNAVAILABLE if a server or the lookup
     *     service does not answer
     */
    public Grid build() {
      if (lookup == null && groups == null && servers.isEmpty()) {
        throw new GridException(
            Status.INVALID_ARGUMENT,
            "a Grid needs servers (rmi://HOST:PORT), a lookup service "
                + "(jini://HOST:PORT) or discovery groups");
      }
      Session session = new Session(new GridSettings(
          tls,
          network != null
              ? null
              : GridSecret.choose(secret, insecure, tls != null, "this Grid (a client)"),
          network,
          host,
          link,
          allow,
          new Timeouts(callTimeout, Timeouts.DEFAULT.fetchSlack(), Timeouts.DEFAULT.connect()),
          fetchWait,
          referenceTransit,
          discoveryTimeout,
          store,
          collectOnServerPressure,
          openTelemetry,
          ticker));
      try {
        Directory directory = lookup != null
            ? session.lookupDirectory(lookup)
            : groups != null
                ? session.multicastDirectory(groups)
                : session.staticDirectory(servers);
        session.checkLinkNames(directory::servers, directory::close);
        return new Grid(session, directory);
      } catch (RuntimeException e) {
        session.close();
        throw e;
      }
    }
  }
}
