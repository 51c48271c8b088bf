package org.gridrmi.ref.internal.net;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.Objects;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * {@link GridSocketFactory} with TLS on top: the same metered, link-shaped TCP socket underneath (so byte counts
 * are wire bytes and the emulated link delays the encrypted records), and an {@link SSLSocket} layered over it
 * with this JVM's {@link TlsConfig}. Server sockets require a client certificate from the Grid's CA
 * ({@code setNeedClientAuth(true)}); a peer that fails the handshake is refused and logged with its address.
 *
 * <p>Like {@link GridSocketFactory} it carries no key material: the copy inside a stub uses the receiving JVM's
 * own keys. The optional pinned host (the lookup service's exports) replaces the host a stub names.
 */
public final class TlsSocketFactory implements RMIClientSocketFactory, RMIServerSocketFactory, Serializable {
  private static final long serialVersionUID = 1L;
  public static final TlsSocketFactory INSTANCE = new TlsSocketFactory(null);
  private final String pinnedHost;

  private TlsSocketFactory(String pinnedHost) {
    this.pinnedHost = pinnedHost;
  }

  /** A client factory that always connects to {@code host}, whatever the stub's endpoint names. */
  public static TlsSocketFactory pinnedTo(String host) {
    return new TlsSocketFactory(Objects.requireNonNull(host, "host"));
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    String h = pinnedHost == null ? host : pinnedHost;
    if (!TlsConfig.enabled()) {
      // a stub from a TLS peer (a lookup service's registrar, a server's node) reached a JVM without TLS settings
      throw new TlsRequiredException(h + ":" + port);
    }
    SSLSocketFactory tls = TlsConfig.context().getSocketFactory();
    MeteredSocket raw = new MeteredSocket(TransportMetrics.counter(h + ":" + port), Links.current());
    raw.setTcpNoDelay(true);
    raw.connect(new InetSocketAddress(h, port), Integer.getInteger("gridrmi.connectTimeoutMillis", 5000));
    SSLSocket s = (SSLSocket) tls.createSocket(raw, h, port, true);
    s.setEnabledProtocols(TlsConfig.protocols());
    s.setUseClientMode(true);
    return s;
  }

  @Override
  public ServerSocket createServerSocket(int port) throws IOException {
    SSLSocketFactory tls = TlsConfig.context().getSocketFactory();
    return new ServerSocket(port) {
      @Override public Socket accept() throws IOException {
        MeteredSocket raw = new MeteredSocket(TransportMetrics.counter(TransportMetrics.INBOUND), Links.current());
        implAccept(raw);
        raw.setTcpNoDelay(true);
        SSLSocket s = (SSLSocket) tls.createSocket(raw, null, true);
        s.setEnabledProtocols(TlsConfig.protocols());
        s.setUseClientMode(false);
        s.setNeedClientAuth(true); // mutual: a peer without a certificate from the Grid's CA is refused
        return new TlsAcceptedSocket(s, raw, getLocalPort());
      }
    };
  }

  @Override public boolean equals(Object o) {
    return o instanceof TlsSocketFactory t && Objects.equals(pinnedHost, t.pinnedHost);
  }

  @Override public int hashCode() { return Objects.hash(TlsSocketFactory.class, pinnedHost); }

  private Object readResolve() { return pinnedHost == null ? INSTANCE : this; }

  @Override public String toString() { return "TlsSocketFactory" + (pinnedHost == null ? "" : "[" + pinnedHost + "]"); }
}
