package org.gridrmi.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.gridrmi.client.internal.Directory;
import org.gridrmi.client.internal.Session;
import org.gridrmi.client.internal.StaticDirectory;
import org.gridrmi.client.internal.Views;
import org.gridrmi.ref.AsyncView;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.net.TransportMetrics;
import org.gridrmi.ref.internal.wire.NodeStats;

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
 * <p>Thread-safe. Closing it releases every value it made on every server and fails its references with
 * {@link Status#CANCELLED}; values already fetched stay valid.
 */
public final class Grid implements AutoCloseable {
  private final Directory directory;
  private final Session session;

  private Grid(Directory directory) {
    this.directory = directory;
    this.session = new Session(Long.getLong("gridrmi.renewMillis", 15_000));
    session.useServers(directory::servers);
  }

  /**
   * Connects to servers by address: {@code rmi://host:port} for each server, or one {@code jini://host:port}
   * lookup service through which servers are discovered.
   *
   * @throws GridException INVALID_ARGUMENT for a malformed address, UNAVAILABLE if one does not answer
   */
  public static Grid connect(String... addresses) {
    if (addresses.length == 0) throw new GridException(Status.INVALID_ARGUMENT, "connect needs at least one address");
    if (addresses[0].startsWith("jini://")) {
      if (addresses.length > 1) {
        throw new GridException(Status.INVALID_ARGUMENT, "connect takes one jini:// lookup address, got "
            + Arrays.toString(addresses));
      }
      return new Grid(LookupDirectories.unicast(addresses[0]));
    }
    return new Grid(new StaticDirectory(List.of(addresses)));
  }

  /**
   * Finds lookup services by multicast discovery in these groups (none: the public group) and uses the servers
   * they list. Waits up to {@code gridrmi.discoveryMillis} (default 5 s) for the first lookup service.
   */
  public static Grid discover(String... groups) {
    return new Grid(LookupDirectories.multicast(groups));
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

  /** The async view with a chosen server and/or deadline. */
  public <A extends AsyncView<?>> A async(Class<A> view, CallOptions options) {
    Class<?> service = Views.serviceOf(view);
    ServerInfo server = options.server() != null ? options.server() : choose(service, s -> true);
    return Views.async(session, server, view, options.deadline());
  }

  /** The async view on a given server. */
  public <A extends AsyncView<?>> A async(Class<A> view, ServerInfo server) {
    return async(view, CallOptions.on(server));
  }

  /** Plain RMI, the baseline: synchronous calls whose arguments and results travel by value through the client. */
  public <S> S plain(Class<S> service) {
    return Views.plain(session, choose(service, s -> true), service);
  }

  /** Plain RMI on a given server. */
  public <S> S plain(Class<S> service, ServerInfo server) {
    return Views.plain(session, server, service);
  }

  /**
   * The server offering {@code service} that {@code filter} accepts, with the lowest reported load first.
   *
   * @throws GridException NOT_FOUND listing what is registered
   */
  public ServerInfo choose(Class<?> service, Predicate<ServerInfo> filter) {
    List<ServerInfo> all = servers();
    List<ServerInfo> offering = new ArrayList<>(all.stream().filter(s -> s.offers(service)).filter(filter).toList());
    if (offering.isEmpty()) {
      throw new GridException(Status.NOT_FOUND, "no server offers " + service.getName() + " (through "
          + directory.describe() + "); registered: " + (all.isEmpty() ? "none" : all.stream()
          .map(s -> s.name() + " " + s.services()).toList()));
    }
    offering.sort((a, b) -> Double.compare(load(a), load(b)));
    return offering.get(0);
  }

  /** The server with this name. */
  public ServerInfo server(String name) {
    return servers().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow(() -> new GridException(
        Status.NOT_FOUND, "no server named " + name + "; known: " + servers().stream().map(ServerInfo::name).toList()));
  }

  private static double load(ServerInfo s) {
    try {
      return Double.parseDouble(s.attributes().getOrDefault("load", "0"));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /**
   * Stores a value in this client's JVM and returns its reference. Nothing is sent yet: the first call to a
   * server that takes the reference pushes one copy ahead of it.
   */
  public <T> RemoteReference<T> put(T value) {
    if (value == null) throw new GridException(Status.INVALID_ARGUMENT, "put(null): a value is required");
    if (session.closed()) throw new GridException(Status.CANCELLED, "put: the Grid is closed");
    return session.put(value);
  }

  /** Opens a scope that releases, on close, every reference made on this thread while it is open. */
  public GridScope scope() {
    return session.openScope();
  }

  /** A server's counters (values held, bytes moved). */
  public ServerStats stats(ServerInfo server) {
    NodeStats s = Views.stats(server);
    return new ServerStats(s.values(), s.pending(), s.sentBytes(), s.receivedBytes(), PeerBytes.of(s.perPeer()),
        s.heapUsedBytes(), s.callsRun(), s.batchesReceived());
  }

  /** Bytes this JVM moved on GridRMI connections since it started. */
  public static Traffic traffic() {
    TransportMetrics.Snapshot s = TransportMetrics.snapshot();
    return new Traffic(s.sentBytes(), s.receivedBytes(), PeerBytes.of(s.perPeer()));
  }

  /** Releases what this Grid made, stops renewing leases, stops discovery. Idempotent. */
  @Override
  public void close() {
    session.close();
    directory.close();
  }

  /** How long to wait for a lookup service, from {@code gridrmi.discoveryMillis}. */
  static Duration discoveryTimeout() {
    return Duration.ofMillis(Long.getLong("gridrmi.discoveryMillis", 5_000));
  }
}
