package org.gridrmi.runtime.transport;

import java.util.List;
import java.util.UUID;
import org.gridrmi.runtime.cost.LinkProbe;
import org.gridrmi.runtime.wire.BatchReceipt;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.Introduction;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.NodeInfo;
import org.gridrmi.runtime.wire.NodeStats;
import org.gridrmi.runtime.wire.PlainResult;
import org.gridrmi.runtime.wire.Requester;

/**
 * A remote node as its callers use it. Every method is bounded: by the transport's call timeout, a fetch by its wait
 * plus slack, a plain call by the timeout given. Failures are {@link org.gridrmi.ref.GridException}s only:
 * UNAVAILABLE naming the node for a connection that fails or a peer that does not answer in time, the filter's
 * status for a refused stream. A {@code RemoteException} never leaves.
 */
public interface NodeClient {
  /** The node's address. */
  String address();

  NodeInfo info();

  /** As {@link NodeService#fetch}; the read is bounded by {@code waitMillis} plus the transport's slack. */
  FetchResult fetch(UUID id, long waitMillis, Requester requester, boolean announced, String trace);

  void hold(UUID holder, List<UUID> ids);

  void abandon(Requester requester, List<UUID> ids);

  boolean vouches(String owner, UUID key);

  void release(UUID holder, List<Release> releases);

  long renew(UUID holder);

  boolean cancel(UUID holder, UUID id);

  NodeStats stats();

  BatchReceipt submit(UUID holder, Introduction introduction, List<Command> commands);

  /**
   * @param timeoutNanos how long the call may take, or 0 for no bound (plain calls may run as long as they like)
   * @param trace the call's trace context, or null
   */
  PlainResult invokePlain(String service, String method, Object[] args, long timeoutNanos, String trace);

  List<String> services();

  /** As {@link NodeService#probeLinks}, bounded by {@code timeoutNanos} (each probe of a peer takes round trips). */
  List<org.gridrmi.runtime.cost.LinkCost> probeLinks(List<String> peers, long timeoutNanos);

  /**
   * Probes the link to this node ({@link LinkProbe}): {@value LinkProbe#SMALL} fetches of small probe values and one
   * of a larger one, each a sample its transport records.
   *
   * @param requester the probing node's address, as a fetch names it (null for a client with no node)
   * @return how many probe fetches answered
   * @throws org.gridrmi.ref.GridException UNAVAILABLE if the node does not answer, as any fetch
   */
  default int probeLink(String requester) {
    int answered = 0;
    for (int i = 0; i <= LinkProbe.SMALL; i++) {
      int bytes = i < LinkProbe.SMALL ? LinkProbe.SMALL_BYTES : LinkProbe.LARGE_BYTES;
      FetchResult r = fetch(LinkProbe.id(bytes), 0, requester == null ? null : new Requester(requester, null), false,
          null); // a probe value has no borrowers
      if (r.state() == FetchResult.State.READY) answered++;
    }
    return answered;
  }
}
