package org.gridrmi.ref.internal.net;

import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;

/**
 * The one JVM-wide switch between plain and TLS sockets: every GridRMI export (node, registry, lookup service)
 * and every stub look-up takes its factories from here, so a JVM is consistently one or the other. Decided by
 * {@link TlsConfig#ENABLED} on first use; with TLS on, the key and trust stores are loaded then, so a bad
 * configuration fails at start-up, not at the first call.
 */
public final class Transport {
  private static volatile Boolean tls;

  private Transport() {}

  /** Whether this JVM's GridRMI sockets use TLS. */
  public static boolean tls() {
    Boolean t = tls;
    if (t == null) {
      synchronized (Transport.class) {
        if (tls == null) {
          boolean on = TlsConfig.enabled();
          if (on) TlsConfig.context(); // fail fast on a missing or unreadable store
          tls = on;
        }
        t = tls;
      }
    }
    return t;
  }

  /** The client socket factory of exports and look-ups. */
  public static RMIClientSocketFactory clientFactory() {
    return tls() ? TlsSocketFactory.INSTANCE : GridSocketFactory.INSTANCE;
  }

  /** The server socket factory of exports. */
  public static RMIServerSocketFactory serverFactory() {
    return tls() ? TlsSocketFactory.INSTANCE : GridSocketFactory.INSTANCE;
  }

  /** How many TLS peers this JVM's servers refused (tests, logs). */
  public static long tlsRefusals() {
    return TlsAcceptedSocket.refusals();
  }

  /** "plain" or the TLS description, for start-up banners. */
  public static String describe() {
    return tls() ? TlsConfig.describe() : "plain TCP (no TLS)";
  }
}
