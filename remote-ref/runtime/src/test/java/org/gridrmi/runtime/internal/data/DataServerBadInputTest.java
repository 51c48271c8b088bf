package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.net.SharedPort;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.wire.FetchResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a node's data port does with peers that are not well-behaved GridRMI nodes: silence, another protocol
 * version, an unknown request, corrupt frames, too many connections, a connection left idle. Each is refused or
 * closed within a bound, and the node goes on serving everyone else.
 */
class DataServerBadInputTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofMillis(700), Duration.ofSeconds(1), Duration.ofSeconds(2));
  private static final long BOUND = TimeUnit.SECONDS.toNanos(3);
  private DataNode node;
  private Fetching fetching;

  private void start(Duration idle, int maxConnections) throws Exception {
    node = DataNode.bounded("N1", TIMEOUTS, idle, maxConnections);
    fetching = new Fetching(null);
  }

  @AfterEach
  void stop() {
    fetching.close();
    node.close();
  }

  private Object fetchValue(UUID id) throws IOException {
    return fetching.value(node, id, BOUND);
  }

  /**
   * A raw connection to the node's port that has proved the grid secret (as every connection must) and sent the data
   * magic, and its framed streams.
   */
  private final class Raw implements AutoCloseable {
    final Socket socket = node.net.connect("127.0.0.1", node.port());
    final ChunkedOutput out;
    final ChunkedInput in;

    Raw() throws IOException {
      socket.setSoTimeout(10_000); // the test's own bound: the node must act well before it
      socket.getOutputStream().write(SharedPort.DATA_MAGIC);
      out = new ChunkedOutput(socket.getOutputStream());
      in = new ChunkedInput(socket.getInputStream());
    }

    void hello(int version, UUID ticket) throws IOException {
      out.writeInt(version);
      out.writeLong(ticket.getMostSignificantBits());
      out.writeLong(ticket.getLeastSignificantBits());
      out.endMessage();
    }

    /** The node's refusal: its status, after which it closes the connection. */
    GridException refusal() throws IOException {
      assertThat(in.readByte()).as("REFUSED").isEqualTo((byte) 3);
      GridException g = new GridException(Status.valueOf(in.readUTF()), in.readUTF());
      in.endMessage();
      assertThat(socket.getInputStream().read()).as("closed after the refusal").isEqualTo(-1);
      return g;
    }

    /** Waits for the node to close the connection; how long it took. */
    Duration closedWithin() throws IOException {
      long start = System.nanoTime();
      InputStream raw = socket.getInputStream();
      while (raw.read() >= 0) {
        // whatever it says first
      }
      return Duration.ofNanos(System.nanoTime() - start);
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  @Test
  void aPeerSilentAfterTheMagicIsClosedWithinTheBoundWhileOthersAreServed() throws Exception {
    start(Duration.ofMinutes(2), 16);
    try (Raw silent = new Raw()) {
      assertThat(fetchValue(node.service.ready("meanwhile"))).isEqualTo("meanwhile");
      assertThat(silent.closedWithin()).isLessThan(Duration.ofSeconds(5));
    }
    assertThat(node.service.requests).hasSize(1);
  }

  @Test
  void aPeerSilentBeforeItsHelloTakesNoConnectionSlot() throws Exception {
    start(Duration.ofMinutes(2), 1);
    try (Raw silent =
        new Raw()) { // the magic, then nothing: it holds its thread until the bound, no slot
      assertThat(fetchValue(node.service.ready("served"))).isEqualTo("served");
    }
  }

  @Test
  void onePeerAddressTakesAtMostHalfTheConnectionSlots() throws Exception {
    start(Duration.ofMinutes(2), 2);
    ParkedFetch first = new ParkedFetch();
    try {
      assertThatThrownBy(() -> fetchValue(node.service.ready("second")))
          .isInstanceOfSatisfying(GridException.class, e -> {
            assertThat(e.status()).isEqualTo(Status.RESOURCE_EXHAUSTED);
            assertThat(e.getMessage()).contains("N1").contains("1 data connections from 127.0.0.1");
          });
    } finally {
      first.release();
    }
    assertThat(first.value()).isEqualTo("slow");
    assertThat(fetchValue(node.service.ready("after"))).isEqualTo("after");
  }

  @Test
  void aPeerOfAnotherProtocolVersionIsRefusedNamingBoth() throws Exception {
    start(Duration.ofMinutes(2), 16);
    try (Raw other = new Raw()) {
      other.hello(99, node.ticket);
      GridException refused = other.refusal();
      assertThat(refused.status()).isEqualTo(Status.PERMISSION_DENIED);
      assertThat(refused.getMessage()).contains("99").contains("protocol " + DataProtocol.VERSION);
    }
    assertThat(fetchValue(node.service.ready("still serving"))).isEqualTo("still serving");
  }

  @Test
  void anUnknownRequestIsRefusedAsInvalid() throws Exception {
    start(Duration.ofMinutes(2), 16);
    try (Raw raw = new Raw()) {
      raw.hello(DataProtocol.VERSION, node.ticket);
      raw.out.writeByte(42);
      raw.out.endMessage();
      GridException refused = raw.refusal();
      assertThat(refused.status()).isEqualTo(Status.INVALID_ARGUMENT);
      assertThat(refused.getMessage()).contains("unknown request");
    }
    assertThat(fetchValue(node.service.ready("still serving"))).isEqualTo("still serving");
  }

  @Test
  void corruptFramesCloseThatConnectionOnly() throws Exception {
    start(Duration.ofMinutes(2), 16);
    try (Raw raw = new Raw()) {
      raw.hello(DataProtocol.VERSION, node.ticket);
      raw.socket
          .getOutputStream()
          .write(new byte[] {(byte) 0x80, 0, 0, 7}); // a frame of negative length
      assertThat(raw.closedWithin()).isLessThan(Duration.ofSeconds(5));
    }
    assertThat(node.service.requests).isEmpty();
    assertThat(fetchValue(node.service.ready("still serving"))).isEqualTo("still serving");
  }

  @Test
  void connectionsOverTheLimitAreRefusedAsResourceExhausted() throws Exception {
    whileTheOnlyConnectionIsTaken(() -> assertThatThrownBy(
            () -> fetchValue(node.service.ready("second")))
        .isInstanceOfSatisfying(GridException.class, e -> {
          assertThat(e.status()).isEqualTo(Status.RESOURCE_EXHAUSTED);
          assertThat(e.getMessage()).contains("N1").contains("1 data connections");
        }));
  }

  @Test
  void aPeerOverTheLimitThatWritesSlowlyStillReadsItsRefusal() throws Exception {
    whileTheOnlyConnectionIsTaken(() -> {
      try (Raw late = new Raw()) {
        // the node takes a slot only once the hello came (a peer that sends nothing costs none),
        // and
        // decides on this connection then: its refusal is there to read, and its end closed (no
        // sleep
        // that a loaded machine could stretch past the node's lingering bound)
        late.hello(DataProtocol.VERSION, node.ticket);
        GridException refused = late.refusal();
        late.out.writeByte(
            DataProtocol.FETCH); // a second write: it failed with a broken pipe, the node long gone
        late.out.endMessage();
        assertThat(refused.status()).isEqualTo(Status.RESOURCE_EXHAUSTED);
        assertThat(refused.getMessage()).contains("1 data connections");
      }
    });
  }

  /** What a test does while the node's only data connection is taken. */
  @FunctionalInterface
  private interface WhileTaken {
    void run() throws Exception;
  }

  /**
   * Starts the node with one data connection, takes it with a parked fetch, runs {@code whileTaken}, then releases
   * the parked fetch: it and a new fetch still complete (the node kept serving).
   */
  private void whileTheOnlyConnectionIsTaken(WhileTaken whileTaken) throws Exception {
    start(Duration.ofMinutes(2), 1);
    ParkedFetch first = new ParkedFetch();
    try {
      whileTaken.run();
    } finally {
      first.release();
    }
    assertThat(first.value()).isEqualTo("slow");
    assertThat(fetchValue(node.service.ready("after"))).isEqualTo("after");
  }

  @Test
  void aConnectionIdleLongerThanTheNodeKeepsItIsClosedAndTheClientMakesANewOne() throws Exception {
    start(Duration.ofMillis(300), 16);
    assertThat(fetchValue(node.service.ready("first"))).isEqualTo("first");
    Thread.sleep(1_000); // past the node's idle bound: it closes its end
    assertThat(fetchValue(node.service.ready("second"))).isEqualTo("second");
    assertThat(node.connections()).isEqualTo(2);
  }

  /**
   * A fetch of a value that the node's service holds back until {@link #release}: once made, it holds one of the
   * node's data connections (its only one, with a limit of 1).
   */
  private final class ParkedFetch {
    private final CountDownLatch release = new CountDownLatch(1);
    private final CompletableFuture<Object> fetch;

    ParkedFetch() throws InterruptedException {
      CountDownLatch inside = new CountDownLatch(1);
      UUID slow = UUID.randomUUID();
      node.service.answer(slow, () -> {
        inside.countDown();
        try {
          release.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return FetchResult.ready("slow");
      });
      fetch = CompletableFuture.supplyAsync(() -> {
        try {
          return fetchValue(slow);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      assertThat(inside.await(10, TimeUnit.SECONDS))
          .as("the parked fetch holds a connection inside the node")
          .isTrue();
    }

    void release() {
      release.countDown();
    }

    /** The value the fetch got, once released. */
    Object value() throws Exception {
      return fetch.get(10, TimeUnit.SECONDS);
    }
  }
}
