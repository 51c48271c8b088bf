package org.gridrmi.runtime.telemetry;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which peers of one Grid or server stopped answering, for the log: one WARNING line when a peer is lost (a fetch, a
 * renewal or a batch to it failed as UNAVAILABLE), one INFO line when it answers again, nothing in between however
 * many calls fail. Cheap on the path of every answer: a look at an empty set.
 */
public final class PeerHealth {
  private static final System.Logger LOG = System.getLogger(PeerHealth.class.getName());
  private final String self;
  private final Set<String> lost = ConcurrentHashMap.newKeySet();

  /** @param self the Grid's or server's name, for the log lines */
  public PeerHealth(String self) {
    this.self = self;
  }

  /** {@code peer} did not answer ({@code why}: the failure's description). */
  public void lost(String peer, String why) {
    if (peer != null && lost.add(peer)) {
      LOG.log(System.Logger.Level.WARNING, "{0}: lost peer {1}: {2}", self, peer, why);
    }
  }

  /** {@code peer} answered. */
  public void answered(String peer) {
    if (!lost.isEmpty() && lost.remove(peer)) {
      LOG.log(System.Logger.Level.INFO, "{0}: peer {1} answers again", self, peer);
    }
  }

  /** Whether {@code peer} is lost now (tests). */
  public boolean isLost(String peer) {
    return lost.contains(peer);
  }
}
