package org.gridrmi.runtime.cost;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Learns what one node's links cost from its own traffic: every round trip it makes to a peer (an RMI call, a fetch
 * over a data connection, a calibration probe) is a sample of bytes and time, and each peer's t_s and t_w are fitted
 * to the recent samples by least squares ({@link LinkSamples}), giving a {@link PeerLinkEstimate}. Bounded: at most
 * {@value #MAX_PEERS} peers, the one sampled least recently forgotten first, and {@value LinkSamples#WINDOW} samples
 * each. Thread-safe; recording is a few array writes under a lock, next to a network round trip.
 */
public final class LinkLearner {
  /** Peers whose links are kept. */
  public static final int MAX_PEERS = 256;

  private final Map<String, LinkSamples> peers = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, LinkSamples> eldest) {
      return size() > MAX_PEERS;
    }
  };

  /**
   * One round trip to {@code peer}.
   *
   * @param bytes the bytes it moved, both ways
   * @param nanos how long it took, request written to answer read
   */
  public void record(String peer, long bytes, long nanos) {
    if (peer == null || bytes < 0 || nanos <= 0) return;
    synchronized (peers) {
      peers.computeIfAbsent(peer, p -> new LinkSamples()).add(bytes, nanos / 1e9);
    }
  }

  /** How many samples of {@code peer} this node has in its window (0 if none). */
  public int samples(String peer) {
    synchronized (peers) {
      PeerLinkEstimate c = peers.containsKey(peer) ? peers.get(peer).estimate(peer) : null;
      return c == null ? 0 : c.samples();
    }
  }

  /** The estimate of every peer sampled, in the order they were last sampled. */
  public List<PeerLinkEstimate> estimates() {
    List<PeerLinkEstimate> out = new ArrayList<>();
    synchronized (peers) {
      peers.forEach((peer, s) -> {
        PeerLinkEstimate c = s.estimate(peer);
        if (c != null) out.add(c);
      });
    }
    return out;
  }
}
