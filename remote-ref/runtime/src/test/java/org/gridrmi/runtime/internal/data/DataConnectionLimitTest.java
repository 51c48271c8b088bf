package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.internal.rmi.RmiTransport;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.serial.JvmFilter;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.Requester;
import org.junit.jupiter.api.Test;

/** The data connections a node serves at once are the transport's setting, not a constant. */
class DataConnectionLimitTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(4));
  private static final Requester TEST = new Requester("data-limit-test", null, null);

  @Test
  void aNodeServesAsManyDataConnectionsAsItsTransportWasMadeWith() throws Exception {
    JvmFilter.register(DataNode.POLICY);
    FakeNode service = new FakeNode("N1");
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    UUID slow = service.parked("slow", inside, release);
    try (RmiTransport server = new RmiTransport(
            new NetContext(null, LinkPlan.NONE, 5_000, "127.0.0.1"),
            TIMEOUTS,
            DataNode.POLICY.filter(),
            2);
        RmiTransport client = new RmiTransport(
            new NetContext(null, LinkPlan.NONE, 5_000, null), TIMEOUTS, DataNode.POLICY.filter());
        Transport.Exported node = server.export("N1", "127.0.0.1", 0, service)) {
      CompletableFuture<FetchResult> parked = CompletableFuture.supplyAsync(
          () -> client.client(node.address()).fetch(slow, 10_000, TEST, false, null));
      assertThat(inside.await(10, TimeUnit.SECONDS))
          .as("the parked fetch holds a data connection inside the node")
          .isTrue();
      try {
        UUID second = service.ready("second");
        assertThatThrownBy(
                () -> client.client(node.address()).fetch(second, 10_000, TEST, false, null))
            .isInstanceOfSatisfying(GridException.class, e -> {
              assertThat(e.status()).isEqualTo(Status.RESOURCE_EXHAUSTED);
              assertThat(e.getMessage()).contains("1 data connections from 127.0.0.1");
            });
      } finally {
        release.countDown();
      }
      assertThat(parked.get(10, TimeUnit.SECONDS).state()).isEqualTo(FetchResult.State.READY);
    }
  }
}
