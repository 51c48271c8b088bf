package org.gridrmi.runtime;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.cost.LinkProbe;
import org.gridrmi.runtime.net.TransportMetrics;
import org.gridrmi.runtime.store.ReleaseCounts;
import org.gridrmi.runtime.store.Slot;
import org.gridrmi.runtime.store.ValueStore;
import org.gridrmi.runtime.store.ValueTable;
import org.gridrmi.runtime.transport.Caller;
import org.gridrmi.runtime.transport.NodeService;
import org.gridrmi.runtime.wire.BatchReceipt;
import org.gridrmi.runtime.wire.Borrower;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.Failure;
import org.gridrmi.runtime.wire.FailureCarrier;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.HeldDigest;
import org.gridrmi.runtime.wire.Introduction;
import org.gridrmi.runtime.wire.NodeInfo;
import org.gridrmi.runtime.wire.NodeStats;
import org.gridrmi.runtime.wire.PlainResult;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.Renewal;
import org.gridrmi.runtime.wire.Requester;
import org.gridrmi.runtime.wire.ValueIds;
import org.gridrmi.runtime.wire.WrittenRefs;

/** What every node serves: its values. A server's endpoint adds batches and plain calls. */
public class NodeEndpoint implements NodeService {
  protected final LocalNode node;
  /**
   * Under TLS, the certificate that first used each holder id: only that peer may act for the holder. Peers feed it
   * (any new holder id adds one), so it keeps at most as many holders as the node's table admits
   * ({@link ValueTable#MAX_HOLDERS}), the least recently used forgotten first: a holder in use is used again at each
   * renewal, so only ids nobody uses any more go; guarded by itself.
   */
  private final java.util.Map<UUID, String> identities =
      new java.util.LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(java.util.Map.Entry<UUID, String> eldest) {
          return size() > ValueTable.MAX_HOLDERS;
        }
      };
  /** Who may end what this node keeps for a borrower. */
  private final RequesterCheck requesters;

  public NodeEndpoint(LocalNode node) {
    this.node = node;
    this.requesters = new RequesterCheck(node);
  }

  /** How many holder ids this node keeps bound to the certificate that first used them, for tests. */
  public int holderIdentities() {
    synchronized (identities) {
      return identities.size();
    }
  }

  /** How many times this node asked a requester's node to confirm its key ({@code vouches}), for tests and stats. */
  public long confirmationsAsked() {
    return requesters.asked();
  }

  @Override
  public NodeInfo info() {
    return new NodeInfo(node.id(), node.name(), node.address());
  }

  @Override
  public FetchResult fetch(
      UUID id, long waitMillis, Requester requester, boolean announced, String trace) {
    FetchResult r = fetchForStream(id, waitMillis, requester, announced, trace);
    if (r.state() != FetchResult.State.READY) return r;
    try {
      // encoded here, so that running out of memory is this fetch's failure, not a broken
      // connection;
      // the references inside are pinned until the receiver says it holds them
      long transfer = newTransfer();
      return node.runtime()
              .pins()
              .writing(receiver(), lifeOf(requester), transfer, () -> r.value().encode())
          ? r.inTransfer(transfer)
          : r;
    } catch (OutOfMemoryError e) {
      return FetchResult.failed(
          Failure.outOfMemory("sending value " + ValueIds.shortForm(id), node.toString(), e, null));
    } catch (java.io.IOException e) {
      return FetchResult.failed(Failure.of(Status.REMOTE_FAILURE, notSendable(id, e), null, null));
    }
  }

  @Override
  public long newTransfer() {
    return node.runtime().pins().newTransfer();
  }

  @Override
  public void streaming(long transfer, Requester requester, WrittenRefs.Write write)
      throws java.io.IOException {
    node.runtime().pins().writing(receiver(), lifeOf(requester), transfer, write);
  }

  /** The node a fetch's requester names (its address and node id), or null for none. */
  private static Borrower lifeOf(Requester requester) {
    return requester == null ? null : requester.borrower();
  }

  /**
   * A fetch from {@code requester}: if it names a life of its node other than one this node pinned transfers for at
   * that address, and the caller may act for it (as for an {@code abandon}: {@link RequesterCheck}), the earlier life
   * is gone (a server restarted at the same address), and its transfers' pins go now rather than after their period.
   * A requester that is not confirmed changes nothing: its transfers' pins end as before.
   */
  private void noteReceiverLife(Requester requester) {
    Borrower life = lifeOf(requester);
    if (life == null || !node.runtime().pins().otherLivesAt(life)) return;
    try {
      requesters.authorize(requester, Caller.current());
    } catch (GridException notConfirmed) {
      return;
    }
    node.runtime().pins().endOtherLives(life);
  }

  /** Who reads a value this node sends now, for the bound on pins per receiver: the caller's host. */
  /** Who reads what this node writes in its answer to the current call (for the pins of a transfer). */
  protected static String receiver() {
    return Caller.current().host();
  }

  /**
   * @throws GridException INVALID_ARGUMENT past {@link ValueTable#MAX_IDS_PER_CALL} ids; PERMISSION_DENIED for a
   *     transfer written for another receiver (see {@link org.gridrmi.runtime.TransitPins#transferredBy})
   */
  @Override
  public void transferred(List<Long> transfers) {
    checkIds(transfers, "transfer acknowledgement");
    node.runtime().pins().transferredBy(receiver(), transfers);
  }

  /**
   * @throws GridException INVALID_ARGUMENT past {@link ValueTable#MAX_IDS_PER_CALL} ids; PERMISSION_DENIED for a holder
   *     id another peer uses (see {@link #authorize})
   */
  @Override
  public List<Long> awaitingHolds(UUID holder, List<Long> transfers) {
    checkIds(transfers, "transfer check");
    if (holder == null) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "a transfer check on " + node.name() + " names no holder: a Grid asks about the"
              + " batches of its own holder id");
    }
    authorize(holder);
    return node.runtime().received().awaiting(holder, transfers);
  }

  /** Why value {@code id} cannot leave this node. */
  public String notSendable(UUID id, Exception e) {
    return "value " + ValueIds.shortForm(id) + " cannot be sent from " + node + ": " + e
        + " (a value that leaves its node must be Serializable or have a ValueCodec)";
  }

  @Override
  public FetchResult fetchForStream(
      UUID id, long waitMillis, Requester requester, boolean announced, String trace) {
    if (LinkProbe.isProbe(id))
      return FetchResult.ready(LinkProbe.value(id)); // made here, held by nobody
    noteReceiverLife(requester);
    long wait =
        Math.max(0, Math.min(waitMillis, node.runtime().settings().fetchWait().toMillis()));
    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(wait);
    Slot s = node.table().get(id);
    if (s == null && announced) {
      // the call making it is in a batch still on its way here: wait for it rather than make the
      // client wait
      // for the submit's acknowledgement before it asks (that cost a second round trip per async
      // call)
      CompletableFuture<Slot> created = node.table().whenCreated(id);
      try {
        s = created.get(wait, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        node.table().abandon(id, created);
        return FetchResult
            .PENDING; // the client asks again, saying whether the batch has been accepted by then
      } catch (ExecutionException e) {
        node.table().abandon(id, created);
        return FetchResult.failed(FailureCarrier.unwrap(e, null));
      } catch (InterruptedException e) {
        node.table().abandon(id, created);
        Thread.currentThread().interrupt();
        return FetchResult.PENDING;
      }
    }
    if (s == null)
      return FetchResult.failed(Failure.of(Status.NOT_FOUND, notHeld(node, id), null, null));
    try {
      return FetchResult.ready(
          s.future().get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS));
    } catch (TimeoutException e) {
      waitsFor(id, requester);
      return FetchResult.PENDING;
    } catch (ExecutionException e) {
      return FetchResult.failed(FailureCarrier.unwrap(e, null));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return FetchResult.PENDING;
    }
  }

  /**
   * The requester of a fetch waits on for a value not made yet: a borrow it has here is renewed for a lease, whoever
   * asks (that keeps a value longer, never shorter). No fetch ends a borrow, not even an answered one: the answer may be
   * lost, or reach a borrower that stopped waiting, and a borrower that asks again must still find the value (the
   * lifetime simulation found both: docs/reference-counting.md). The borrower ends it itself once it has the value or
   * its failure, or nobody there waits any more ({@code abandon}, which only that node may send); else it lapses when
   * the calls it was lent for are out of time, as the lender's release said (an answered fetch does not renew it: a
   * borrower that died before its word keeps the value no longer than its calls could have used it).
   */
  private void waitsFor(UUID id, Requester requester) {
    Borrower b = requester == null ? null : requester.borrower();
    if (b != null) node.table().fetching(id, b);
  }

  /** Why {@code id} is not on {@code node}: how it went, if the node remembers, else the possible reasons. */
  public static String notHeld(LocalNode node, UUID id) {
    String why = node.table().freedBecause(id);
    return "value " + ValueIds.shortForm(id) + " is not held by " + node + ": "
        + (why != null
            ? "it was " + why
            : "never made there, or let go long ago (released, collected, or its lease lapsed)");
  }

  /**
   * Checks that the caller may act for {@code holder}: under TLS the holder id belongs to the certificate that first
   * used it (a holder id is a secret of its client; this keeps another member of the Grid that learned one from using
   * it). Plain connections authenticate nobody, so there the holder id alone decides.
   *
   * @throws GridException PERMISSION_DENIED naming the caller
   */
  protected final void authorize(UUID holder) {
    String who = Caller.current().tlsIdentity();
    if (who == null) return;
    String owner;
    synchronized (identities) {
      owner = identities.putIfAbsent(holder, who); // an access: the most recently used now
    }
    if (owner != null && !owner.equals(who)) {
      throw new GridException(
          Status.PERMISSION_DENIED,
          "peer " + who + " may not act for a holder of another peer " + "on " + node.name());
    }
  }

  /**
   * @throws GridException INVALID_ARGUMENT past {@link ValueTable#MAX_IDS_PER_CALL} ids; RESOURCE_EXHAUSTED when the
   *     node keeps values for {@link ValueTable#MAX_HOLDERS} holders already, or holds for
   *     {@link ValueTable#MAX_PARKED_HOLDS} values not made yet
   */
  @Override
  public void hold(UUID holder, long sequence, List<UUID> ids) {
    checkIds(ids, "hold");
    checkSequence(sequence, "hold");
    authorize(holder);
    node.table().admit(holder);
    for (UUID id : node.table().holdAll(holder, sequence, ids))
      node.table().holdWhenCreated(id, holder, sequence);
  }

  /** @throws GridException INVALID_ARGUMENT for a negative sequence number */
  private void checkSequence(long sequence, String what) {
    if (sequence < 0) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "a " + what + " on " + node.name() + " numbered " + sequence
              + ": a holder link numbers its" + " holds and releases from 1 up (0 for none)");
    }
  }

  /** @throws GridException INVALID_ARGUMENT naming the limit, past {@link ValueTable#MAX_IDS_PER_CALL} ids */
  private void checkIds(List<?> ids, String what) {
    if (ids.size() > ValueTable.MAX_IDS_PER_CALL) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "a " + what + " of " + ids.size() + " values on " + node.name() + ": at most "
              + ValueTable.MAX_IDS_PER_CALL + " in one call");
    }
  }

  @Override
  public void abandon(Requester requester, List<UUID> ids) {
    Borrower b = requester == null ? null : requester.borrower();
    if (requester != null && b == null) { // checked first: asking the requester's node costs a call
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "an abandon on " + node.name() + " from " + requester + " names no node id (its"
              + " requester must carry its address and node id): an owner ends only the borrows of"
              + " the node (the life of the server at that address) that asks");
    }
    requesters.authorize(requester, Caller.current()); // INVALID_ARGUMENT for no requester
    node.table().abandonedBy(b, ids);
  }

  @Override
  public boolean vouches(String owner, UUID key) {
    return node.runtime().requesterKeys().gave(owner, key);
  }

  @Override
  public void release(UUID holder, long sequence, List<Release> releases) {
    checkIds(releases, "release");
    checkSequence(sequence, "release");
    authorize(holder);
    node.table().release(holder, sequence, releases);
  }

  /** @throws GridException INVALID_ARGUMENT for no digest */
  @Override
  public Renewal renew(UUID holder, HeldDigest held) {
    if (held == null) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "a lease renewal on " + node.name() + " carries no digest of what its holder holds: a"
              + " holder link sends one with every renewal");
    }
    authorize(holder);
    return node.table().renew(holder, held);
  }

  /**
   * @throws GridException INVALID_ARGUMENT for {@code max} out of 1 to {@link ValueTable#MAX_IDS_PER_CALL}
   */
  @Override
  public List<UUID> listHeld(UUID holder, UUID after, int max) {
    if (max < 1 || max > ValueTable.MAX_IDS_PER_CALL) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "a list of held values on " + node.name() + " of " + max + " per page: ask for 1 to "
              + ValueTable.MAX_IDS_PER_CALL);
    }
    authorize(holder);
    return node.table().heldBy(holder, after, max);
  }

  @Override
  public boolean cancel(UUID holder, UUID id) {
    authorize(holder);
    Slot s = node.table().get(id);
    if (s == null || !node.table().holds(holder, id)) return false; // only a holder may cancel
    return s.cancel(s.label() + " on " + node);
  }

  @Override
  public NodeStats stats() {
    TransportMetrics.Snapshot t = node.runtime().transport().traffic();
    long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    ValueStore.Usage u = node.table().store().usage();
    ReleaseCounts r = node.table().releases();
    NodeStats.Store store = new NodeStats.Store(
        u.memoryBytes(),
        u.maxMemoryBytes(),
        u.spilledBytes(),
        u.maxSpillBytes(),
        u.spillWrites(),
        u.readBacks(),
        node.table().borrowers(),
        heldByReference(),
        r.explicit(),
        r.collected(),
        r.lapsed());
    return new NodeStats(
        node.table().size(),
        node.table().pending(),
        node.table().holders(),
        t.sentBytes(),
        t.receivedBytes(),
        t.perPeer(),
        heap,
        callsRun(),
        batchesReceived(),
        store,
        new NodeStats.Activity(queuedCalls(), callTimes(), r.renewals(), r.leasesLapsed()),
        List.copyOf(node.runtime().transport().linkCosts().estimates()),
        methodCosts(),
        org.gridrmi.runtime.serial.Codecs.written());
  }

  /** Compute time per service method; servers run methods. */
  protected List<org.gridrmi.runtime.cost.MethodCost> methodCosts() {
    return List.of();
  }

  /** Calls waiting for a compute thread; servers have them. */
  protected int queuedCalls() {
    return 0;
  }

  /** Calls counted by how long they took (see {@link org.gridrmi.runtime.telemetry.CallTimes}); servers count. */
  protected long[] callTimes() {
    return new long[0];
  }

  @Override
  public BatchReceipt submit(
      UUID holder, long transfer, Introduction introduction, List<Command> commands) {
    throw new GridException(
        Status.NOT_FOUND, node + " is a GridRMI client's node, not a server: it takes no calls");
  }

  @Override
  public PlainResult invokePlain(String service, String method, Object[] args, String trace) {
    throw new GridException(
        Status.NOT_FOUND, node + " is a GridRMI client's node, not a server: it takes no calls");
  }

  @Override
  public List<String> services() {
    return List.of();
  }

  /** A client's node fetches only what its caller waits for: it takes no pushes (see {@link NodeService#push}). */
  @Override
  public boolean push(String owner, UUID id, FetchResult value) {
    return false;
  }

  @Override
  public List<org.gridrmi.runtime.cost.PeerLinkEstimate> probeLinks(List<String> peers) {
    throw new GridException(
        Status.NOT_FOUND, node + " is a GridRMI client's node, not a server: it probes no links");
  }

  /** Values of other nodes this node holds by reference; servers have them. */
  protected int heldByReference() {
    return 0;
  }

  /** Calls this node ran; servers count them. */
  protected long callsRun() {
    return 0;
  }

  /** Batches of async calls this node received; servers count them. */
  protected long batchesReceived() {
    return 0;
  }
}
