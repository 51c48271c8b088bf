package org.gridrmi.runtime.net;

import java.io.IOException;
import java.io.Serializable;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.Objects;

/**
 * The socket factory of every GridRMI export and stub. What travels inside a stub is only whether the peer speaks
 * TLS and, optionally, the host to connect to (the host a node advertises, whatever RMI wrote into the stub's
 * endpoint: so no JVM-wide {@code java.rmi.server.hostname} is needed). The JVM that reads the stub binds it to one
 * of its own {@link NetContext}s, whose keys, link and counters it then uses.
 *
 * <p>Two factories are equal when they are of the same kind, pin the same host and use the same context, so RMI
 * shares one port between a node's registry and its object, and pools connections per context.
 */
public final class GridSocketFactory
    implements RMIClientSocketFactory, RMIServerSocketFactory, Serializable {
  private static final long serialVersionUID = 2L;
  private final boolean tls;
  private final String pinnedHost;
  private final transient NetContext context;

  GridSocketFactory(boolean tls, String pinnedHost, NetContext context) {
    this.tls = tls;
    this.pinnedHost = pinnedHost;
    this.context = context;
  }

  private NetContext context(String peer) throws IOException {
    NetContext c = context != null ? context : NetContexts.resolve(tls);
    if (c != null) return c;
    if (tls) throw new TlsRequiredException(peer);
    throw HandshakeRefusedException.plainPeer(peer);
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    String h = pinnedHost == null ? host : pinnedHost;
    return context(h + ":" + port).connect(h, port);
  }

  @Override
  public ServerSocket createServerSocket(int port) throws IOException {
    return context(pinnedHost == null ? "a GridRMI peer" : pinnedHost).listen(port);
  }

  private Object readResolve() {
    return new GridSocketFactory(tls, pinnedHost, NetContexts.resolve(tls));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GridSocketFactory f
        && f.tls == tls
        && Objects.equals(f.pinnedHost, pinnedHost)
        && f.context == context;
  }

  @Override
  public int hashCode() {
    return Objects.hash(tls, pinnedHost, System.identityHashCode(context));
  }

  @Override
  public String toString() {
    return "GridSocketFactory[" + (tls ? "TLS" : "plain")
        + (pinnedHost == null ? "" : ", " + pinnedHost) + "]";
  }
}
