package org.gridrmi.client;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.gridrmi.client.internal.Directory;
import org.gridrmi.client.internal.EnvironmentLookup;
import org.gridrmi.client.internal.Session;
import org.gridrmi.client.internal.Views;
import org.gridrmi.ref.AsyncView;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.store.StoreBudget;

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
   * @throws GridException INVALID_ARGUMENT for a malformed address, UNAVAILABLE if one does not answer
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
   */
  public static Grid discover(String... groups) {
    return builder().discover(groups).build();
  }

  /** A Grid with settings of its own. */
  public static Builder builder() {
    return new Builder();
  }

  /** All servers known now. */
  public List<ServerInfo> servers() {
    return directory.servers();
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
    if (options.automatic()) return Views.auto(session, view, options.deadline(), () -> offering(service, s -> true));
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
  public <S> S plain(Class<S> service) { return plain(service, CallOptions.DEFAULT); }

  /** Plain RMI on a given server. */
  public <S> S plain(Class<S> service, ServerInfo server) { return plain(service, CallOptions.on(server)); }

  /** Plain RMI with a chosen server and/or deadline (a plain call without one may take as long as it runs). */
  public <S> S plain(Class<S> service, CallOptions options) {
    ServerInfo server = options.server() != null ? options.server() : choose(service, s -> true);
    return Views.plain(session, server, service, options.deadline());
  }

  /**
   * The server offering {@code service} that {@code filter} accepts, with the lowest reported load first.
   *
   * @throws GridException NOT_FOUND listing what is registered
   */
  public ServerInfo choose(Class<?> service, Predicate<ServerInfo> filter) {
    List<ServerInfo> offering = offering(service, filter);
    if (offering.isEmpty()) {
      List<ServerInfo> all = servers();
      throw new GridException(Status.NOT_FOUND, "no server offers " + service.getName() + " (through "
          + directory.describe() + "); registered: " + (all.isEmpty() ? "none" : all.stream()
          .map(s -> s.name() + " " + s.services()).toList()));
    }
    return offering.get(0);
  }

  private List<ServerInfo> offering(Class<?> service, Predicate<ServerInfo> filter) {
    return servers().stream().filter(s -> s.offers(service)).filter(filter)
        .sorted(java.util.Comparator.comparingDouble(ServerInfo::load)).toList();
  }

  /** The server with this name. */
  public ServerInfo server(String name) {
    return servers().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow(() -> new GridException(
        Status.NOT_FOUND, "no server named " + name + "; known: " + servers().stream().map(ServerInfo::name).toList()));
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
   */
  public static final class Builder {
    private final Session.Settings settings = new Session.Settings();
    private List<String> servers = List.of();
    private String lookup;
    private String[] groups;

    private Builder() {}

    /** Addresses as {@link Grid#connect} takes them: servers by {@code rmi://}, or one {@code jini://} lookup. */
    public Builder connect(String... addresses) {
      if (addresses.length == 0) {
        throw new GridException(Status.INVALID_ARGUMENT, "connect needs at least one address");
      }
      if (addresses[0].startsWith("jini://")) {
        if (addresses.length > 1) {
          throw new GridException(Status.INVALID_ARGUMENT, "connect takes one jini:// lookup address, got "
              + Arrays.toString(addresses));
        }
        return lookup(addresses[0]);
      }
      return servers(addresses);
    }

    /** The servers, by address: {@code rmi://host:port} (or {@code inproc://name} on an in-process network). */
    public Builder servers(String... addresses) {
      return where(List.of(addresses), null, null);
    }

    /** A Jini lookup service through which servers are discovered, {@code jini://host:port}. */
    public Builder lookup(String jiniUrl) {
      return where(List.of(), jiniUrl, null);
    }

    /**
     * The lookup service named by {@value Grid#LOOKUP_ENV} in this process's environment, as {@link Grid#connect()}.
     *
     * @throws GridException INVALID_ARGUMENT naming the variable if it is unset or not {@code jini://HOST:PORT}
     */
    public Builder lookupFromEnvironment() {
      return lookupFrom(System.getenv());
    }

    Builder lookupFrom(Map<String, String> environment) {
      return lookup(EnvironmentLookup.address(environment));
    }

    /** Lookup services found by multicast discovery in these groups (none: the public group). */
    public Builder discover(String... discoveryGroups) {
      return where(List.of(), null, discoveryGroups.clone());
    }

    private Builder where(List<String> byAddress, String jiniUrl, String[] discoveryGroups) {
      this.servers = byAddress;
      this.lookup = jiniUrl;
      this.groups = discoveryGroups;
      return this;
    }

    /** Mutual TLS on every connection of this Grid. */
    public Builder tls(TlsStores stores) {
      settings.tls = stores;
      return this;
    }

    /**
     * An emulated link on this Grid's connections: {@code loopback}, {@code lan}, {@code paper-wan},
     * {@code delay=21ms,bw=3MB/s}, or a matrix by node name, {@code default=lan,S3=paper-wan,S3-S4=lan} (this Grid is
     * {@code client}), whose names {@link #build()} checks against the grid's servers (INVALID_ARGUMENT naming them).
     */
    public Builder link(String profile) {
      settings.link(profile);
      return this;
    }

    /** More classes this Grid's streams may carry: {@code a.B}, {@code c.d.*} or {@code e.**}. */
    public Builder allow(String... patterns) {
      settings.allow.addAll(List.of(patterns));
      return this;
    }

    /** How long short remote calls (submits, renewals, releases, stats) may take before a server counts as stuck. */
    public Builder callTimeout(Duration d) {
      settings.callTimeout(d);
      return this;
    }

    /** The longest one fetch long-poll waits at the value's owner before it asks again (default 10 s). */
    public Builder fetchWait(Duration d) {
      settings.fetchWait = Session.Settings.positive(d, "fetch wait");
      return this;
    }

    /**
     * Bytes of the values this Grid puts that are kept in memory (default half the heap); past it the least recently
     * used go to disk, under {@code spillDir} (default the system's temporary directory), up to {@code maxSpill}
     * bytes (default half the free space there).
     */
    public Builder store(long maxStore, java.nio.file.Path spillDir, long maxSpill) {
      settings.store = new StoreBudget(maxStore, spillDir, maxSpill);
      return this;
    }

    /**
     * How long a reference this Grid writes inside an argument (a {@code List<RemoteReference<T>>}) keeps its value
     * held here after the call is sent, so that the server registers its own hold first (default 60 s). The server
     * registers it as soon as it accepts the batch; this only bounds how long that may take.
     */
    public Builder referenceTransit(Duration d) {
      settings.referenceTransit = Session.Settings.positive(d, "reference transit");
      return this;
    }

    /**
     * Whether this JVM collects garbage (at most every 250 ms) when a server says its store is more than half full,
     * so that the values of references this program dropped are released (default true; as Java RMI's DGC does).
     */
    public Builder collectOnServerPressure(boolean on) {
      settings.collectOnServerPressure = on;
      return this;
    }

    /** How long to wait for a lookup service when the Grid is built (default 5 s). */
    public Builder discoveryTimeout(Duration d) {
      settings.discoveryTimeout = Session.Settings.positive(d, "discovery timeout");
      return this;
    }

    /** The address servers use to reach this Grid's own node (values it puts), default 127.0.0.1. */
    public Builder host(String host) {
      settings.host = host;
      return this;
    }

    /**
     * Where its spans and metrics go (default: the instance an OpenTelemetry SDK or the Java agent registered as
     * global, else nowhere, at no cost); {@code OpenTelemetry.noop()} turns them off. Each call is then a client span
     * under the caller's current span, whose context travels with the call.
     */
    public Builder openTelemetry(io.opentelemetry.api.OpenTelemetry otel) {
      settings.openTelemetry = otel;
      return this;
    }

    /** The Grid lives on an in-process network instead of RMI (tests). */
    public Builder inProcess(InProcessNetwork network) {
      settings.network = network;
      return this;
    }

    /**
     * Connects.
     *
     * @throws GridException INVALID_ARGUMENT for a malformed address or setting, UNAVAILABLE if a server or the
     *     lookup service does not answer
     */
    public Grid build() {
      if (lookup == null && groups == null && servers.isEmpty()) {
        throw new GridException(Status.INVALID_ARGUMENT, "a Grid needs servers (rmi://HOST:PORT), a lookup service "
            + "(jini://HOST:PORT) or discovery groups");
      }
      Session session = new Session(settings);
      try {
        Directory directory = lookup != null ? session.lookupDirectory(lookup)
            : groups != null ? session.multicastDirectory(groups) : session.staticDirectory(servers);
        session.checkLinkNames(directory::servers, directory::close);
        return new Grid(session, directory);
      } catch (RuntimeException e) {
        session.close();
        throw e;
      }
    }
  }
}
