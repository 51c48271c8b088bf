package org.gridrmi.runtime.internal.rmi;

import java.io.IOException;
import java.io.ObjectInputFilter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.internal.data.DataClient;
import org.gridrmi.runtime.internal.data.DataServer;
import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.net.TransportMetrics;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.transport.Addresses;
import org.gridrmi.runtime.transport.JvmNodes;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.NodeService;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;
import org.gridrmi.runtime.wire.ValueReader;

/**
 * The product transport: Java RMI (JRMP) over the sockets of one {@link NetContext}. A node is an RMI registry and
 * one exported object on one port ({@code rmi://host:port}); calls to other nodes go through stubs looked up in their
 * registries, each bounded by {@link Timeouts}.
 */
public final class RmiTransport implements Transport {
  private final NetContext net;
  private final Timeouts timeouts;
  private final ObjectInputFilter exportFilter;
  private final Map<String, RmiNodeClient> clients = new ConcurrentHashMap<>();
  /** A data connection idle this long is closed by its node (the fetching side drops its own sooner). */
  private static final java.time.Duration DATA_IDLE = java.time.Duration.ofMinutes(2);
  /** Data connections one node serves at once by default: each is a thread while it lasts. */
  public static final int MAX_DATA_CONNECTIONS = 256;

  private final int maxDataConnections;

  private final DataClient data;
  /** Until a runtime binds its own: the policy of the reading thread, references bound to nothing. */
  private volatile Supplier<ValueReader> values = () -> ValueReader.unbound(SerialPolicy.current());

  /**
   * @param exportFilter the filter of every call this transport's exports receive (arguments are unmarshalled before
   *     the call runs, so this is where hostile streams stop)
   */
  public RmiTransport(NetContext net, Timeouts timeouts, ObjectInputFilter exportFilter) {
    this(net, timeouts, exportFilter, MAX_DATA_CONNECTIONS);
  }

  /**
   * @param maxDataConnections data connections each node this transport exports serves at once (at least 1), half of
   *     them (at least one) for any one peer address
   */
  public RmiTransport(
      NetContext net, Timeouts timeouts, ObjectInputFilter exportFilter, int maxDataConnections) {
    this.maxDataConnections = maxDataConnections;
    this.net = net;
    this.timeouts = timeouts;
    this.exportFilter = exportFilter;
    this.data = new DataClient(net, 4, 30_000);
  }

  /** The fetching side of this transport's data connections. */
  DataClient data() {
    return data;
  }

  NetContext net() {
    return net;
  }

  /** The sockets of this transport (for the lookup service's River components, which make their own calls). */
  @Override
  public NetContext netContext() {
    return net;
  }

  Timeouts timeouts() {
    return timeouts;
  }

  @Override
  public Exported export(String name, String host, int port, NodeService service) {
    int p = port == 0 ? freePort(host) : port;
    Registry registry;
    try {
      registry = LocateRegistry.createRegistry(p, net.clientFactory(host), net.serverFactory());
    } catch (RemoteException e) {
      throw bindFailure(name, host, p, e);
    }
    java.util.UUID ticket =
        java.util.UUID.randomUUID(); // SecureRandom: the data connections' secret
    CallGateway endpoint = RmiEndpoint.of(service, ticket);
    net.serveData(
        p, new DataServer(service, name, ticket, timeouts.call(), DATA_IDLE, maxDataConnections));
    CallGateway stub;
    try {
      stub = (CallGateway) UnicastRemoteObject.exportObject(
          endpoint, p, net.clientFactory(host), net.serverFactory(), exportFilter);
      registry.rebind(CallGateway.BINDING, GatewayHandle.of(stub));
    } catch (RemoteException | RuntimeException e) {
      net.stopServingData(p);
      unexport(registry);
      unexport(endpoint);
      throw e instanceof RemoteException r ? bindFailure(name, host, p, r) : (RuntimeException) e;
    }
    String address = "rmi://" + host + ":" + p;
    return new Exported() {
      @Override
      public String address() {
        return address;
      }

      @Override
      public java.rmi.Remote stub() {
        return stub;
      }

      @Override
      public java.util.Map<String, Object> proxiesByType(
          java.util.List<Class<?>> services, String serverName) {
        return GatewayProxy.byType(
            services, stub, serverName, address, net.clientFactory(host).toString());
      }

      @Override
      public void close() {
        net.stopServingData(p);
        unexport(endpoint);
        unexport(registry);
      }
    };
  }

  private static GridException bindFailure(String name, String host, int port, RemoteException e) {
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof java.net.BindException b) {
        if (String.valueOf(b.getMessage()).contains("assign")) {
          return new GridException(
              Status.INVALID_ARGUMENT,
              "node " + name + " cannot listen on " + host + ": it is "
                  + "not an address of this machine (give an address of this machine, or listen on every interface with "
                  + "--bind 0.0.0.0)",
              e);
        }
        return new GridException(
            Status.INVALID_ARGUMENT,
            "port " + port + " is already in use (node " + name + " on " + host
                + "); choose another port, or 0 for a free one",
            e);
      }
    }
    return new GridException(
        Status.UNAVAILABLE,
        "cannot start node " + name + " on " + host + ":" + port + ": "
            + RemoteFailures.rootMessage(e),
        e);
  }

  private static void unexport(java.rmi.Remote r) {
    try {
      UnicastRemoteObject.unexportObject(r, true);
    } catch (NoSuchObjectException alreadyGone) {
      // fine: it is gone either way
    }
  }

  private int freePort(String host) {
    try (ServerSocket s = new ServerSocket(0, 0, null)) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new GridException(Status.UNAVAILABLE, "no free port on " + host + ": " + e, e);
    }
  }

  @Override
  public NodeClient client(String address) {
    RmiNodeClient c = clients.get(address);
    if (c != null) return c.client();
    URI uri = Addresses.rmi(address);
    return clients
        .computeIfAbsent(address, a -> new RmiNodeClient(a, uri.getHost(), uri.getPort(), this))
        .client();
  }

  @Override
  public void forget(String address) {
    RmiNodeClient c = clients.get(address);
    if (c != null) c.forgetStub();
  }

  /** The JVM's RMI nodes: the RMI runtime is one per JVM, so every RMI transport shares the same ones. */
  @Override
  public JvmNodes jvmNodes() {
    return RmiNodes.JVM;
  }

  @Override
  public void readValuesWith(Supplier<ValueReader> reader) {
    this.values = reader;
  }

  /** How values decoded as they arrive on data connections are read (see {@link Transport#readValuesWith}). */
  ValueReader values() {
    return values.get();
  }

  @Override
  public boolean tls() {
    return net.tls();
  }

  @Override
  public String describe() {
    return net.describe();
  }

  @Override
  public TransportMetrics.Snapshot traffic() {
    return net.metrics().snapshot();
  }

  @Override
  public org.gridrmi.runtime.cost.LinkLearner linkCosts() {
    return net.linkCosts();
  }

  /** Whether {@code host} names this machine (a node may only listen on an address of its own). */
  static boolean isLocal(String host) {
    try {
      InetAddress a = InetAddress.getByName(host);
      return a.isLoopbackAddress()
          || a.isAnyLocalAddress()
          || java.net.NetworkInterface.getByInetAddress(a) != null;
    } catch (IOException e) {
      return false;
    }
  }

  @Override
  public void close() {
    clients.clear();
    data.close();
    net.close();
  }
}
