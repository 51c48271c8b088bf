package org.gridrmi.lookup.internal;

import com.sun.jini.reggie.TransientRegistrarImpl;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Arrays;
import net.jini.config.Configuration;
import org.gridrmi.lookup.JiniUrls;
import org.gridrmi.lookup.LookupServer;
import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.serial.JvmFilter;
import org.gridrmi.runtime.serial.SerialPolicy;

/** {@link LookupServer}: Reggie's transient implementation, started in-process. */
public final class EmbeddedReggie implements LookupServer {
  private static final Duration PORT_RELEASE_TIMEOUT = Duration.ofSeconds(15);
  /** What a lookup service reads besides Jini's own types: GridRMI's attribute entries. */
  private static final SerialPolicy LOOKUP_POLICY =
      new SerialPolicy(SerialPolicy.Limits.DEFAULT, java.util.List.of());

  private final Registrar registrar;
  private NetContext net;
  private final String host;
  private final int port;
  private final String[] groups;
  private boolean closed;

  private EmbeddedReggie(Registrar registrar, String host, int port, String[] groups) {
    this.registrar = registrar;
    this.host = host;
    this.port = port;
    this.groups = groups;
  }

  /** See {@link LookupServer#start(String, int, String...)}. */
  public static EmbeddedReggie start(String host, int port, NetContext net, String... groups) {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port " + port + " is out of range");
    }
    RiverLogging.quietByDefault();
    String[] memberGroups = groups == null ? new String[0] : groups.clone();
    // Reggie's exports have no filter of their own: the JVM-wide one reads what registrants and
    // clients send it
    JvmFilter.register(LOOKUP_POLICY);
    String advertised = host != null ? host : defaultHost();
    int listenPort = port == 0 ? freePort() : port;
    Configuration config = RiverConfigs.reggie(advertised, listenPort, memberGroups, net);
    try {
      Registrar registrar = new Registrar(config);
      // Reggie binds its unicast port while constructing; read it back rather than trust ours.
      int actual = registrar.getUnicastPort();
      EmbeddedReggie reggie = new EmbeddedReggie(registrar, advertised, actual, memberGroups);
      reggie.net = net;
      return reggie;
    } catch (Exception e) {
      throw new IllegalStateException(
          "cannot start the lookup service on port " + listenPort + ": " + e, e);
    }
  }

  /** The address stubs carry by default: this machine's address. */
  static String defaultHost() {
    try {
      return InetAddress.getLocalHost().getHostAddress();
    } catch (UnknownHostException e) {
      return "127.0.0.1";
    }
  }

  private static int freePort() {
    try (ServerSocket probe = new ServerSocket(0)) {
      return probe.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException("no free port: " + e, e);
    }
  }

  @Override
  public int port() {
    return port;
  }

  @Override
  public String host() {
    return host;
  }

  @Override
  public String url() {
    return JiniUrls.format(host, port);
  }

  @Override
  public String[] groups() {
    return groups.clone();
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      // In this JVM, not through the proxy: JRMP refuses the admin interfaces (not Remote).
      registrar.destroy();
    } catch (Exception e) {
      throw new IllegalStateException("cannot stop the lookup service at " + url() + ": " + e, e);
    }
    awaitPortFree();
    net.close();
  }

  /** destroy() unexports and closes sockets on a thread of its own; wait for it to finish. */
  private void awaitPortFree() {
    long deadline = System.nanoTime() + PORT_RELEASE_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      try (ServerSocket probe = new ServerSocket()) {
        probe.setReuseAddress(true);
        probe.bind(new InetSocketAddress(port));
        return;
      } catch (IOException stillBound) {
        sleep(20);
      }
    }
    throw new IllegalStateException("lookup service at " + url() + " did not free its port within "
        + PORT_RELEASE_TIMEOUT.toSeconds() + " s");
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  @Override
  public String toString() {
    return "LookupServer[" + url() + " groups " + Arrays.toString(groups) + "]";
  }

  /** Opens Reggie's protected constructor (Configuration, no LifeCycle: we stop it ourselves). */
  static final class Registrar extends TransientRegistrarImpl {
    Registrar(Configuration config) throws Exception {
      super(config, null);
    }
  }
}
