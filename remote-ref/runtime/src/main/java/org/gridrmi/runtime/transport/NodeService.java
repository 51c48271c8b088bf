package org.gridrmi.runtime.transport;

import java.util.List;
import java.util.UUID;
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
 * What a node serves to other nodes, whatever carries the calls ({@link Transport}): its values (every node) and, on
 * a server, async batches and plain calls. Implementations never throw for a single value's failure: that is data
 * ({@link FetchResult}, a failed slot). Who called is {@link Caller#current()} during each method.
 */
public interface NodeService {
  NodeInfo info();

  /**
   * The value of {@code id}, waiting at most {@code waitMillis} for it to be set.
   *
   * @param requester the node asking (its address becomes a known peer of this one; once it is confirmed, the value is
   *     no longer kept for it as a borrower after this answer), or null
   * @param announced true if the batch that makes {@code id} may still be on its way here: then wait for it to arrive
   * @param trace the trace context of the fetch ({@link org.gridrmi.runtime.telemetry.TraceHeaders}), or null;
   *     never trusted: a malformed one is ignored
   */
  FetchResult fetch(UUID id, long waitMillis, Requester requester, boolean announced, String trace);

  /**
   * As {@link #fetch}, but a value that is ready is not serialized yet: the caller streams it (a data connection),
   * and a failure to encode it is the caller's to report ({@link #notSendable}).
   */
  default FetchResult fetchForStream(UUID id, long waitMillis, Requester requester, boolean announced, String trace) {
    return fetch(id, waitMillis, requester, announced, trace);
  }

  /** The message for value {@code id} that failed to encode with {@code e} on its way out of this node. */
  default String notSendable(UUID id, Exception e) {
    return "value " + id + " cannot be sent: " + e
        + " (a value that leaves its node must be Serializable or have a ValueCodec)";
  }

  /**
   * {@code holder} holds these values too: it read references to them inside a value (Java RMI's "dirty" call). Ids
   * not held here any more are ignored (the holder's reference then fails with NOT_FOUND when it is resolved).
   */
  void hold(UUID holder, List<UUID> ids);

  /**
   * The server at {@code requester} no longer waits for these values (the calls that needed them were released,
   * cancelled or out of time): the owner need not keep them for it as a borrower.
   *
   * @throws org.gridrmi.ref.GridException PERMISSION_DENIED naming the requester and the caller, unless the caller is
   *     that node (it presents the key it made for this owner, and the node at that address confirms it)
   */
  void abandon(Requester requester, List<UUID> ids);

  /**
   * Whether this node gave {@code key} to the owner at {@code owner} as its requester key: what an owner asks before
   * it lets a caller naming this node's address end what it keeps for this node.
   */
  boolean vouches(String owner, UUID key);

  /** {@code holder} no longer needs these values; ids it does not hold are ignored. */
  void release(UUID holder, List<Release> releases);

  /** Renews every lease of {@code holder}; returns the lease granted, in milliseconds. */
  long renew(UUID holder);

  /** Cancels the computation of {@code id} if {@code holder} holds it; false if it was already set or not held. */
  boolean cancel(UUID holder, UUID id);

  NodeStats stats();

  /**
   * Registers a batch of commands (async calls, replicas) and returns before any runs.
   *
   * @param introduction who the caller is and which servers its Grid has, or null when unchanged since its last batch
   * @throws org.gridrmi.ref.GridException NOT_FOUND on a node that is not a server
   */
  BatchReceipt submit(UUID holder, Introduction introduction, List<Command> commands);

  /** A plain call: runs now and returns its result by value; {@code trace} as for {@link #fetch}. */
  PlainResult invokePlain(String service, String method, Object[] args, String trace);

  /** The service interfaces this node exports (none for a client's node). */
  List<String> services();

  /**
   * Probes this node's links to {@code peers} (the caller's Grid's servers: they become known peers, as the servers a
   * client introduces do) with {@link org.gridrmi.runtime.cost.LinkProbe}, and returns what the node knows of
   * all its links then. A peer that does not answer is skipped (its failure is logged).
   *
   * @throws org.gridrmi.ref.GridException NOT_FOUND on a node that is not a server
   */
  List<org.gridrmi.runtime.cost.PeerLinkEstimate> probeLinks(List<String> peers);
}
