package org.gridrmi.ref.internal;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.net.TransportMetrics;
import org.gridrmi.ref.internal.transport.NodeService;
import org.gridrmi.ref.internal.wire.Command;
import org.gridrmi.ref.internal.wire.Release;
import org.gridrmi.ref.internal.wire.Introduction;
import org.gridrmi.ref.internal.wire.Failure;
import org.gridrmi.ref.internal.wire.FetchResult;
import org.gridrmi.ref.internal.wire.NodeInfo;
import org.gridrmi.ref.internal.wire.NodeStats;
import org.gridrmi.ref.internal.wire.PlainResult;

/** What every node serves: its values. A server's endpoint adds batches and plain calls. */
public class NodeEndpoint implements NodeService {
  protected final LocalNode node;
  /** Under TLS, the certificate that first used each holder id: only that peer may act for the holder. */
  private final java.util.Map<UUID, String> identities = new java.util.concurrent.ConcurrentHashMap<>();

  public NodeEndpoint(LocalNode node) {
    this.node = node;
  }

  @Override
  public NodeInfo info() {
    return new NodeInfo(node.id(), node.name(), node.address());
  }

  @Override
  public FetchResult fetch(UUID id, long waitMillis, String requester, boolean announced) {
    long wait = Math.max(0, Math.min(waitMillis, node.runtime().settings().fetchWait().toMillis()));
    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(wait);
    Slot s = node.table().get(id);
    if (s == null && announced) {
      // the call making it is in a batch still on its way here: wait for it rather than make the client wait
      // for the submit's acknowledgement before it asks (that cost a second round trip per async call)
      CompletableFuture<Slot> created = node.table().whenCreated(id);
      try {
        s = created.get(wait, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        node.table().abandon(id, created);
        return FetchResult.PENDING; // the client asks again, saying whether the batch has been accepted by then
      } catch (ExecutionException e) {
        node.table().abandon(id, created);
        return FetchResult.failed(FailureCarrier.unwrap(e, null));
      } catch (InterruptedException e) {
        node.table().abandon(id, created);
        Thread.currentThread().interrupt();
        return FetchResult.PENDING;
      }
    }
    if (s == null) {
      return FetchResult.failed(Failure.of(Status.NOT_FOUND, "value " + id + " is not held by " + node
          + ": never made there, released, or its lease lapsed", null, null));
    }
    try {
      FetchResult ready = FetchResult.ready(s.future().get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS));
      node.table().fetchedBy(id, requester, true);
      return ready;
    } catch (TimeoutException e) {
      node.table().fetchedBy(id, requester, false); // a borrower that waits keeps its hold
      return FetchResult.PENDING;
    } catch (ExecutionException e) {
      node.table().fetchedBy(id, requester, true);
      return FetchResult.failed(FailureCarrier.unwrap(e, null));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return FetchResult.PENDING;
    }
  }

  /**
   * Checks that the caller may act for {@code holder}: under TLS the holder id belongs to the certificate that first
   * used it (a holder id is a secret of its client; this keeps another member of the Grid that learned one from using
   * it). Plain connections authenticate nobody, so there the holder id alone decides.
   *
   * @throws GridException PERMISSION_DENIED naming the caller
   */
  protected final void authorize(UUID holder) {
    String who = org.gridrmi.ref.internal.transport.Caller.current().tlsIdentity();
    if (who == null) return;
    String owner = identities.putIfAbsent(holder, who);
    if (owner != null && !owner.equals(who)) {
      throw new GridException(Status.PERMISSION_DENIED, "peer " + who + " may not act for a holder of another peer "
          + "on " + node.name());
    }
  }

  @Override
  public void release(UUID holder, List<Release> releases) {
    authorize(holder);
    node.table().release(holder, releases);
  }

  @Override
  public long renew(UUID holder) {
    authorize(holder);
    return node.table().renew(holder);
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
    return new NodeStats(node.table().size(), node.table().pending(), node.table().holders(), t.sentBytes(),
        t.receivedBytes(), t.perPeer(), heap, callsRun(), batchesReceived());
  }

  @Override
  public void submit(UUID holder, Introduction introduction, List<Command> commands) {
    throw new GridException(Status.NOT_FOUND, node + " is a GridRMI client's node, not a server: it takes no calls");
  }

  @Override
  public PlainResult invokePlain(String service, String method, Object[] args) {
    throw new GridException(Status.NOT_FOUND, node + " is a GridRMI client's node, not a server: it takes no calls");
  }

  @Override
  public List<String> services() {
    return List.of();
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
