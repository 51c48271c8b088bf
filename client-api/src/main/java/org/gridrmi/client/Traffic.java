package org.gridrmi.client;

import java.util.Map;

/**
 * Bytes this JVM moved on its GridRMI connections.
 *
 * @param sentBytes all bytes sent
 * @param receivedBytes all bytes received
 * @param perPeer per peer {@code host:port}: {sent, received}
 */
public record Traffic(long sentBytes, long receivedBytes, Map<String, long[]> perPeer) {
  /** What happened since {@code before}. */
  public Traffic since(Traffic before) {
    return new Traffic(sentBytes - before.sentBytes, receivedBytes - before.receivedBytes, perPeer);
  }
}
