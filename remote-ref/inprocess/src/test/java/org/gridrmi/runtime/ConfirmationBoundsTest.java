package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.runtime.transport.Caller;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.Requester;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The owner asks a requester's node to confirm its key ({@code vouches}) only when the answer ends a borrow, once per
 * address at a time, on a pool of its own (issue 27, item 4): a peer that names addresses that never answer cannot
 * fill the pool that holds, releases and renewals use.
 */
class ConfirmationBoundsTest {
  static final String FAR = "rmi://10.0.0.1:1099"; // a host the caller comes from; nothing answers
  final InProcessNetwork net = new InProcessNetwork();
  final TestNodes.Started owner = TestNodes.node(
      net,
      "O",
      new RuntimeSettings(
          Timeouts.DEFAULT, Duration.ofSeconds(10), 1, 1, 1, Duration.ofSeconds(60)));
  final UUID client = UUID.randomUUID();

  @AfterEach
  void close() {
    owner.close();
  }

  UUID value() {
    UUID id = UUID.randomUUID();
    owner.node().table().put(id, client, "v", "value");
    return id;
  }

  void fetchAs(String address, UUID id) {
    Caller.serving(
        new Caller("10.0.0.1", null),
        () ->
            owner.endpoint().fetch(id, 0, new Requester(address, UUID.randomUUID()), false, null));
  }

  @Test
  void fetchesOfRequestersThatBorrowNothingAskNobody() {
    UUID id = value();
    for (int i = 0; i < 100; i++) fetchAs("rmi://10.0.0.1:" + (2000 + i), id);
    await().atMost(Duration.ofSeconds(5)).until(() -> owner.runtime().io().load() == 0);
    assertThat(owner.endpoint().confirmationsAsked()).isZero();
  }

  @Test
  void aBorrowersKeyIsConfirmedOnAPoolOfItsOwnEvenWhenTheIoPoolIsFull() throws Exception {
    UUID id = value();
    owner
        .node()
        .table()
        .release(client, List.of(new Release(id, Release.Cause.COLLECTED, List.of(FAR))));
    CountDownLatch busy = new CountDownLatch(1);
    try {
      TestNodes.fillIo(owner.runtime(), busy);
      fetchAs(FAR, id);
      await("the borrower's key was asked about")
          .atMost(Duration.ofSeconds(5))
          .until(() -> owner.endpoint().confirmationsAsked() == 1);
    } finally {
      busy.countDown();
    }
  }
}
