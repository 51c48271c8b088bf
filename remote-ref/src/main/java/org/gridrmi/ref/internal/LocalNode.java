package org.gridrmi.ref.internal;

import java.io.IOException;
import java.net.ServerSocket;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.net.Transport;
import org.gridrmi.ref.internal.wire.ValueStore;

/**
 * One node of the Grid inside this JVM: its {@link ValueTable}, exported over RMI on one port together with an
 * RMI registry that binds it as {@link ValueStore#BINDING}. A server has one; a client gets one lazily, the first
 * time it puts a value.
 */
public final class LocalNode implements AutoCloseable {
  private final UUID id;
  private final String name;
  private final String address;
  private final ValueTable table;
  private final Registry registry;
  private final Remote endpoint;
  private final ScheduledExecutorService sweeper;

  private LocalNode(UUID id, String name, String host, int port, long leaseMillis,
      Function<LocalNode, Remote> endpointFactory) throws RemoteException {
    this.id = id;
    this.name = name;
    this.address = "rmi://" + host + ":" + port;
    this.table = new ValueTable(id, leaseMillis);
    SerialFilters.limitRegistry(); // before the registry class reads its filter property
    this.registry = LocateRegistry.createRegistry(port, Transport.clientFactory(), Transport.serverFactory());
    try {
      this.endpoint = endpointFactory.apply(this);
      // every call's arguments pass the GridRMI allowlist and limits before any object is made
      Remote stub = UnicastRemoteObject.exportObject(endpoint, port, Transport.clientFactory(),
          Transport.serverFactory(), SerialFilters.filter());
      registry.rebind(ValueStore.BINDING, stub);
    } catch (RemoteException | RuntimeException e) {
      UnicastRemoteObject.unexportObject(registry, true);
      throw e;
    }
    this.sweeper = Executors.newSingleThreadScheduledExecutor(Daemons.factory("gridrmi-lease-" + name));
    long period = Math.max(50, Math.min(1000, leaseMillis / 4));
    sweeper.scheduleWithFixedDelay(() -> table.expire(System.currentTimeMillis()), period, period,
        TimeUnit.MILLISECONDS);
    Nodes.add(this);
  }

  /**
   * Starts a node.
   *
   * @param host the address other JVMs use to reach this one (also set as {@code java.rmi.server.hostname})
   * @param port the port, or 0 for a free one
   * @param endpointFactory makes the remote object to export, given the node
   * @throws GridException UNAVAILABLE if the port cannot be bound
   */
  public static LocalNode start(UUID id, String name, String host, int port, long leaseMillis,
      Function<LocalNode, Remote> endpointFactory) {
    System.setProperty("java.rmi.server.hostname", host);
    int p = port == 0 ? freePort() : port;
    try {
      return new LocalNode(id, name, host, p, leaseMillis, endpointFactory);
    } catch (RemoteException e) {
      if (causedBy(e, java.net.BindException.class)) {
        throw new GridException(Status.INVALID_ARGUMENT, "port " + p + " is already in use (node " + name + " on "
            + host + "); choose another port, or 0 for a free one", e);
      }
      throw new GridException(Status.UNAVAILABLE, "cannot start node " + name + " on " + host + ":" + p + ": "
          + Stubs.rootMessage(e), e);
    }
  }

  private static boolean causedBy(Throwable t, Class<? extends Throwable> type) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (type.isInstance(c)) return true;
    }
    return false;
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new GridException(Status.UNAVAILABLE, "no free port: " + e, e);
    }
  }

  public UUID id() { return id; }
  public String name() { return name; }
  /** {@code rmi://host:port}. */
  public String address() { return address; }
  public ValueTable table() { return table; }
  public Remote endpoint() { return endpoint; }

  /** Stops serving: unexports the node and its registry, forgets its values. */
  @Override
  public void close() {
    Nodes.remove(this);
    sweeper.shutdownNow();
    try {
      UnicastRemoteObject.unexportObject(endpoint, true);
    } catch (NoSuchObjectException ignored) {
      // already gone
    }
    try {
      UnicastRemoteObject.unexportObject(registry, true);
    } catch (NoSuchObjectException ignored) {
      // already gone
    }
  }

  @Override public String toString() { return name + " (" + address + ")"; }
}
