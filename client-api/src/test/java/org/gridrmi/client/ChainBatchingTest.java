package org.gridrmi.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * How a chain of async calls is batched where a round trip is long (an emulated 50 ms one-way delay, so about
 * 100 ms a round trip): the calls a caller makes in one go reach the server as one batch, and the first is not
 * sent ahead alone. When to stop gathering is {@code LingerTest}'s subject, with explicit times: here the threads
 * of a 2-core machine decide them.
 */
class ChainBatchingTest {
  static GridServer server;
  static Grid grid;

  @BeforeAll
  static void start() {
    // the emulated link is each instance's own: no other test in this JVM is slowed down
    server = GridServer.builder()
        .name("B1")
        .link("delay=50ms")
        .export(Fig2Service.class, new Fig2ServiceImpl())
        .start();
    grid = Grid.builder().servers(server.address()).link("delay=50ms").build();
  }

  @AfterAll
  static void stop() {
    grid.close();
    server.close();
  }

  @Test
  void aChainMadeInOneGoArrivesAsOneBatch() {
    ServerInfo b1 = grid.server("B1");
    Fig2ServiceAsync srv = grid.async(Fig2ServiceAsync.class, b1);
    // the channel learns the round trip, and the caller's call path is compiled and loaded (a first
    // call through
    // a view can take longer than the quiet gap by itself)
    for (int i = 0; i < 3; i++) {
      assertThat(srv.concat(RemoteReference.of("warm"), RemoteReference.of("up"))
              .get(Duration.ofSeconds(10)))
          .isEqualTo("warmup");
    }
    long batchesBefore = grid.stats(b1).batchesReceived();

    RemoteReference<String> r = RemoteReference.of("x");
    for (int i = 0; i < 6; i++) r = srv.concat(r, RemoteReference.of(Integer.toString(i)));

    assertThat(r.get(Duration.ofSeconds(10))).isEqualTo("x012345");
    assertThat(grid.stats(b1).batchesReceived() - batchesBefore)
        .as("batches for a chain of 6 calls")
        .isEqualTo(1);
  }
}
