package org.gridrmi.benchmarks.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.cli.ledger.ExecutionLedger;
import org.gridrmi.cli.ledger.Ledgers;
import org.gridrmi.client.Grid;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The chains of bench soak and chaos on an in-process network: outcomes, ledgers, and the watchdog. */
class ChainRunTest {
  @TempDir
  Path dir;

  final InProcessNetwork net = new InProcessNetwork();
  final List<GridServer> servers = new ArrayList<>();
  final List<ExecutionLedger> ledgers = new ArrayList<>();
  Grid grid;

  @BeforeEach
  void start() {
    for (String n : List.of("S1", "S2", "S3")) {
      ExecutionLedger l = ExecutionLedger.open(dir, n);
      ledgers.add(l);
      servers.add(GridServer.builder()
          .name(n)
          .inProcess(net)
          .export(SoakOps.class, new SoakOpsImpl(l))
          .start());
    }
    grid = Grid.builder()
        .inProcess(net)
        .servers(servers.stream().map(GridServer::address).toArray(String[]::new))
        .build();
  }

  @AfterEach
  void stop() {
    grid.close();
    servers.forEach(GridServer::close);
    ledgers.forEach(ExecutionLedger::close);
  }

  ChainRun.Workload work(Duration deadline, Duration watchdog, double idempotent) {
    return new ChainRun.Workload(64, 1, deadline, watchdog, idempotent);
  }

  @Test
  void everyChainEndsDoneAndEveryCallIsInTheLedgersOnce() throws Exception {
    try (ChainRun run =
        new ChainRun(grid.servers(), work(Duration.ofSeconds(5), Duration.ofSeconds(5), 0.5))) {
      List<ChainRun.Outcome> outcomes = run.run(c -> grid, 3, 30, 100, Duration.ZERO);
      assertThat(outcomes).hasSize(30).allMatch(ChainRun.Outcome::done);
      assertThat(outcomes)
          .extracting(ChainRun.Outcome::token)
          .containsExactlyInAnyOrderElementsOf(
              java.util.stream.LongStream.range(100, 130).boxed().toList());
      Ledgers l = Ledgers.read(dir);
      assertThat(l.tally(k -> true)).isEqualTo(new Ledgers.Tally(90, 90, 0, 0));
      for (ChainRun.Outcome o : outcomes) { // each stage recorded as the variant the chain called
        for (int stage = 0; stage < 3; stage++) {
          assertThat(l.runs(SoakOps.key(o.token(), stage)))
              .isEqualTo(new Ledgers.Runs(1, (o.idempotent() & 1 << stage) != 0));
        }
      }
      assertThat(outcomes).anyMatch(o -> o.idempotent() != 0).anyMatch(o -> o.idempotent() != 7);
    }
  }

  @Test
  void theShareOfIdempotentCallsIsTheSameForATokenInEveryRun() {
    try (ChainRun none =
            new ChainRun(grid.servers(), work(Duration.ofSeconds(1), Duration.ofSeconds(1), 0));
        ChainRun all =
            new ChainRun(grid.servers(), work(Duration.ofSeconds(1), Duration.ofSeconds(1), 1));
        ChainRun half =
            new ChainRun(grid.servers(), work(Duration.ofSeconds(1), Duration.ofSeconds(1), 0.5));
        ChainRun again =
            new ChainRun(grid.servers(), work(Duration.ofSeconds(1), Duration.ofSeconds(1), 0.5))) {
      int calls = 0;
      for (long t = 1; t <= 1000; t++) {
        assertThat(none.idempotentStages(t)).isZero();
        assertThat(all.idempotentStages(t)).isEqualTo(7);
        assertThat(half.idempotentStages(t)).isEqualTo(again.idempotentStages(t));
        calls += Integer.bitCount(half.idempotentStages(t));
      }
      assertThat(calls).isBetween(1300, 1700); // about half of 3000
    }
  }

  @Test
  void aGetStillWaitingWhenTheWatchdogTripsIsLostAndTheRunEnds() throws Exception {
    net.stall(servers.get(0).name());
    net.stall(servers.get(1).name());
    net.stall(servers.get(2).name());
    // a watchdog that trips before the deadline: get() is still waiting for the stalled servers
    // then
    try (ChainRun run =
        new ChainRun(grid.servers(), work(Duration.ofSeconds(3), Duration.ofMillis(-2_800), 0))) {
      List<ChainRun.Outcome> outcomes = run.run(c -> grid, 2, 2, 1, Duration.ZERO);
      assertThat(outcomes).hasSize(2).allMatch(ChainRun.Outcome::lost);
      assertThat(outcomes).allMatch(o -> o.latencyNanos() < 2_000_000_000L);
    } finally {
      net.heal();
    }
  }
}
