package org.gridrmi.runtime.net;

import javax.net.ssl.HandshakeCompletedEvent;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * Who is calling, as TLS proved it: the subject of the peer's certificate, for the call a server thread is serving.
 * RMI serves each call on the thread that reads its connection, and an accepted TLS socket sets this on every read,
 * so during a call it names that call's peer; null on plain connections.
 */
public final class PeerIdentity {
  private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

  private PeerIdentity() {}

  /** The authenticated peer of the call this thread serves, or null (plain TCP, or not serving a call). */
  public static String current() {
    return CURRENT.get();
  }

  static void setCurrent(String peer) {
    if (peer == null) CURRENT.remove();
    else CURRENT.set(peer);
  }

  static String of(HandshakeCompletedEvent e) {
    try {
      return e.getPeerPrincipal().getName();
    } catch (SSLPeerUnverifiedException unverified) {
      return null;
    }
  }
}
