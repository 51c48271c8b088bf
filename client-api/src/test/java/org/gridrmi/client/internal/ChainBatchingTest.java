package org.gridrmi.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.inprocess.WorkAsync;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A chain of async calls to one server, queued before its channel sends, goes as one batch: each call takes the
 * previous one's result, and none of them is held back for it or sent ahead alone. The Grid's I/O pool is kept busy
 * while the chain is made, so that all six calls are queued before any drain can run, whatever the scheduler does.
 * (Before, this test made the chain on a free pool over a link with a 50 ms delay and relied on {@link Linger}'s
 * quiet gap of 500 us: a caller thread descheduled for longer than that split the chain, once in fifty runs on a
 * loaded 2-core machine. When to stop gathering is {@code LingerTest}'s subject, with explicit times.)
 */
class ChainBatchingTest {
  final InProcessNetwork net = new InProcessNetwork();
  final GridServer s1 = TestSessions.workServer(net, "S1");
  final Session session = TestSessions.on(net);
  final CountDownLatch ioFree = new CountDownLatch(1);
  final ServerInfo info = TestSessions.workInfo("S1", s1);

  @AfterEach
  void close() {
    ioFree.countDown();
    session.close();
    s1.close();
  }

  void chainOfSixArrivesAsOneBatch(long roundTripNanos) throws InterruptedException {
    WorkAsync on1 = Views.async(session, info, WorkAsync.class, null);
    assertThat(on1.append(RemoteReference.of("warm"), "up").get(Duration.ofSeconds(10)))
        .isEqualTo("warmup");
    TestSessions.occupyIo(session, ioFree);
    session.channel(info).roundTripNanos(roundTripNanos);
    long before = net.delivered("S1", "a batch");

    RemoteReference<String> r = RemoteReference.of("x");
    for (int i = 0; i < 6; i++) r = on1.append(r, Integer.toString(i));
    ioFree.countDown();

    assertThat(r.get(Duration.ofSeconds(10))).isEqualTo("x012345");
    assertThat(net.delivered("S1", "a batch") - before)
        .as("batches for a chain of 6 calls")
        .isEqualTo(1);
  }

  /** Where round trips are long, the I/O pool's drain lingers, then takes the whole queue. */
  @Test
  void aChainMadeInOneGoArrivesAsOneBatchWhereRoundTripsAreLong() throws InterruptedException {
    chainOfSixArrivesAsOneBatch(100_000_000L);
  }

  /** Where round trips are short, the caller's {@code get()} sends the queue itself, all of it. */
  @Test
  void aChainMadeInOneGoArrivesAsOneBatchWhereRoundTripsAreShort() throws InterruptedException {
    chainOfSixArrivesAsOneBatch(Linger.MIN_ROUND_TRIP_NANOS / 2);
  }
}
