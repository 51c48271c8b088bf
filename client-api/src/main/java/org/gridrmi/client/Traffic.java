package org.gridrmi.client;

import java.util.Map;
import java.util.TreeMap;
import org.gridrmi.runtime.net.TransportMetrics;

/**
 * Bytes this JVM moved on its GridRMI connections.
 *
 * @param sentBytes all bytes sent
 * @param receivedBytes all bytes received
 * @param perPeer per peer {@code host:port} (connections this JVM opened) or {@code inbound} (connections it
 *     accepted)
 */
public record Traffic(long sentBytes, long receivedBytes, Map<String, PeerBytes> perPeer) {
  public Traffic {
    perPeer = Map.copyOf(perPeer);
  }

  /** A transport's counters, as the client shows them. */
  static Traffic of(TransportMetrics.Snapshot s) {
    return new Traffic(s.sentBytes(), s.receivedBytes(), PeerBytes.of(s.perPeer()));
  }

  /** What happened since {@code before}, in total and per peer. */
  public Traffic since(Traffic before) {
    Map<String, PeerBytes> m = new TreeMap<>();
    perPeer.forEach((k, v) -> m.put(k, v.minus(before.perPeer.getOrDefault(k, PeerBytes.NONE))));
    return new Traffic(sentBytes - before.sentBytes, receivedBytes - before.receivedBytes, m);
  }

  /** Bytes received from the peer at {@code rmi://host:port} or {@code host:port}, 0 if none. */
  public long receivedFrom(String address) {
    return perPeer
        .getOrDefault(address.startsWith("rmi://") ? address.substring(6) : address, PeerBytes.NONE)
        .received();
  }

  @Override
  public String toString() {
    return "Traffic: sent " + PeerBytes.bytes(sentBytes) + ", received "
        + PeerBytes.bytes(receivedBytes) + PeerBytes.lines(new TreeMap<>(perPeer));
  }
}
