package org.gridrmi.runtime.internal.data;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.transport.Caller;
import org.gridrmi.runtime.transport.NodeService;
import org.gridrmi.runtime.wire.BatchReceipt;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.Failure;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.Introduction;
import org.gridrmi.runtime.wire.NodeInfo;
import org.gridrmi.runtime.wire.NodeStats;
import org.gridrmi.runtime.wire.PlainResult;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.Requester;

/**
 * A node that serves only fetches, each answered by what the test set for its id; it remembers every fetch and who
 * made it. The rest of {@link NodeService} is not part of the data plane and fails loudly.
 */
final class FakeNode implements NodeService {
  /** One fetch as the node saw it. */
  record Request(UUID id, long waitMillis, Requester requester, boolean announced, Caller caller) {}

  private final String name;
  private final Map<UUID, Supplier<FetchResult>> answers = new ConcurrentHashMap<>();
  final List<Request> requests = new CopyOnWriteArrayList<>();

  FakeNode(String name) {
    this.name = name;
  }

  /** Fetches of {@code id} are answered by {@code answer}, called for each. */
  FakeNode answer(UUID id, Supplier<FetchResult> answer) {
    answers.put(id, answer);
    return this;
  }

  /**
   * A value whose fetch holds its data connection inside the node until {@code release} (at most 10 s), after
   * counting down {@code inside}; then it is {@code value}.
   */
  UUID parked(
      Object value,
      java.util.concurrent.CountDownLatch inside,
      java.util.concurrent.CountDownLatch release) {
    UUID id = UUID.randomUUID();
    answer(id, () -> {
      inside.countDown();
      try {
        release.await(10, java.util.concurrent.TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return FetchResult.ready(value);
    });
    return id;
  }

  /** A value that is ready. */
  UUID ready(Object value) {
    UUID id = UUID.randomUUID();
    answer(id, () -> FetchResult.ready(value));
    return id;
  }

  long requestsFor(UUID id) {
    return requests.stream().filter(r -> r.id().equals(id)).count();
  }

  /** How long {@link #info()} takes, as on a node that hangs (0: it answers at once). */
  volatile long infoDelayMillis;

  @Override
  public NodeInfo info() {
    try {
      Thread.sleep(infoDelayMillis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return new NodeInfo(UUID.nameUUIDFromBytes(name.getBytes()), name, "fake");
  }

  @Override
  public FetchResult fetch(
      UUID id, long waitMillis, Requester requester, boolean announced, String trace) {
    return fetchForStream(id, waitMillis, requester, announced, trace);
  }

  @Override
  public FetchResult fetchForStream(
      UUID id, long waitMillis, Requester requester, boolean announced, String trace) {
    requests.add(new Request(id, waitMillis, requester, announced, Caller.current()));
    Supplier<FetchResult> answer = answers.get(id);
    return answer != null
        ? answer.get()
        : FetchResult.failed(
            Failure.of(Status.NOT_FOUND, "value " + id + " is not held by " + name, null, null));
  }

  private static UnsupportedOperationException notHere() {
    return new UnsupportedOperationException("not part of the data plane");
  }

  @Override
  public void hold(UUID holder, long sequence, List<UUID> ids) {
    throw notHere();
  }

  @Override
  public void abandon(Requester requester, List<UUID> ids) {
    throw notHere();
  }

  @Override
  public void transferred(List<Long> transfers) {
    throw notHere();
  }

  @Override
  public List<Long> awaitingHolds(UUID holder, List<Long> transfers) {
    throw notHere();
  }

  @Override
  public boolean vouches(String owner, UUID key) {
    throw notHere();
  }

  @Override
  public boolean push(String owner, UUID id, FetchResult value) {
    throw notHere();
  }

  @Override
  public void release(UUID holder, long sequence, List<Release> releases) {
    throw notHere();
  }

  @Override
  public org.gridrmi.runtime.wire.Renewal renew(
      UUID holder, org.gridrmi.runtime.wire.HeldDigest held) {
    throw notHere();
  }

  @Override
  public List<UUID> listHeld(UUID holder, UUID after, int max) {
    throw notHere();
  }

  @Override
  public boolean cancel(UUID holder, UUID id) {
    throw notHere();
  }

  @Override
  public NodeStats stats() {
    throw notHere();
  }

  @Override
  public BatchReceipt submit(
      UUID holder, long transfer, Introduction introduction, List<Command> commands) {
    throw notHere();
  }

  @Override
  public PlainResult invokePlain(String service, String method, Object[] args, String trace) {
    java.util.function.Supplier<PlainResult> p = plain;
    if (p == null) throw notHere();
    return p.get();
  }

  /** What a plain call answers (a test sets it); null: it is refused. */
  volatile java.util.function.Supplier<PlainResult> plain;

  @Override
  public List<String> services() {
    return List.of();
  }

  @Override
  public List<org.gridrmi.runtime.cost.PeerLinkEstimate> probeLinks(List<String> peers) {
    throw notHere();
  }
}
