package org.gridrmi.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.gridrmi.client.ServerInfo;
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
  /** How far S1's clock runs ahead of the system's: a test moves it on. */
  final java.util.concurrent.atomic.AtomicLong s1Ahead =
      new java.util.concurrent.atomic.AtomicLong();

  final GridServer s1 = TestSessions.workServer(net, "S1", () -> System.nanoTime() + s1Ahead.get());
  final GridServer s2 = TestSessions.workServer(net, "S2");
  final Session session = TestSessions.on(net);
  final CountDownLatch ioFree = new CountDownLatch(1);
  final ServerInfo info1 = TestSessions.workInfo("S1", s1);
  final ServerInfo info2 = TestSessions.workInfo("S2", s2);
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

  /**
   * S1's push reached S2 before S2's batch: S2's call has its argument when the batch arrives, and the thread that
   * receives the batch (in process, the caller's own) runs it, since the batch's receipt waits for its value anyway,
   * instead of handing it to S2's compute pool and waiting to be woken by the value.
   */
  @Test
  void aQuickCallReadyWhenItsBatchArrivesRunsOnTheThreadThatReceivedTheBatch() {
    learn(i -> on2.append(RemoteReference.of("w"), "warm-" + i));
    long pushes = net.delivered("S2", "push");
    RemoteReference<String> first = on1.append(RemoteReference.of("b"), "a");
    RemoteReference<String> second = on2.append(first, "-ran-where-its-batch-came");
    sendS1Batch(first);
    Awaitility.await()
        .atMost(Duration.ofSeconds(5))
        .pollInterval(Duration.ofMillis(1))
        .until(() -> net.delivered("S2", "push") - pushes == 1);

    assertThat(second.get(WAIT)).isEqualTo("ba-ran-where-its-batch-came");
    assertThat(org.gridrmi.client.inprocess.WorkImpl.THREADS.get("-ran-where-its-batch-came"))
        .as("the thread S2's call ran on: the one that sent S2's batch")
        .isEqualTo(Thread.currentThread().getName());
    java.lang.ref.Reference.reachabilityFence(first);
  }

  /**
   * The push completes the last argument S2's call waits for, on the thread that delivers it (in process, the S1
   * thread that sends the push; over RMI, S2's connection thread): that thread runs the call, a method that ran here
   * before and quickly, instead of handing it to S2's compute pool (a hand-off of 65 us median on the loaded 2-core
   * machine, measured with two server JVMs). S1's value comes while S2's fetch of it waits: its poll to S1 is held
   * back by the network. S1 sends the push from the compute thread that made the value, since its other compute
   * thread is idle and nothing is queued: no I/O thread is woken for it.
   */
  @Test
  void aQuickCallMadeReadyByAPushRunsOnTheThreadThatDeliveredIt() {
    learn(i -> on2.append(RemoteReference.of("w"), "warm-" + i));
    chainThroughAPush("x", first -> on2.append(first, "-took-the-push"), "x-took-the-push");
    String ranOn = org.gridrmi.client.inprocess.WorkImpl.THREADS.get("-took-the-push");
    assertThat(ranOn)
        .as("the thread S2's call ran on: the one that made and pushed the value on S1")
        .startsWith("gridrmi-compute-S1");
  }

  /**
   * While S1's other compute threads are busy, the thread that made the value does not wait for the push's round
   * trip: it hands the push to S1's I/O pool, as all pushes went before, and is free for the next call.
   */
  @Test
  void whileS1sOtherComputeThreadsAreBusyItsPushLeavesFromItsIoPool() {
    learn(i -> on2.append(RemoteReference.of("w"), "warm-" + i));
    List<RemoteReference<String>> busy = occupy(on1, info1, COMPUTE_THREADS - 1, 3000);
    chainThroughAPush("z", first -> on2.append(first, "-pushed-by-io"), "z-pushed-by-io");
    assertThat(org.gridrmi.client.inprocess.WorkImpl.THREADS.get("-pushed-by-io"))
        .as("the thread S2's call ran on: S1's I/O thread that sent the push")
        .startsWith("gridrmi-io-S1");
    for (RemoteReference<String> b : busy) assertThat(b.get(WAIT)).startsWith("busy-");
  }

  /**
   * A push that failed (here: dropped on its way to S2, which then fetches the value after its wait) keeps S1's compute
   * threads from sending pushes themselves for ten seconds by S1's clock, since a peer that refuses or does not answer
   * would hold the thread for up to a call timeout: meanwhile pushes leave from the I/O pool, and after it from the
   * thread that made the value again.
   */
  @Test
  void forTenSecondsAfterAPushFailedPushesLeaveFromTheIoPool() {
    learn(i -> on2.append(RemoteReference.of("w"), "warm-" + i));
    long pushes = net.delivered("S2", "push");
    net.dropNext("S2", "push", 1);
    RemoteReference<String> lost = on1.append(RemoteReference.of("its push "), "was lost");
    RemoteReference<String> fetched = on2.append(lost, ", so S2 fetched it");
    sendS1Batch(lost);
    assertThat(fetched.get(WAIT)).isEqualTo("its push was lost, so S2 fetched it");
    assertThat(net.delivered("S2", "push") - pushes)
        .as("pushes S2 received: the one dropped never arrived")
        .isZero();

    chainThroughAPush("p", first -> on2.append(first, "-just-after"), "p-just-after");
    assertThat(org.gridrmi.client.inprocess.WorkImpl.THREADS.get("-just-after"))
        .as("the thread S2's call ran on, a moment after the failed push")
        .startsWith("gridrmi-io-S1");

    s1Ahead.addAndGet(TimeUnit.SECONDS.toNanos(10) + 1);
    chainThroughAPush("q", first -> on2.append(first, "-ten-seconds-on"), "q-ten-seconds-on");
    assertThat(org.gridrmi.client.inprocess.WorkImpl.THREADS.get("-ten-seconds-on"))
        .as("the thread S2's call ran on, ten seconds after the failed push by S1's clock")
        .startsWith("gridrmi-compute-S1");
  }

  /** A call whose method ran longer here than the bound of a push's thread goes to the compute pool, as before. */
  @Test
  void aCallWhoseMethodRunsLongGoesToTheComputePoolAsBefore() {
    learn(i -> on2.slow(RemoteReference.of("slow-warm-" + i), 2));
    chainThroughAPush("a-slow-one", first -> on2.slow(first, 0), "a-slow-one");
    String ranOn = org.gridrmi.client.inprocess.WorkImpl.THREADS.get("a-slow-one");
    assertThat(ranOn).as("the thread S2's call ran on").startsWith("gridrmi-compute-S2");
  }

  /**
   * While every compute thread of S2 is busy, a push's thread runs nothing: calls on push threads and on the pool stay
   * within the pool's threads, and the call waits its turn on the pool.
   */
  @Test
  void aPushsThreadRunsNothingWhileEveryComputeThreadIsBusy() {
    learn(i -> on2.append(RemoteReference.of("w"), "warm-" + i));
    List<RemoteReference<String>> busy = occupy(on2, info2, COMPUTE_THREADS, 1500);
    chainThroughAPush("y", first -> on2.append(first, "-waited-its-turn"), "y-waited-its-turn");
    assertThat(org.gridrmi.client.inprocess.WorkImpl.THREADS.get("-waited-its-turn"))
        .as("the thread S2's call ran on")
        .startsWith("gridrmi-compute-S2");
    for (RemoteReference<String> b : busy) assertThat(b.get(WAIT)).startsWith("busy-");
  }

  /** A server's compute threads: GridServer's default. */
  static final int COMPUTE_THREADS = Math.max(2, Runtime.getRuntime().availableProcessors());

  /**
   * Sends {@code calls} calls to the server of {@code on}, each holding a compute thread for {@code millis}, and
   * returns once the server has them.
   */
  private List<RemoteReference<String>> occupy(
      WorkAsync on, ServerInfo info, int calls, int millis) {
    List<RemoteReference<String>> busy = new java.util.ArrayList<>();
    for (int i = 0; i < calls; i++) busy.add(on.slow(RemoteReference.of("busy-" + i), millis));
    session
        .channel(info)
        .sendAwaiting(((Ref<?>) busy.get(calls - 1)).id(), 1, TimeUnit.SECONDS.toNanos(10));
    return busy;
  }

  /** Runs the call {@code call} makes on S2 enough times for S2 to know how long its method takes. */
  private void learn(java.util.function.IntFunction<RemoteReference<String>> call) {
    for (int i = 0; i < org.gridrmi.runtime.cost.MethodTimes.RECENT_RUNS; i++) {
      assertThat(call.apply(i).get(WAIT)).isNotNull();
    }
  }

  /**
   * {@code s2.g(s1.f())}: S1's call makes {@code text} in 200 ms, S2's batch goes first and S2's fetch of the value
   * cannot reach S1 (held back 5 s), so the value reaches S2 by S1's push alone; S2's call makes {@code expected}.
   */
  private void chainThroughAPush(
      String text,
      java.util.function.Function<RemoteReference<String>, RemoteReference<String>> g,
      String expected) {
    RemoteReference<String> first = on1.slow(RemoteReference.of(text), 200);
    RemoteReference<String> second = g.apply(first);
    session.channel(info1).sendAwaiting(((Ref<?>) first).id(), 1, TimeUnit.SECONDS.toNanos(10));
    net.delay("S1", Duration.ofSeconds(5));
    try {
      assertThat(second.get(WAIT)).isEqualTo(expected);
    } finally {
      net.heal();
    }
    java.lang.ref.Reference.reachabilityFence(first);
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
