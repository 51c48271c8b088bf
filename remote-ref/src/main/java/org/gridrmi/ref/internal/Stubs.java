package org.gridrmi.ref.internal;

import java.net.URI;
import java.rmi.NotBoundException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.net.GridSocketFactory;
import org.gridrmi.ref.internal.wire.ValueStore;

/** Stubs of remote nodes by address, looked up once in the node's registry and cached. */
public final class Stubs {
  private static final Map<String, ValueStore> CACHE = new ConcurrentHashMap<>();

  private Stubs() {}

  /**
   * The node at {@code rmi://host:port}.
   *
   * @throws GridException INVALID_ARGUMENT for a malformed address, UNAVAILABLE if nothing answers there
   */
  public static ValueStore node(String address) {
    ValueStore s = CACHE.get(address);
    if (s != null) return s;
    URI uri = parse(address);
    try {
      s = (ValueStore) LocateRegistry.getRegistry(uri.getHost(), uri.getPort(), GridSocketFactory.INSTANCE)
          .lookup(ValueStore.BINDING);
    } catch (RemoteException e) {
      throw new GridException(Status.UNAVAILABLE, "no GridRMI node answers at " + address + ": " + rootMessage(e), e);
    } catch (NotBoundException e) {
      throw new GridException(Status.UNAVAILABLE, "the RMI registry at " + address + " has no GridRMI node", e);
    }
    CACHE.put(address, s);
    return s;
  }

  /** Forgets a stub after a failure, so that a restarted node is looked up again. */
  public static void forget(String address) {
    CACHE.remove(address);
  }

  /** Parses {@code rmi://host:port}. */
  public static URI parse(String address) {
    URI uri;
    try {
      uri = URI.create(address);
    } catch (IllegalArgumentException e) {
      throw new GridException(Status.INVALID_ARGUMENT, "malformed address '" + address + "': expected rmi://host:port");
    }
    if (!"rmi".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() <= 0) {
      throw new GridException(Status.INVALID_ARGUMENT, "malformed address '" + address + "': expected rmi://host:port");
    }
    return uri;
  }

  /** The innermost message of an exception chain, for one-line errors. */
  public static String rootMessage(Throwable t) {
    Throwable c = t;
    while (c.getCause() != null && c.getCause() != c) c = c.getCause();
    return c == t ? String.valueOf(t.getMessage()) : t.getClass().getSimpleName() + ": " + c;
  }
}
