package org.gridrmi.client;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Bytes moved between one JVM and one peer.
 *
 * @param sent bytes sent to the peer
 * @param received bytes received from it
 */
public record PeerBytes(long sent, long received) {
  static final PeerBytes NONE = new PeerBytes(0, 0);

  /** What happened between {@code before} and this count. */
  public PeerBytes minus(PeerBytes before) {
    return new PeerBytes(sent - before.sent, received - before.received);
  }

  @Override
  public String toString() {
    return "sent " + bytes(sent) + ", received " + bytes(received);
  }

  /** A byte count as people read it: {@code 1,049,009 B}. */
  static String bytes(long n) {
    return String.format(Locale.ROOT, "%,d B", n);
  }

  /** The wire form (peer to {sent, received}) as a sorted map of records. */
  static Map<String, PeerBytes> of(Map<String, long[]> perPeer) {
    Map<String, PeerBytes> m = new TreeMap<>();
    perPeer.forEach((k, v) -> m.put(k, new PeerBytes(v[0], v[1])));
    return java.util.Collections.unmodifiableMap(m);
  }

  /** One line per peer, indented, for the toString of the records that hold them. */
  static String lines(Map<String, PeerBytes> perPeer) {
    StringBuilder b = new StringBuilder();
    perPeer.forEach((peer, bytes) -> b.append("\n  ").append(peer).append(": ").append(bytes));
    return b.toString();
  }
}
