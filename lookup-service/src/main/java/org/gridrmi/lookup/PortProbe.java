package org.gridrmi.lookup;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import net.jini.core.discovery.LookupLocator;
import org.gridrmi.lookup.internal.CachingDirectory;
import org.gridrmi.runtime.net.HelloProbe;
import org.gridrmi.runtime.net.NetContexts;

/**
 * What answers at a TCP port, asked with one exchange bounded in time: so that an address with the wrong scheme
 * ({@code rmi://} at a lookup service's port, {@code jini://} at a GridRMI server's) is told what is there and which
 * scheme to use, instead of a bare end of stream or a read timeout. Used only after a connection with the expected
 * protocol has failed, so a healthy connect never pays for it.
 *
 * <p>Neither probe throws for what the network does: a port that refuses, a peer that closes or stays silent, a
 * peer that answers something else, all give {@code false}.
 */
public final class PortProbe {
  /** JRMP's opening (java.rmi's TransportConstants): magic {@code JRMI}, version 2, stream protocol. */
  private static final int JRMP_MAGIC = 0x4a524d49;

  private static final short JRMP_VERSION = 2;
  private static final byte JRMP_STREAM_PROTOCOL = 0x4b;
  private static final int JRMP_PROTOCOL_ACK = 0x4e;

  private PortProbe() {}

  /**
   * Whether a Jini lookup service answers unicast discovery at {@code host:port} within {@code bound} (a plain TCP
   * exchange, also where the lookup service's calls use TLS).
   */
  public static boolean answersJiniDiscovery(String host, int port, Duration bound) {
    // its registrar's reference may point at the host probed (FollowedLookups), with either TLS
    // setting
    try (AutoCloseable probing = CachingDirectory.probing(host, port)) {
      return NetContexts.with(
              NetContexts.defaultPlain(),
              () -> new LookupLocator(host, port).getRegistrar(millis(bound)))
          != null;
    } catch (Exception e) { // IOException, ClassNotFoundException: not a lookup service's answer
      return false;
    }
  }

  /**
   * Whether a Java RMI endpoint (a GridRMI server, any RMI registry) answers JRMP's handshake at {@code host:port}
   * within {@code bound}: the probe sends JRMP's first seven bytes and reads one.
   */
  public static boolean answersJavaRmi(String host, int port, Duration bound) {
    // a server holding a grid secret refuses plain JRMP before RMI sees it: its own hello tells
    return HelloProbe.answers(host, port, bound) || answersJrmp(host, port, bound);
  }

  private static boolean answersJrmp(String host, int port, Duration bound) {
    int millis = millis(bound);
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), millis);
      s.setSoTimeout(millis);
      DataOutputStream out = new DataOutputStream(s.getOutputStream());
      out.writeInt(JRMP_MAGIC);
      out.writeShort(JRMP_VERSION);
      out.writeByte(JRMP_STREAM_PROTOCOL);
      out.flush();
      return new DataInputStream(s.getInputStream()).read() == JRMP_PROTOCOL_ACK;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private static int millis(Duration bound) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, bound.toMillis()));
  }
}
