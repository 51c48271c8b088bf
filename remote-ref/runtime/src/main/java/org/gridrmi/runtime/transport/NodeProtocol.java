package org.gridrmi.runtime.transport;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.UUID;
import org.gridrmi.runtime.cost.PeerLinkEstimate;
import org.gridrmi.runtime.wire.BatchReceipt;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.HeldDigest;
import org.gridrmi.runtime.wire.Introduction;
import org.gridrmi.runtime.wire.NodeInfo;
import org.gridrmi.runtime.wire.NodeStats;
import org.gridrmi.runtime.wire.PlainResult;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.Renewal;
import org.gridrmi.runtime.wire.Requester;

/**
 * The operations of a node, written once: what a node serves to other nodes and what they call on it, whatever
 * carries the calls. The node implements it ({@link NodeService}), callers call it through their transport
 * ({@link NodeClient}), and the RMI transport's remote interface is it ({@code CallGateway} adds nothing). Transports
 * forward every operation by one generic mechanism ({@link Operation}), reading each one's {@link Op}: how messages
 * name a call of it, and how long the call may take. So adding an operation is writing it here, with its {@code Op},
 * and in the node ({@code NodeEndpoint}); nothing else.
 *
 * <p>A node never throws for a single value's failure: that is data ({@link FetchResult}, a failed slot). Who called
 * is {@link Caller#current()} during each method.
 *
 * <p>It extends {@link java.rmi.Remote}, a marker, because an RMI stub invokes a method only if the interface that
 * declares it extends Remote; nothing else reads it (a node is exported only through its transport).
 *
 * @param <X> what a call may throw besides {@link org.gridrmi.ref.GridException}: {@link java.rmi.RemoteException}
 *     for the RMI remote interface (RMI requires every remote method to declare it, and reads the erasure,
 *     {@code Exception}, as doing so), {@link RuntimeException} (nothing checked) for the node and for callers, whose
 *     transport turns every failure into a GridException
 */
public interface NodeProtocol<X extends Exception> extends java.rmi.Remote {
  /** How long a call of an operation may take, and whether its time is the link's. */
  enum Bound {
    /** Answers at once: the transport's call timeout, and the call is a sample of the link's cost (a round trip). */
    ROUND_TRIP,
    /** Answers at once: the transport's call timeout, but the call is no sample of the link's cost. */
    CALL,
    /** A long-poll: its wait (the argument {@link Op#waitArgument}, in milliseconds) plus the transport's slack. */
    POLL,
    /** As long as the caller allows ({@link NodeClient#within}): its time is the node's; no bound unless given. */
    CALLER
  }

  /** What callers and their transports know of an operation. */
  @Documented
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.METHOD)
  @interface Op {
    /**
     * How messages name a call, such as {@code "a hold"}: in it, {@code {n}} stands for argument n and
     * {@code {n.size}} for the size of argument n, a list.
     */
    String what();

    Bound bound();

    /** For {@link Bound#POLL}: which argument is the wait, in milliseconds. */
    int waitArgument() default -1;
  }

  /** Who the node is; over RMI also the ticket of its data connections. */
  @Op(what = "info", bound = Bound.ROUND_TRIP)
  NodeInfo info() throws X;

  /**
   * The value of {@code id}, waiting at most {@code waitMillis} for it to be set.
   *
   * @param requester the node asking (its address becomes a known peer of this one; a borrow this node keeps for it,
   *     that node id at that address, is renewed while it waits; no answer ends one), or null
   * @param announced true if the batch that makes {@code id} may still be on its way here: then wait for it to arrive
   * @param trace the trace context of the fetch ({@link org.gridrmi.runtime.telemetry.TraceHeaders}), or null;
   *     never trusted: a malformed one is ignored
   */
  @Op(what = "the fetch of value {0}", bound = Bound.POLL, waitArgument = 1)
  FetchResult fetch(UUID id, long waitMillis, Requester requester, boolean announced, String trace)
      throws X;

  /**
   * The value {@code id}, sent unasked by its owner at {@code owner} because a call here takes it
   * ({@link Command.Call#pushTo}): a small value (no references inside) or its failure, as a fetch would answer it, or
   * {@link FetchResult#PENDING} for "not pushed, fetch it". This node takes it as the answer of its fetch of
   * {@code id} from that owner, in flight or to come, instead of asking; one it does not take in time is dropped (the
   * owner keeps nothing for it). Taken only from a caller on the owner's host that this node already knows as a peer
   * (see {@code KnownPeers}); refused otherwise, and ignored by a node that is not a server.
   *
   * @return whether this node took it (a fetch waited for it, or it is kept for one to come)
   */
  @Op(what = "a value's push", bound = Bound.CALL)
  boolean push(String owner, UUID id, FetchResult value) throws X;

  /**
   * {@code holder} holds these values too: it read references to them inside a value (Java RMI's "dirty" call). Ids
   * not held here any more are ignored (the holder's reference then fails with NOT_FOUND when it is resolved).
   *
   * @param sequence the number the holder's link gave this call: it numbers its holds and releases to this node from 1
   *     up, each call higher than the one before (a call sent again gets a new number), as Java RMI's DGC numbers its
   *     dirty and clean calls; the owner ignores, per value, a hold or release numbered no higher than the last it
   *     applied of that holder (a duplicate, or one delayed past newer ones). 0 for an unnumbered call (a tool's), applied as it
   *     arrives. See docs/reference-counting.md.
   * @throws org.gridrmi.ref.GridException INVALID_ARGUMENT for a negative sequence or past 10,000 ids
   */
  @Op(what = "a hold", bound = Bound.ROUND_TRIP)
  void hold(UUID holder, long sequence, List<UUID> ids) throws X;

  /**
   * The server at {@code requester} no longer waits for these values (it has them or their failure, or the calls that
   * needed them were released, cancelled or out of time): the owner need not keep them for it as a borrower. Ends only
   * the borrows of the requester's node id, never those of another node at the same address.
   *
   * @throws org.gridrmi.ref.GridException PERMISSION_DENIED naming the requester and the caller, unless the caller is
   *     that node (it presents the key it made for this owner, and the node at that address confirms it);
   *     INVALID_ARGUMENT if the requester names no node id
   */
  @Op(what = "an abandon", bound = Bound.ROUND_TRIP)
  void abandon(Requester requester, List<UUID> ids) throws X;

  /**
   * The caller, which fetched values from this node, holds the references that were inside them: this node may unpin
   * them now rather than after a lease. Each id is a transfer this node sent with a fetch's answer
   * ({@link FetchResult#transfer}): random, and sent only to that receiver, so only it can acknowledge the transfer;
   * ids of no transfer here (unknown, over, or acknowledged already) change nothing. A transfer written for another
   * receiver (another host) is not ended by this caller.
   *
   * @throws org.gridrmi.ref.GridException INVALID_ARGUMENT past 10,000 ids in one call; PERMISSION_DENIED if an id
   *     names a transfer written for another receiver (the caller's others end all the same)
   */
  @Op(what = "a transfer acknowledgement", bound = Bound.ROUND_TRIP)
  void transferred(List<Long> transfers) throws X;

  /**
   * Of these batches of {@code holder} (the transfer ids its sender chose for them: {@link #submit}), those this node
   * still waits for: it received them and its holds of the references they carry wait for their owners' answers. The
   * caller, which pinned those references under the ids, may unpin the others. An id of {@code holder} this node never
   * received is given up: should that batch arrive later, it is refused (CANCELLED) and runs nothing; only where no
   * more ids can be given up (a bounded table) is it returned as still waiting. An id another life of the server at this
   * address received is not returned either.
   *
   * @throws org.gridrmi.ref.GridException INVALID_ARGUMENT past 10,000 ids in one call; PERMISSION_DENIED for a holder
   *     id another peer uses (as {@link #submit})
   */
  @Op(what = "a transfer check", bound = Bound.ROUND_TRIP)
  List<Long> awaitingHolds(UUID holder, List<Long> transfers) throws X;

  /**
   * Whether this node gave {@code key} to the owner at {@code owner} as its requester key: what an owner asks before
   * it lets a caller naming this node's address end what it keeps for this node.
   */
  @Op(what = "a requester check", bound = Bound.CALL)
  boolean vouches(String owner, UUID key) throws X;

  /**
   * {@code holder} no longer needs these values (Java RMI's "clean" call). A release older than a hold or release of
   * the same holder's link applied to a value already changes nothing for that value.
   *
   * @param sequence as for {@link #hold}: the link's number of this call, or 0 for an unnumbered one
   * @throws org.gridrmi.ref.GridException PERMISSION_DENIED if a value is here and made and the holder does not hold
   *     it (the others are released); INVALID_ARGUMENT for a negative sequence or past 10,000 ids
   */
  @Op(what = "a release", bound = Bound.ROUND_TRIP)
  void release(UUID holder, long sequence, List<Release> releases) throws X;

  /**
   * Renews every lease of {@code holder}, and compares what this node holds for it with what it says it holds. The
   * digest is constant in size, so a renewal costs the same however many values the holder holds; the answer says
   * whether the two agree (the holder decides whether a difference calls for a repair: {@link #listHeld}). A digest
   * changes nothing here: a holder learns only of its own holds.
   *
   * @param held the holder's digest of what it holds at this node (what its link sent as held and not released)
   * @return the lease granted, whether the digests agree, and this node's digest
   * @throws org.gridrmi.ref.GridException INVALID_ARGUMENT for no digest
   */
  @Op(what = "a lease renewal", bound = Bound.ROUND_TRIP)
  Renewal renew(UUID holder, HeldDigest held) throws X;

  /**
   * What this node holds for {@code holder}, one page at a time: at most {@code max} value ids greater than
   * {@code after} in {@link UUID#compareTo} order, the smallest first (from the smallest for {@code after} null); a page
   * shorter than {@code max} is the last. What a holder whose renewal disagreed asks, to repair its holds (see
   * docs/reference-counting.md). Only the caller's own holder id is answered for: under TLS it belongs to the peer that
   * first used it, as for a release.
   *
   * @throws org.gridrmi.ref.GridException INVALID_ARGUMENT for {@code max} below 1 or above 10,000; PERMISSION_DENIED
   *     for a holder id another peer uses
   */
  @Op(what = "a list of held values", bound = Bound.ROUND_TRIP)
  List<UUID> listHeld(UUID holder, UUID after, int max) throws X;

  /** Cancels the computation of {@code id} if {@code holder} holds it; false if it was already set or not held. */
  @Op(what = "a cancel", bound = Bound.ROUND_TRIP)
  boolean cancel(UUID holder, UUID id) throws X;

  @Op(what = "stats", bound = Bound.ROUND_TRIP)
  NodeStats stats() throws X;

  /**
   * Registers a batch of commands (async calls, replicas) in order and returns once they are registered, before any
   * runs. A command whose result id is already known is ignored, so a batch may be sent again safely. Failures of
   * single commands are stored as their values, never thrown.
   *
   * @param transfer the id the sender chose for this batch (random, not 0): it pins the references the batch carries
   *     under it until this node says it no longer waits for them ({@link #awaitingHolds}), also when the submit failed
   * @param introduction who the caller is and which servers its Grid has, or null when unchanged since its last batch
   * @throws org.gridrmi.ref.GridException NOT_FOUND on a node that is not a server; INVALID_ARGUMENT for transfer 0;
   *     CANCELLED, running nothing, for a batch its sender gave up ({@link #awaitingHolds} asked about it before it
   *     came); RESOURCE_EXHAUSTED past the batches that may wait for their holds at once
   */
  @Op(what = "a batch of {3.size} commands", bound = Bound.ROUND_TRIP)
  BatchReceipt submit(UUID holder, long transfer, Introduction introduction, List<Command> commands)
      throws X;

  /**
   * A plain call (plain RMI, the paper's baseline): runs the method now and returns its result by value, with Java's
   * default serialization.
   *
   * @param trace the caller's trace context for the call, as for {@link #fetch}
   */
  @Op(what = "the plain call {1}", bound = Bound.CALLER)
  PlainResult invokePlain(String service, String method, Object[] args, String trace) throws X;

  /** The service interfaces this node exports (none for a client's node). */
  @Op(what = "services", bound = Bound.CALL)
  List<String> services() throws X;

  /**
   * Probes this node's links to {@code peers} (the caller's Grid's servers) with
   * {@link org.gridrmi.runtime.cost.LinkProbe}, and returns what the node knows of all its links then. Only peers the
   * node already knows are probed (its Grid's batches introduced them, or its configuration names them): a caller
   * cannot make it connect anywhere else. A peer that is not known or does not answer is skipped (logged).
   *
   * @throws org.gridrmi.ref.GridException NOT_FOUND on a node that is not a server
   */
  @Op(what = "a link probe", bound = Bound.CALLER)
  List<PeerLinkEstimate> probeLinks(List<String> peers) throws X;
}
