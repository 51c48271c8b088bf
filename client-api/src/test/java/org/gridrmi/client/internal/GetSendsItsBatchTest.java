package org.gridrmi.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.inprocess.WorkAsync;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code get()} on a reference whose batch has not left yet: the caller's thread sends the batch, and the server
 * answers with the value in its receipt, so an async chain and its {@code get()} cost one submit and no fetch. The
 * Grid's I/O pool is kept busy meanwhile, so that the batch is still queued when {@code get()} comes (on a free pool
 * it goes a few microseconds after the call, and which thread sends it is a race).
 */
class GetSendsItsBatchTest {
  /** Longer than a submit may take (the call timeout, 5 s): a shorter wait fetches (see the last test). */
  static final Duration WAIT = Duration.ofSeconds(10);

  /**
   * The answer wait of the tests that expect the value in the receipt: the product's 20 ms is how long a caller's
   * batch holds the others behind it, and a loaded machine (2 cores, other builds) can take longer than that to run
   * a trivial call; the server waits at most half the call timeout (2.5 s) whatever is asked.
   */
  static final int LONG_ANSWER_WAIT_MILLIS = 2000;

  final InProcessNetwork net = new InProcessNetwork();
  final GridServer s1 = TestSessions.workServer(net, "S1");
  final Session session = TestSessions.on(net);
  final CountDownLatch ioFree = new CountDownLatch(1);
  final ServerInfo info = TestSessions.workInfo("S1", s1);
  WorkAsync on1;

  /**
   * The calls to S1 a test counts: batches, fetches and recovery's probe ({@code info}), not the holds and releases the
   * collector sends for the warm-up's dropped references whenever it happens to run.
   */
  long callsToS1() {
    return net.delivered("S1", "a batch")
        + net.delivered("S1", "the fetch")
        + net.delivered("S1", "info");
  }

  @BeforeEach
  void warmAndOccupyTheIoPool() throws InterruptedException {
    on1 = Views.async(session, info, WorkAsync.class, null);
    for (int i = 0;
        i < 5;
        i++) { // the chain's path compiled, so that it runs within the answer wait
      RemoteReference<String> warm = on1.append(RemoteReference.of("warm"), "up");
      assertThat(on1.append(warm, "!").get(Duration.ofSeconds(5))).isEqualTo("warmup!");
    }
    TestSessions.occupyIo(session, ioFree);
    // a caller sends its batch only where round trips are short (under a millisecond, smoothed); a
    // cold JVM's first
    // ones are not, and no batch goes on the I/O pool to move the estimate from now on
    session.channel(info).roundTripNanos(Linger.MIN_ROUND_TRIP_NANOS / 2);
  }

  @AfterEach
  void close() {
    ioFree.countDown();
    session.close();
    s1.close();
  }

  @Test
  void aChainAndItsGetCostOneSubmitAndNoFetch() {
    session.answerWaitMillis(LONG_ANSWER_WAIT_MILLIS);
    long before = callsToS1();
    RemoteReference<String> first = on1.append(RemoteReference.of("a"), "b");
    RemoteReference<String> second = on1.append(first, "c");
    assertThat(second.get(WAIT)).isEqualTo("abc");
    assertThat(callsToS1() - before).as("calls S1 received: the batch only").isEqualTo(1);
    java.lang.ref.Reference.reachabilityFence(first);
  }

  @Test
  void aFailureTravelsAlongTheChainInTheReceipt() {
    session.answerWaitMillis(LONG_ANSWER_WAIT_MILLIS);
    long before = callsToS1();
    RemoteReference<byte[]> bad = on1.make(-1, "negative size");
    RemoteReference<Integer> length = on1.length(bad, "after it");
    assertThatThrownBy(() -> length.get(WAIT)).isInstanceOfSatisfying(GridException.class, e -> {
      assertThat(e.status()).isEqualTo(Status.REMOTE_FAILURE);
      assertThat(e.chain()).anyMatch(s -> s.contains("make")).anyMatch(s -> s.contains("length"));
    });
    assertThat(callsToS1() - before).isEqualTo(1);
    java.lang.ref.Reference.reachabilityFence(bad);
  }

  @Test
  void aValueNotMadeWithinTheAnswerWaitIsFetched() {
    long before = callsToS1();
    int millis = 5 * session.answerWaitMillis();
    long start = System.nanoTime();
    RemoteReference<String> slow = on1.slow(RemoteReference.of("late"), millis);
    assertThat(slow.get(WAIT)).isEqualTo("late");
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .isGreaterThanOrEqualTo(Duration.ofMillis(millis));
    assertThat(callsToS1() - before).as("the batch, then the fetch").isEqualTo(2);
  }

  @Test
  void aLargeValueIsFetched() {
    long before = callsToS1();
    RemoteReference<byte[]> large = on1.make(1 << 20, "a megabyte");
    assertThat(large.get(WAIT)).hasSize(1 << 20);
    assertThat(callsToS1() - before).as("the batch, then the fetch").isEqualTo(2);
  }

  @Test
  void aCallerWhoseBatchWaitsBehindAnotherGetsTheValueWithThatBatchNotByAFetch() {
    session.answerWaitMillis(LONG_ANSWER_WAIT_MILLIS);
    ioFree.countDown(); // the I/O pool sends the first batch, and holds the channel while it does
    ServerChannel channel = session.channel(info);
    net.delay("S1", Duration.ofMillis(300));
    long before = callsToS1();
    RemoteReference<String> first = on1.append(RemoteReference.of("a"), "b");
    org.awaitility.Awaitility.await()
        .atMost(Duration.ofSeconds(2))
        .pollInterval(Duration.ofMillis(1))
        .until(() -> channel.sendingNow() && !channel.isQueued(((Ref<?>) first).id()));
    RemoteReference<String> second = on1.append(first, "c");
    assertThat(second.get(WAIT)).isEqualTo("abc");
    assertThat(callsToS1() - before).as("two batches, no fetch").isEqualTo(2);
  }

  /**
   * A caller's thread blocked in a submit waits for it up to the call timeout (5 s here): a {@code get} with a shorter
   * wait, or a call with a shorter deadline, must not send its batch itself, so that its own bound holds on a stopped
   * server.
   */
  @Test
  void aShorterWaitOrDeadlineThanTheCallTimeoutIsKeptOnAStoppedServer() {
    net.stall("S1");
    RemoteReference<String> waited = on1.append(RemoteReference.of("a"), "b");
    long start = System.nanoTime();
    assertThatThrownBy(() -> waited.get(Duration.ofMillis(300)))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.DEADLINE_EXCEEDED));
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(1500));

    WorkAsync within = Views.async(session, info, WorkAsync.class, Duration.ofMillis(300));
    RemoteReference<String> due = within.append(RemoteReference.of("a"), "b");
    start = System.nanoTime();
    assertThatThrownBy(due::get)
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.DEADLINE_EXCEEDED));
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .isLessThan(Duration.ofMillis(300 + CallContext.GRACE_NANOS / 1_000_000 + 1000));
  }

  /**
   * A failure in the receipt goes through recovery as a fetched one does: an {@code @Idempotent} call whose input was
   * lost with its owner names that input, where the receipt's raw UNAVAILABLE (the owner unreachable) said nothing of
   * why it was not made again. A fast failure (here the dead owner refuses at once) came back in the receipt and
   * skipped recovery.
   */
  @Test
  void aLostInputInTheReceiptIsAnsweredAsRecoveryNamesIt() {
    session.answerWaitMillis(LONG_ANSWER_WAIT_MILLIS);
    GridServer s2 = TestSessions.workServer(net, "S2");
    try {
      ServerInfo info2 = TestSessions.workInfo("S2", s2);
      session.useServers(() -> List.of(info, info2)); // introduced to S1: it may fetch from S2
      session.channel(info2).roundTripNanos(Linger.MIN_ROUND_TRIP_NANOS / 2);
      WorkAsync on2 = Views.async(session, info2, WorkAsync.class, null);
      RemoteReference<String> lost = on2.slow(RemoteReference.of("x"), 0); // not @Idempotent
      assertThat(lost.get(WAIT)).isEqualTo("x");
      net.kill("S2");
      long before = callsToS1();
      RemoteReference<String> dependent = on1.append(lost, "!");
      assertThatThrownBy(() -> dependent.get(WAIT))
          .isInstanceOfSatisfying(
              GridException.class, e -> assertThat(e.status()).isEqualTo(Status.UNAVAILABLE))
          .hasMessageContaining("cannot re-run Work.append on S1")
          .hasMessageContaining("not the result of an @Idempotent call");
      assertThat(callsToS1() - before)
          .as("the batch, answered with its failure, and recovery's probe that S1 answers")
          .isEqualTo(2);
    } finally {
      s2.close();
    }
  }

  /** The server holds the batch's answer (and the thread that received it) no longer than the answer's wait. */
  @Test
  void theReceiptOfASlowCallComesWithinTheAnswerWaitAndItsValueLater() throws Exception {
    RemoteReference<String> slow = on1.slow(RemoteReference.of("late"), 3000);
    java.util.concurrent.CompletableFuture<String> got =
        java.util.concurrent.CompletableFuture.supplyAsync(() -> slow.get(WAIT));
    CallContext ctx = (CallContext) ((Ref<?>) slow).context();
    org.awaitility.Awaitility.await()
        .atMost(Duration.ofSeconds(1))
        .pollInterval(Duration.ofMillis(10))
        .until(() -> ctx.submitted().isDone());
    assertThat(got).isNotDone();
    assertThat(got.get(10, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("late");
  }
}
