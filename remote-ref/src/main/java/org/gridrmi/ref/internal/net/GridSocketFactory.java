package org.gridrmi.ref.internal.net;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;

/**
 * The socket factory of every GridRMI export, client and server side: counts bytes and applies the JVM's link
 * emulation. It carries no state, so the copy that travels inside a stub uses the receiving JVM's own metrics
 * and link; all instances are equal, which lets RMI share one port between the registry and the node.
 */
public final class GridSocketFactory implements RMIClientSocketFactory, RMIServerSocketFactory, Serializable {
  private static final long serialVersionUID = 1L;
  public static final GridSocketFactory INSTANCE = new GridSocketFactory();
  private static volatile int connectTimeoutMillis = Integer.getInteger("gridrmi.connectTimeoutMillis", 5000);

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    MeteredSocket s = new MeteredSocket(TransportMetrics.counter(host + ":" + port), Links.current());
    s.setTcpNoDelay(true);
    s.connect(new InetSocketAddress(host, port), connectTimeoutMillis);
    return s;
  }

  @Override
  public ServerSocket createServerSocket(int port) throws IOException {
    return new ServerSocket(port) {
      @Override public Socket accept() throws IOException {
        Socket s = new MeteredSocket(TransportMetrics.counter(TransportMetrics.INBOUND), Links.current());
        implAccept(s);
        s.setTcpNoDelay(true);
        return s;
      }
    };
  }

  @Override public boolean equals(Object o) { return o instanceof GridSocketFactory; }
  @Override public int hashCode() { return GridSocketFactory.class.hashCode(); }
  private Object readResolve() { return INSTANCE; }
}
