package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gridrmi.runtime.internal.data.Samples.assertBitExact;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.internal.rmi.RmiTransport;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.TestReaders;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A node's fetch as the RMI transport makes it (ticket from {@code info()}, value over the data connection) and the
 * error a fetching node then sees: a connection cut or stalled mid-value is UNAVAILABLE naming the owner, a value
 * that cannot be sent is REMOTE_FAILURE naming it, and the next fetch works.
 */
class DataPlaneRmiTest {
  /** Short, so that a stall is found quickly: the bound of a fetch's silence. */
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(2));

  private DataNode node;
  private RmiTransport transport;

  private NodeClient start(LinkPlan link) throws Exception {
    node = DataNode.start("N1", null, link, TIMEOUTS);
    transport = new RmiTransport(
        new NetContext(null, link, 2_000, null), TIMEOUTS, DataNode.POLICY.filter());
    return transport.client(node.address());
  }

  @AfterEach
  void stop() {
    if (transport != null) transport.close();
    if (node != null) node.close();
  }

  @Test
  void aValueCrossesAnEmulatedLinkWholeAndItsBytesAreCountedOnBothSides() throws Exception {
    NodeClient owner = start(LinkPlan.parse("lan"));
    double[] value = Samples.doubles(1_000_000);
    FetchResult r = owner.fetch(node.service.ready(value), 0, null, false, null);
    assertBitExact(r.value().value(TestReaders.current()), value);
    long[] fromNode = transport.traffic().perPeer().get("127.0.0.1:" + node.port());
    assertThat(fromNode[1]).as("bytes received from the node").isGreaterThan(8_000_000L);
    assertThat(node.net.metrics().snapshot().sentBytes())
        .as("bytes the node sent")
        .isGreaterThan(8_000_000L);
    assertThat(node.connections()).isEqualTo(1);
  }

  @Test
  void aConnectionCutMidValueIsUnavailableNamingTheOwnerAndTheNextFetchWorks() throws Exception {
    NodeClient owner = start(LinkPlan.NONE);
    StopsHalfWay value = new StopsHalfWay();
    UUID id = node.service.ready(value);
    CompletableFuture<FetchResult> fetch =
        CompletableFuture.supplyAsync(() -> owner.fetch(id, 0, null, false, null));
    value.awaitHalfSent();
    node.cutConnections();
    value.goOn.countDown();
    assertThatThrownBy(() -> fetch.get(10, TimeUnit.SECONDS))
        .cause()
        .isInstanceOfSatisfying(GridException.class, e -> {
          assertThat(e.status()).isEqualTo(Status.UNAVAILABLE);
          assertThat(e.getMessage()).contains(node.address()).contains(id.toString());
        });
    double[] next = Samples.doubles(100_000);
    assertBitExact(
        owner
            .fetch(node.service.ready(next), 0, null, false, null)
            .value()
            .value(TestReaders.current()),
        next);
    assertThat(node.connections()).as("data connections made").isEqualTo(2);
  }

  @Test
  void aValueThatStallsMidWayIsUnavailableNamingTheOwnerWithinTheBound() throws Exception {
    NodeClient owner = start(LinkPlan.NONE);
    StopsHalfWay value = new StopsHalfWay();
    UUID id = node.service.ready(value);
    long start = System.nanoTime();
    try {
      assertThatThrownBy(() -> owner.fetch(id, 0, null, false, null))
          .isInstanceOfSatisfying(GridException.class, e -> {
            assertThat(e.status()).isEqualTo(Status.UNAVAILABLE);
            assertThat(e.getMessage()).contains(node.address()).contains("did not answer");
          });
      // the answer's silence is bounded by the call timeout (1 s); the whole fetch by its wait plus
      // slack (1 s)
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(4));
    } finally {
      value.goOn.countDown();
    }
    assertThat(owner
            .fetch(node.service.ready("next"), 0, null, false, null)
            .value()
            .value(TestReaders.current()))
        .isEqualTo("next");
  }

  /** Not Serializable, and no codec. */
  static final class Unsendable {
    final int x = 1;
  }

  @Test
  void aValueThatCannotBeSentIsRemoteFailureNamingItAndTheConnectionStaysUsable() throws Exception {
    NodeClient owner = start(LinkPlan.NONE);
    UUID id = node.service.ready(new Unsendable());
    assertThatThrownBy(() -> owner.fetch(id, 0, null, false, null))
        .isInstanceOfSatisfying(GridException.class, e -> {
          assertThat(e.status()).isEqualTo(Status.REMOTE_FAILURE);
          assertThat(e.getMessage())
              .contains("value " + org.gridrmi.runtime.wire.ValueIds.shortForm(id))
              .contains(Unsendable.class.getName());
        });
    assertThat(owner
            .fetch(node.service.ready("next"), 0, null, false, null)
            .value()
            .value(TestReaders.current()))
        .isEqualTo("next");
    assertThat(node.connections()).isEqualTo(1);
  }

  /**
   * The first fetch from a node asks for its ticket: on a node that hangs, that is the fetch hanging, bounded as a
   * fetch (its wait and slack, or the caller's deadline), not as a short call.
   */
  @Test
  void askingAHangingNodeForItsTicketIsBoundedAsTheFetch() throws Exception {
    NodeClient owner = start(LinkPlan.NONE);
    node.service.infoDelayMillis = 10_000;
    UUID id = node.service.ready("never asked for");
    assertThatThrownBy(() -> owner.fetch(id, 2_000, null, false, null))
        .isInstanceOfSatisfying(GridException.class, e -> {
          assertThat(e.status()).isEqualTo(Status.UNAVAILABLE);
          assertThat(e.getMessage())
              .contains(node.address())
              .contains("the fetch of value " + id)
              .contains("within 3000 ms");
        });
  }

  /** The control calls beside the data plane are bounded too: a node that hangs fails a short call at its timeout. */
  @Test
  void aShortCallToAHangingNodeFailsAtTheCallTimeout() throws Exception {
    NodeClient owner = start(LinkPlan.NONE);
    owner.info(); // a pooled RMI connection, as a node has
    node.service.infoDelayMillis = 10_000;
    assertThatThrownBy(owner::info).isInstanceOfSatisfying(GridException.class, e -> {
      assertThat(e.status()).isEqualTo(Status.UNAVAILABLE);
      assertThat(e.getMessage())
          .contains(node.address())
          .contains("did not answer info within 1000 ms");
    });
  }

  @Test
  void aNodeThatIsGoneIsUnavailableNamingIt() throws Exception {
    NodeClient owner = start(LinkPlan.NONE);
    assertThat(owner
            .fetch(node.service.ready("first"), 0, null, false, null)
            .value()
            .value(TestReaders.current()))
        .isEqualTo("first");
    String address = node.address();
    node.close();
    node.cutConnections();
    node = null;
    assertThatThrownBy(() -> owner.fetch(UUID.randomUUID(), 0, null, false, null))
        .isInstanceOfSatisfying(GridException.class, e -> {
          assertThat(e.status()).isEqualTo(Status.UNAVAILABLE);
          assertThat(e.getMessage()).contains(address);
        });
  }
}
