package org.gridrmi.ref.internal;

import java.net.URI;
import java.rmi.NotBoundException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.net.Transport;
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
      s = (ValueStore) LocateRegistry.getRegistry(uri.getHost(), uri.getPort(), Transport.clientFactory())
          .lookup(ValueStore.BINDING);
    } catch (RemoteException e) {
      GridException tls = tlsFailure(address, e);
      if (tls != null) throw tls;
      throw new GridException(Status.UNAVAILABLE, "no GridRMI node answers at " + address + ": " + rootMessage(e)
          + (Transport.tls() ? " (this JVM uses TLS: if that node refused its certificate, the node's log has a line"
              + " 'GridRMI TLS refused a connection from' this host)"
              : " (if it runs with --tls, this JVM needs -Dgridrmi.tls=true and its keys)"), e);
    } catch (NotBoundException e) {
      throw new GridException(Status.UNAVAILABLE, "the RMI registry at " + address + " has no GridRMI node", e);
    }
    CACHE.put(address, s);
    return s;
  }

  /** A TLS handshake that failed on the way to {@code address}, as PERMISSION_DENIED; null if it was not that. */
  static GridException tlsFailure(String address, Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof javax.net.ssl.SSLException) {
        return new GridException(Status.PERMISSION_DENIED, "TLS connection to the GridRMI node at " + address
            + " was refused: " + c.getMessage() + " (both sides need a certificate from the Grid's CA: "
            + "-Dgridrmi.tls=true -Dgridrmi.tls.keystore=... -Dgridrmi.tls.truststore=...; see ./gridrmi keys)", e);
      }
    }
    return null;
  }

  /** Forgets a stub after a failure, so that a restarted node is looked up again. */
  public static void forget(String address) {
    CACHE.remove(address);
  }

  /** What a malformed address is told it should have been. */
  public static final String EXPECTED_ADDRESS =
      "expected rmi://HOST:PORT of a server, or jini://HOST:PORT of a lookup service";

  /** Parses {@code rmi://host:port}. */
  public static URI parse(String address) {
    URI uri;
    try {
      uri = URI.create(address);
    } catch (IllegalArgumentException e) {
      throw new GridException(Status.INVALID_ARGUMENT, "malformed address '" + address + "': " + EXPECTED_ADDRESS);
    }
    if (!"rmi".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() <= 0) {
      throw new GridException(Status.INVALID_ARGUMENT, "malformed address '" + address + "': " + EXPECTED_ADDRESS);
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
