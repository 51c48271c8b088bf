package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.InternalInProcess;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.transport.Timeouts;
import org.junit.jupiter.api.Test;

/**
 * The holder's side of the lifetime protocol against a real owner node on an in-process network: holds and releases
 * are sent until the owner acknowledges them, links that hold nothing stop, and renewals to an owner that stopped
 * answering stop after one lease.
 */
class HolderLinkTest {
  final InProcessNetwork net = new InProcessNetwork();
  final List<AutoCloseable> open = new java.util.ArrayList<>();
  final UUID holderId = UUID.randomUUID();

  @org.junit.jupiter.api.AfterEach
  void closeAll() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) open.get(i).close();
  }

  TestNodes.Started owner(long leaseMillis) {
    TestNodes.Started o = TestNodes.node(net, "O", Timeouts.DEFAULT, leaseMillis);
    open.add(o);
    return o;
  }

  NodeRuntime holder(RuntimeSettings settings) {
    SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
    NodeRuntime h = new NodeRuntime(
        "H",
        InternalInProcess.transport(net, "H", Timeouts.DEFAULT, policy.filter()),
        policy,
        settings);
    open.add(h);
    return h;
  }

  /** A value at the owner held by someone else, so that only this test's holder's holds change. */
  static UUID valueAt(TestNodes.Started owner) {
    UUID id = UUID.randomUUID();
    owner.node().table().put(id, UUID.randomUUID(), "v", "value");
    return id;
  }

  /** A link of this test's holder, on a runtime of default settings, to {@code o}. */
  HolderLink linkTo(TestNodes.Started o) {
    return new HolderLink(holder(RuntimeSettings.DEFAULT), holderId, o.node().address(), 60_000);
  }

  @Test
  void aHoldTheNetworkLostIsSentAgainUntilTheOwnerHasIt() {
    TestNodes.Started o = owner(60_000);
    UUID id = valueAt(o);
    HolderLink link = linkTo(o);
    net.dropNext("O", 2); // the hold, and the first renewal that goes with it, whichever is first
    link.hold(id);
    awaitHeld(o, id);
  }

  @Test
  void aReleaseTheNetworkLostIsSentAgainUntilTheOwnerHasIt() {
    TestNodes.Started o = owner(60_000);
    UUID id = valueAt(o);
    HolderLink link = linkTo(o);
    link.hold(id);
    awaitHeld(o, id);
    // the first renewal (the next is 20 s later): the call dropped below is the release
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> o.node().table().releases().renewals() >= 1);
    net.dropNext("O", 1);
    link.release(List.of(org.gridrmi.runtime.wire.Release.explicit(id)));
    await("the owner let go of the holder's hold")
        .atMost(Duration.ofSeconds(5))
        .until(() -> !o.node().table().holds(holderId, id));
  }

  @Test
  void aHoldMadeWhileTheIoPoolIsFullIsSentOnceItHasRoom() throws Exception {
    TestNodes.Started o = owner(60_000);
    UUID id = valueAt(o);
    NodeRuntime h = holder(new RuntimeSettings(
        Timeouts.DEFAULT, Duration.ofSeconds(10), 1, 1, 1, Duration.ofSeconds(60)));
    CountDownLatch busy = new CountDownLatch(1);
    TestNodes.fillIo(h, busy);
    HolderLink link = new HolderLink(h, holderId, o.node().address(), 60_000);
    link.hold(id); // the pool has no room for it now
    busy.countDown();
    awaitHeld(o, id);
  }

  /** Waits until the owner holds {@code id} for this test's holder. */
  void awaitHeld(TestNodes.Started o, UUID id) {
    await("the owner holds the value for the holder")
        .atMost(Duration.ofSeconds(5))
        .until(() -> o.node().table().holds(holderId, id));
  }

  @Test
  void aLinkThatHoldsNothingStopsRenewing() {
    TestNodes.Started o = owner(60_000);
    UUID id = valueAt(o);
    java.util.concurrent.atomic.AtomicInteger idle =
        new java.util.concurrent.atomic.AtomicInteger();
    HolderLink link = new HolderLink(
        holder(RuntimeSettings.DEFAULT), holderId, o.node().address(), 30, idle::incrementAndGet);
    link.hold(id);
    awaitHeld(o, id);
    link.release(List.of(org.gridrmi.runtime.wire.Release.explicit(id)));
    await("the link stopped renewing")
        .atMost(Duration.ofSeconds(5))
        .until(() -> !link.renews() && link.idle());
    assertThat(idle).as("times it said it was idle").hasValue(1);
    link.hold(id); // used again: it starts afresh
    await().atMost(Duration.ofSeconds(5)).until(() -> o.node().table().holds(holderId, id));
    assertThat(link.renews()).isTrue();
  }

  @Test
  void renewalsToAnOwnerThatStoppedAnsweringStopAfterOneLease() {
    TestNodes.Started o = owner(300); // renewed every 100 ms
    UUID id = valueAt(o);
    ManualTicker ticker = new ManualTicker(); // the holder's time: the lease passes when it moves
    NodeRuntime h = holder(RuntimeSettings.DEFAULT.withTicker(ticker));
    HolderLink link = new HolderLink(h, holderId, o.node().address(), 60_000);
    link.hold(id);
    // the hold's answer has come back: no answer from before the kill can reach the link after the
    // ticker moves
    assertThat(link.acknowledged(id)).succeedsWithin(Duration.ofSeconds(5));
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> o.node().table().releases().renewals() >= 1);
    net.kill("O");
    // a renewal that was on its way when the owner died may still be answered: wait for one that
    // failed (renewals
    // go one at a time, so every later one fails too) before the silence starts to count
    await("a renewal failed")
        .atMost(Duration.ofSeconds(5))
        .until(() -> h.peerHealth().isLost(o.node().address()));
    assertThat(link.renews()).as("within the lease, it goes on trying").isTrue();
    ticker.advance(Duration.ofMillis(301)); // the owner has been silent for a lease
    await("the link gave up on the owner")
        .atMost(Duration.ofSeconds(5))
        .until(() -> !link.renews());
    assertThat(link.lapses()).isEqualTo(1);
    // still counted: the owner may have kept it, and the renewals after a new start compare the two
    assertThat(link.holds(id)).as("what the holder holds").isTrue();
  }

  @Test
  void aRenewalStillWaitingForAThreadWhenTheLinkClosesIsNeverSent() throws Exception {
    InProcessNetwork net = new InProcessNetwork();
    SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
    RuntimeSettings oneIoThread = new RuntimeSettings(
        Timeouts.DEFAULT, Duration.ofSeconds(10), 1, 1, 10, Duration.ofSeconds(60));
    try (TestNodes.Started owner = TestNodes.node(net, "O", Timeouts.DEFAULT);
        NodeRuntime holder = new NodeRuntime(
            "H",
            InternalInProcess.transport(net, "H", Timeouts.DEFAULT, policy.filter()),
            policy,
            oneIoThread)) {
      CountDownLatch busy = new CountDownLatch(1);
      holder.io().execute(() -> {
        try {
          busy.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      HolderLink link = new HolderLink(holder, UUID.randomUUID(), owner.node().address(), 60_000);
      long before = net.delivered("O");
      link.heldThere(UUID.randomUUID()); // a link that holds nothing renews nothing
      link.startRenewal();
      await()
          .atMost(Duration.ofSeconds(5))
          .until(() -> holder.io().load() == 2); // the renewal waits for the thread

      link.close();
      busy.countDown();
      HolderLink.awaitSent(List.of(link), Duration.ofSeconds(5));

      CountDownLatch after = new CountDownLatch(1);
      holder
          .io()
          .execute(
              after::countDown); // one thread, tasks in order: the renewal's task has run before
      // this
      assertThat(after.await(5, TimeUnit.SECONDS)).isTrue();
      assertThat(net.delivered("O"))
          .as("calls the owner got after the link closed: the release of what it held, no renewal")
          .isEqualTo(before + 1);
    }
  }
}
