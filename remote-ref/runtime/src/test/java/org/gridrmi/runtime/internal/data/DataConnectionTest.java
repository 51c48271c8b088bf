package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.gridrmi.runtime.internal.data.Samples.assertBitExact;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.wire.Failure;
import org.gridrmi.runtime.wire.FetchResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A {@link DataClient} fetching from a node's {@link DataServer} over loopback sockets: answers of every kind arrive
 * whole, connections are pooled and a dead pooled one is replaced, and a refusal, a value that cannot be sent, a
 * connection cut or stalled mid-value each fail that fetch alone while the node keeps serving.
 */
class DataConnectionTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(2), Duration.ofSeconds(1), Duration.ofSeconds(2));
  private static final long BOUND = TimeUnit.SECONDS.toNanos(2);
  private static final org.gridrmi.runtime.wire.Requester REQUESTER =
      new org.gridrmi.runtime.wire.Requester(
          "rmi://127.0.0.1:4242", UUID.randomUUID(), UUID.randomUUID());
  private DataNode node;
  private Fetching fetching;
  private DataClient client;

  @BeforeEach
  void start() throws Exception {
    node = DataNode.plain("N1", TIMEOUTS);
    fetching = new Fetching(null);
    client = fetching.client;
  }

  @AfterEach
  void stop() {
    fetching.close();
    node.close();
  }

  private FetchResult fetch(UUID id) throws IOException {
    return fetching.fetch(node, id, BOUND);
  }

  private Object fetchValue(UUID id) throws IOException {
    return fetching.value(node, id, BOUND);
  }

  @Test
  void valuesOfEveryKindArriveBitExactOnOneConnection() throws IOException {
    List<Object> values = java.util.Arrays.asList(
        Samples.doubles(1_000_000),
        Samples.rows(300_000),
        Samples.floats(70_001),
        new Samples.Blob("a serialized value", Samples.bytes(600_000)),
        Samples.text(5000),
        Double.longBitsToDouble(Samples.NAN_DOUBLES[0]),
        null,
        new byte[0]);
    for (Object v : values) {
      assertBitExact(fetchValue(node.service.ready(v)), v);
    }
    assertThat(node.connections()).as("data connections made").isEqualTo(1);
  }

  @Test
  void theRequestArrivesAsSent() throws IOException {
    UUID id = node.service.ready("x");
    client.fetch(
        "127.0.0.1",
        node.port(),
        node.ticket,
        id,
        1234,
        REQUESTER,
        true,
        null,
        BOUND,
        BOUND,
        DataNode.READER);
    client.fetch(
        "127.0.0.1",
        node.port(),
        node.ticket,
        id,
        0,
        null,
        false,
        null,
        BOUND,
        BOUND,
        DataNode.READER);
    assertThat(node.service.requests)
        .extracting(
            FakeNode.Request::id,
            FakeNode.Request::waitMillis,
            FakeNode.Request::requester,
            FakeNode.Request::announced)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(id, 1234L, REQUESTER, true),
            org.assertj.core.groups.Tuple.tuple(id, 0L, null, false));
    assertThat(node.service.requests.get(0).caller().host()).isEqualTo("127.0.0.1");
    assertThat(node.service.requests.get(0).caller().tlsIdentity())
        .as("no identity on a plain connection")
        .isNull();
  }

  @Test
  void aValueStillBeingMadeIsPendingThenReady() throws IOException {
    UUID id = UUID.randomUUID();
    AtomicInteger asked = new AtomicInteger();
    double[] value = Samples.doubles(100_000);
    node.service.answer(
        id, () -> asked.incrementAndGet() == 1 ? FetchResult.PENDING : FetchResult.ready(value));
    assertThat(fetch(id).state()).isEqualTo(FetchResult.State.PENDING);
    assertBitExact(fetchValue(id), value);
    assertThat(node.connections()).isEqualTo(1);
  }

  @Test
  void aFailedValueCarriesItsFailure() throws IOException {
    UUID id = UUID.randomUUID();
    node.service.answer(
        id,
        () -> FetchResult.failed(
            Failure.of(Status.INVALID_ARGUMENT, "Svc.m threw: bad input", null, "Svc.m on N1")));
    FetchResult r = fetch(id);
    assertThat(r.state()).isEqualTo(FetchResult.State.FAILED);
    assertThat(r.failure().status()).isEqualTo(Status.INVALID_ARGUMENT);
    assertThat(r.failure().message()).isEqualTo("Svc.m threw: bad input");
    assertThat(r.failure().chain()).contains("Svc.m on N1");
    FetchResult unknown = fetch(UUID.randomUUID());
    assertThat(unknown.failure().status()).isEqualTo(Status.NOT_FOUND);
    assertThat(node.connections()).as("a failure leaves the connection in step").isEqualTo(1);
  }

  @Test
  void aPeerWithoutTheTicketIsRefusedAndLoggedAndTheNodeKeepsServing() throws IOException {
    List<LogRecord> logged = new java.util.concurrent.CopyOnWriteArrayList<>();
    Logger log = Logger.getLogger("org.gridrmi.data");
    Handler capture = new Handler() {
      @Override
      public void publish(LogRecord r) {
        logged.add(r);
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    log.addHandler(capture);
    try {
      UUID id = node.service.ready("secret");
      assertThatThrownBy(() -> client.fetch(
              "127.0.0.1",
              node.port(),
              UUID.randomUUID(),
              id,
              0,
              REQUESTER,
              false,
              null,
              BOUND,
              BOUND,
              DataNode.READER))
          .isInstanceOfSatisfying(GridException.class, e -> {
            assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED);
            assertThat(e.getMessage()).contains("N1").contains("ticket");
          });
      assertThat(node.service.requests)
          .as("requests the refused peer got served")
          .isEmpty();
      assertThat(node.server.refusals()).isEqualTo(1);
      await().atMost(Duration.ofSeconds(5)).until(() -> !logged.isEmpty());
      assertThat(logged.get(0).getMessage())
          .contains("N1 refused a data connection from 127.0.0.1:")
          .contains("ticket");
      assertThat(fetchValue(id)).as("the node serves a peer with the ticket").isEqualTo("secret");
    } finally {
      log.removeHandler(capture);
    }
  }

  /** Not Serializable, and no codec: it cannot leave its node. */
  static final class Unsendable {
    final int x = 1;
  }

  /** Writes a good part of itself, then meets a field that cannot be serialized. */
  static final class FailsHalfWay implements Serializable {
    private static final long serialVersionUID = 1L;

    private void writeObject(ObjectOutputStream o) throws IOException {
      o.write(new byte[3 * ChunkedOutput.CHUNK_BYTES + 100]);
      o.writeObject(new Unsendable());
    }
  }

  @Test
  void aValueThatCannotBeSentFailsWithRemoteFailureNamingItAndTheConnectionStaysInStep()
      throws IOException {
    for (Object unsendable : new Object[] {new Unsendable(), new FailsHalfWay()}) {
      UUID id = node.service.ready(unsendable);
      assertThatThrownBy(() -> fetch(id)).isInstanceOfSatisfying(GridException.class, e -> {
        assertThat(e.status()).isEqualTo(Status.REMOTE_FAILURE);
        assertThat(e.getMessage())
            .contains(org.gridrmi.runtime.wire.ValueIds.shortForm(id))
            .contains(Unsendable.class.getName());
      });
      assertThat(fetchValue(node.service.ready("after"))).isEqualTo("after");
    }
    assertThat(node.connections()).as("data connections made").isEqualTo(1);
  }

  @Test
  void aStalePooledConnectionIsReplacedOnce() throws IOException {
    assertThat(fetchValue(node.service.ready("first"))).isEqualTo("first");
    node.cutConnections(); // the node drops the idle connection (restart, idle timeout)
    UUID id = node.service.ready("second");
    assertThat(fetchValue(id)).isEqualTo("second");
    assertThat(node.connections()).isEqualTo(2);
    assertThat(node.service.requestsFor(id))
        .as("the request reached the node once")
        .isEqualTo(1);
  }

  @Test
  void everyStalePooledConnectionIsReplacedByANewOneNotByAnotherStaleOne() throws Exception {
    // two fetches at once leave two pooled connections
    CyclicBarrier both = new CyclicBarrier(2);
    UUID a = UUID.randomUUID();
    node.service.answer(a, () -> {
      try {
        both.await(5, TimeUnit.SECONDS);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
      return FetchResult.ready("a");
    });
    CompletableFuture<Object> first = CompletableFuture.supplyAsync(() -> fetchOrFail(a));
    assertThat(fetchValue(a)).isEqualTo("a");
    assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("a");
    assertThat(node.connections()).isEqualTo(2);
    node.cutConnections(); // the node restarted: both pooled connections are dead

    assertThat(fetchValue(node.service.ready("after a restart"))).isEqualTo("after a restart");
    assertThat(node.connections()).isEqualTo(3);
  }

  private Object fetchOrFail(UUID id) {
    try {
      return fetchValue(id);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void aConnectionCutMidValueFailsThatFetchAndTheNextOneUsesANewConnection() throws Exception {
    StopsHalfWay value = new StopsHalfWay();
    UUID id = node.service.ready(value);
    CompletableFuture<FetchResult> fetch = CompletableFuture.supplyAsync(() -> {
      try {
        return fetch(id);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    value.awaitHalfSent();
    node.cutConnections();
    value.goOn.countDown();
    assertThatThrownBy(() -> fetch.get(10, TimeUnit.SECONDS))
        .hasCauseInstanceOf(java.io.UncheckedIOException.class);
    assertThat(node.service.requestsFor(id))
        .as("a fetch that got part of its answer is not re-sent")
        .isEqualTo(1);
    assertThat(fetchValue(node.service.ready("next"))).isEqualTo("next");
    assertThat(node.connections()).isEqualTo(2);
  }

  @Test
  void aStallOnAPooledConnectionFailsWithinTheBoundAndReachesTheNodeOnce() throws IOException {
    assertThat(fetchValue(node.service.ready("warm"))).isEqualTo("warm"); // a pooled connection
    UUID id = UUID.randomUUID();
    CountDownLatch release = new CountDownLatch(1);
    node.service.answer(
        id,
        () -> { // a wedged owner: the answer does not start within the bound
          try {
            release.await(20, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return FetchResult.ready("late");
        });
    long bound = TimeUnit.MILLISECONDS.toNanos(800);
    long start = System.nanoTime();
    try {
      assertThatThrownBy(() -> client.fetch(
              "127.0.0.1",
              node.port(),
              node.ticket,
              id,
              0,
              REQUESTER,
              false,
              null,
              bound,
              bound,
              DataNode.READER))
          .isInstanceOf(java.net.SocketTimeoutException.class);
      long took = System.nanoTime() - start;
      assertThat(Duration.ofNanos(took))
          .as("time to fail")
          .isLessThan(Duration.ofNanos(bound).plusMillis(600));
      assertThat(node.service.requestsFor(id))
          .as("requests the node got for the stalled fetch")
          .isEqualTo(1);
    } finally {
      release.countDown();
    }
  }
}
