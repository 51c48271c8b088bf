package org.gridrmi.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMIServerSocketFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Loopback server sockets that count the connections made to them. Export an object with it and its stub names that
 * port: a test then checks that nothing connected to where a hostile stub points (reading a stub makes the JVM's
 * distributed GC connect to its address at once).
 */
public final class CountingPort implements RMIServerSocketFactory {
  private final AtomicInteger accepted = new AtomicInteger();
  private final InetAddress bindTo;
  private volatile int port;

  /** Sockets on the loopback address. */
  public CountingPort() {
    this(InetAddress.getLoopbackAddress());
  }

  /** Sockets on {@code bindTo} (another loopback address, say 127.0.0.2, to tell a second host of this machine). */
  public CountingPort(InetAddress bindTo) {
    this.bindTo = bindTo;
  }

  @Override
  public ServerSocket createServerSocket(int port) throws IOException {
    ServerSocket s = new ServerSocket(port, 50, bindTo) {
      @Override
      public Socket accept() throws IOException {
        Socket s = super.accept();
        accepted.incrementAndGet();
        return s;
      }
    };
    this.port = s.getLocalPort();
    return s;
  }

  /** The connections accepted so far, on every socket it made. */
  public int accepted() {
    return accepted.get();
  }

  /** The port of the last socket it made (0 before the first). */
  public int port() {
    return port;
  }
}
