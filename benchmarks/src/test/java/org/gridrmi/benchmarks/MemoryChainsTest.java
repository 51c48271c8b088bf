package org.gridrmi.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.gridrmi.benchmarks.memory.MemoryOps;
import org.gridrmi.benchmarks.memory.MemoryOpsImpl;
import org.gridrmi.client.Grid;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** bench memory's client on two in-process servers: chains are checked, counted, and stop after too many failures. */
class MemoryChainsTest {
  private final InProcessNetwork net = new InProcessNetwork();
  private GridServer s1;
  private GridServer s2;
  private Grid grid;

  @BeforeEach
  void start() {
    s1 = GridServer.builder()
        .name("S1")
        .inProcess(net)
        .export(MemoryOps.class, new MemoryOpsImpl())
        .start();
    s2 = GridServer.builder()
        .name("S2")
        .inProcess(net)
        .export(MemoryOps.class, new MemoryOpsImpl())
        .start();
    grid = Grid.builder().servers(s1.address(), s2.address()).inProcess(net).build();
  }

  @AfterEach
  void stop() {
    grid.close();
    s2.close();
    s1.close();
  }

  private MemoryChains chains(int bytes, int maxFailures) {
    return new MemoryChains(
        grid, grid.server("S1"), grid.server("S2"), bytes, 4, Duration.ofSeconds(20), maxFailures);
  }

  @Test
  void everyChainEndsWithTheRightSum() throws Exception {
    MemoryChains run = chains(10_000, 5);
    int[] submitted = new int[1];
    run.run(30, n -> submitted[0] = n);
    assertThat(submitted[0]).isEqualTo(30);
    assertThat(run.completed()).isEqualTo(30);
    assertThat(run.failed()).isZero();
    assertThat(run.notRun()).isZero();
    assertThat(run.firstFailure()).isNull();
  }

  @Test
  void failedChainsAreCountedWithTheFirstOnesStatusAndNoMoreAreSubmittedPastTheLimit()
      throws Exception {
    MemoryChains run =
        chains(-1, 5); // make(-1) is refused on S1, and so is sum on S2, which takes its value
    run.run(100, n -> {});
    assertThat(run.completed()).isZero();
    assertThat(run.failed())
        .isBetween(5, 5 + 4); // the limit, plus at most a window in flight when it was reached
    assertThat(run.failed() + run.notRun()).isEqualTo(100);
    assertThat(run.failedByStatus())
        .containsOnlyKeys("INVALID_ARGUMENT")
        .containsValue(run.failed());
    assertThat(run.firstFailure().status())
        .isEqualTo("INVALID_ARGUMENT"); // the service's own status
    assertThat(run.firstFailure().message())
        .contains("make(-1)")
        .doesNotStartWith("INVALID_ARGUMENT")
        .doesNotContain("\n");
  }
}
