package org.gridrmi.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.inprocess.Work;
import org.gridrmi.client.inprocess.WorkAsync;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A cross-server chain {@code s2.g(s1.f())}: the client knows, when it makes the second call, that S2 will take the
 * first call's value, so S1 pushes it to S2 the moment it is made and S2 does not fetch it. The Grid's I/O pool is
 * kept busy, so that the test's thread sends each batch itself, in the order the test needs (see
 * {@link GetSendsItsBatchTest}).
 */
class PushToConsumerTest {
  static final Duration WAIT = Duration.ofSeconds(10);

  final InProcessNetwork net = new InProcessNetwork();
  final GridServer s1 = TestSessions.workServer(net, "S1");
  final GridServer s2 = TestSessions.workServer(net, "S2");
  final Session session = TestSessions.on(net);
  final CountDownLatch ioFree = new CountDownLatch(1);
  final ServerInfo info1 =
      new ServerInfo("S1", s1.address(), List.of(Work.class.getName()), Map.of());
  final ServerInfo info2 =
      new ServerInfo("S2", s2.address(), List.of(Work.class.getName()), Map.of());
  WorkAsync on1;
  WorkAsync on2;

  @BeforeEach
  void occupyTheIoPool() throws InterruptedException {
    session.useServers(() -> List.of(info1, info2)); // each server knows the other as a peer
    on1 = Views.async(session, info1, WorkAsync.class, null);
    on2 = Views.async(session, info2, WorkAsync.class, null);
    // both servers introduced to each other by a batch, before the I/O pool is taken
    assertThat(on2.append(on1.append(RemoteReference.of("warm"), "up"), "!").get(WAIT))
        .isEqualTo("warmup!");
    TestSessions.occupyIo(session, ioFree);
    quiet(); // the warm chain's own messages (S2's word to S1 that it has the value) are done
    // a caller sends its own batch only where round trips are short
    session.channel(info1).roundTripNanos(Linger.MIN_ROUND_TRIP_NANOS / 2);
    session.channel(info2).roundTripNanos(Linger.MIN_ROUND_TRIP_NANOS / 2);
  }

  @AfterEach
  void close() {
    ioFree.countDown();
    session.close();
    s1.close();
    s2.close();
  }

  /** Waits until neither server received a call for 100 ms. */
  private void quiet() throws InterruptedException {
    long seen = -1;
    for (int i = 0; i < 100; i++) {
      long now = net.delivered("S1") + net.delivered("S2");
      if (now == seen) return;
      seen = now;
      Thread.sleep(100);
    }
  }

  /** Sends S1's batch, which carries the call making {@code r}, on this thread; returns the receipt's answer. */
  private FetchResult sendS1Batch(RemoteReference<?> r) {
    return session
        .channel(info1)
        .sendAwaiting(((Ref<?>) r).id(), 1000, TimeUnit.SECONDS.toNanos(10));
  }

  @Test
  void theConsumerTakesTheValuePushedToItAndNeverAsksTheOwner() throws InterruptedException {
    long toS1 = net.delivered("S1");
    long toS2 = net.delivered("S2");
    RemoteReference<String> first = on1.append(RemoteReference.of("a"), "b");
    RemoteReference<String> second = on2.append(first, "c");
    assertThat(sendS1Batch(first)).isNotNull();
    // S1's push reaches S2 before S2's batch does
    Awaitility.await()
        .atMost(Duration.ofSeconds(5))
        .pollInterval(Duration.ofMillis(1))
        .until(() -> net.delivered("S2") - toS2 == 1);

    assertThat(second.get(WAIT)).isEqualTo("abc");
    quiet();
    assertThat(net.delivered("S1") - toS1)
        .as(
            "calls S1 received: its batch and S2's word that it has the value (an abandon), no fetch")
        .isEqualTo(2);
    assertThat(net.delivered("S2") - toS2)
        .as("calls S2 received: the push, its batch")
        .isEqualTo(2);
    java.lang.ref.Reference.reachabilityFence(first);
  }

  /**
   * S1's drain waited for the caller's {@code get()} (by yielding, up to 30 us) while the caller went on to S2: on a
   * loaded machine S1's batch left about 0.2 ms after S2's.
   */
  @Test
  void s1sBatchWaitsForNoCallerOnceTheChainWentOnToS2() {
    ServerChannel toS1 = session.channel(info1);
    RemoteReference<String> first = on1.append(RemoteReference.of("a"), "b");
    assertThat(toS1.waitsForCaller())
        .as("the caller may call S1 again, or get() its value")
        .isTrue();
    RemoteReference<String> second = on2.append(first, "c");
    assertThat(toS1.waitsForCaller()).as("the chain went on to S2").isFalse();
    sendS1Batch(first); // the I/O pool is busy here
    assertThat(second.get(WAIT)).isEqualTo("abc");
  }

  @Test
  void aValueTooLargeToPushIsFetched() {
    long toS1 = net.delivered("S1");
    RemoteReference<byte[]> large = on1.make(1 << 20, "a megabyte");
    RemoteReference<Integer> length = on2.length(large, "of it");
    sendS1Batch(large);

    assertThat(length.get(WAIT)).isEqualTo(1 << 20);
    assertThat(net.delivered("S1") - toS1)
        .as("its batch, S2's fetch, and maybe already S2's word that it has the value")
        .isBetween(2L, 3L);
    java.lang.ref.Reference.reachabilityFence(large);
  }

  @Test
  void aPushFromANodeThatDoesNotSpeakForTheOwnerIsRefused() {
    var s2Node = session.runtime().node(s2.address());
    for (String owner : List.of(s1.address(), "inproc://nobody")) {
      assertThatThrownBy(() -> s2Node.push(owner, UUID.randomUUID(), FetchResult.ready("forged")))
          .isInstanceOfSatisfying(GridException.class, e -> {
            assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED);
            assertThat(e.getMessage())
                .contains("refused a value pushed as from " + owner)
                .contains("only a known peer");
          });
    }
  }
}
