package org.gridrmi.runtime.transport;

import java.util.List;
import java.util.UUID;
import org.gridrmi.runtime.cost.LinkProbe;
import org.gridrmi.runtime.wire.BatchReceipt;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.Introduction;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.Requester;

/**
 * A remote node as its callers use it: the operations of {@link NodeProtocol}, carried by a transport
 * ({@link Transport#client}). Every call is bounded as its {@link NodeProtocol.Op} says: by the transport's call
 * timeout, a fetch by its wait plus slack, a plain call or a link probe by the caller ({@link #within}). Failures are
 * {@link org.gridrmi.ref.GridException}s only: UNAVAILABLE naming the node for a connection that fails or a peer that
 * does not answer in time, the filter's status for a refused stream. A {@code RemoteException} never leaves.
 */
public interface NodeClient extends NodeProtocol<RuntimeException> {
  /** The node's address. */
  String address();

  /**
   * Whether {@code failure} (of a call through a transport) says that nothing listens at the node's address: the
   * connection was refused, so the process that served there is gone (a later one is another life of the node, which
   * knows nothing of what the caller told the one before). A connection that timed out, was reset or cut off says
   * nothing of the kind.
   */
  static boolean connectionRefused(Throwable failure) {
    for (Throwable c = failure; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof java.net.ConnectException || c instanceof java.rmi.ConnectException)
        return true;
    }
    return false;
  }

  /**
   * This node with the calls that the caller bounds ({@link NodeProtocol.Bound#CALLER}: plain calls, link probes)
   * bounded by {@code timeoutNanos}, or by nothing for 0 (plain calls may run as long as they like). Cheap.
   */
  NodeClient within(long timeoutNanos);

  /**
   * An unnumbered {@link #hold(UUID, long, List)} (sequence 0), for a caller that speaks for a holder without its
   * {@code HolderLink} (a tool, a test of bad input): the owner applies it as it arrives, in no order with the link's.
   */
  default void hold(UUID holder, List<UUID> ids) {
    hold(holder, 0, ids);
  }

  /** An unnumbered {@link #release(UUID, long, List)} (sequence 0), as {@link #hold(UUID, List)}. */
  default void release(UUID holder, List<Release> releases) {
    release(holder, 0, releases);
  }

  /**
   * {@link #submit(UUID, long, Introduction, List)} under a new transfer id, for a caller that sends a batch without a
   * Grid (a tool, a test of bad input) and never asks about it: the id only has to differ from the holder's others, so
   * it need not be secret (only the holder may ask about or end its batches).
   */
  default BatchReceipt submit(UUID holder, Introduction introduction, List<Command> commands) {
    long transfer;
    do {
      transfer = java.util.concurrent.ThreadLocalRandom.current().nextLong();
    } while (transfer == 0);
    return submit(holder, transfer, introduction, commands);
  }

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
      FetchResult r = fetch(
          LinkProbe.id(bytes),
          0,
          requester == null ? null : new Requester(requester, null, null),
          false,
          null); // a probe value has no borrowers
      if (r.state() == FetchResult.State.READY) answered++;
    }
    return answered;
  }
}
