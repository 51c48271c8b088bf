package org.gridrmi.it.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.client.Fig2Service;
import org.gridrmi.client.Fig2ServiceAsync;
import org.gridrmi.client.Fig2ServiceImpl;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.ServerStats;
import org.gridrmi.client.Traffic;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The core across real processes: the test is the client, each server is a JVM of its own. */
class TwoServerProcessesIT {
  static final int MB = 1 << 20;
  static ItServers processes;
  static ServerProcess p1;
  static ServerProcess p2;

  static ServerProcess server(String name, String... extra) {
    List<String> args = new ArrayList<>(List.of(
        "--lease",
        "2s",
        "--service",
        Fig2Service.class.getName() + "=" + Fig2ServiceImpl.class.getName(),
        "--service",
        ThreadNames.class.getName() + "=" + ThreadNamesImpl.class.getName()));
    args.addAll(List.of(extra));
    return processes.start(name, List.of(), args.toArray(String[]::new));
  }

  @BeforeAll
  static void start() throws Exception {
    processes = new ItServers("");
    p1 = server("S1");
    p2 = server("S2");
  }

  @AfterAll
  static void stop() {
    processes.close();
  }

  @Test
  void fig2IntermediateGoesServerToServerNotThroughTheClient() {
    try (Grid grid = Grid.connect(p1.address(), p2.address())) {
      ServerInfo s1 = grid.server("S1");
      ServerInfo s2 = grid.server("S2");
      Fig2ServiceAsync on1 = grid.async(Fig2ServiceAsync.class, s1);
      Fig2ServiceAsync on2 = grid.async(Fig2ServiceAsync.class, s2);
      on2.method2(on1.method1(16, 0))
          .get(Duration.ofSeconds(30)); // warm up connections and classes
      ServerStats before2 = grid.stats(s2);
      Traffic before = grid.traffic();

      long checksum = on2.method2(on1.method1(MB, 42)).get(Duration.ofSeconds(30));

      Traffic client = grid.traffic().since(before);
      ServerStats after2 = grid.stats(s2);
      assertThat(checksum)
          .isEqualTo(new Fig2ServiceImpl().method2(new Fig2ServiceImpl().method1(MB, 42)));
      assertThat(client.receivedBytes()).as("bytes the client received").isLessThan(4096);
      long s2FromS1 = after2.receivedFrom(p1.address()) - before2.receivedFrom(p1.address());
      assertThat(s2FromS1).as("bytes S2 received from S1").isBetween((long) MB, MB + 64 * 1024L);
      System.out.printf(
          "fig2: client received %d B, sent %d B; S2 received %d B from S1%n",
          client.receivedBytes(), client.sentBytes(), s2FromS1);
    }
  }

  /**
   * In {@code s2.method2(s1.method1())} S1 pushes its small value to S2 over RMI the moment it is made: S1 opens
   * connections to S2, where a fetch only has S2 open them to S1 (with no push, S1 received 0 bytes on connections to
   * S2 here). Whether S2 took the pushes rather than fetched is what the in-process PushToConsumerTest counts; here the
   * chains' times are no guide (fresh server JVMs: 5-50 ms a chain, with or without the push).
   */
  @Test
  void aSmallValueOfACrossServerChainIsPushedToTheServerThatTakesIt() {
    try (Grid grid = Grid.connect(p1.address(), p2.address())) {
      ServerInfo s1 = grid.server("S1");
      Fig2ServiceAsync on1 = grid.async(Fig2ServiceAsync.class, s1);
      Fig2ServiceAsync on2 = grid.async(Fig2ServiceAsync.class, grid.server("S2"));
      on2.method2(on1.method1(16, 0)).get(Duration.ofSeconds(30)); // connections and classes
      long before = grid.stats(s1).receivedFrom(p2.address());
      for (int i = 0; i < 20; i++) {
        long checksum = on2.method2(on1.method1(16, i)).get(Duration.ofSeconds(30));
        assertThat(checksum)
            .isEqualTo(new Fig2ServiceImpl().method2(new Fig2ServiceImpl().method1(16, i)));
      }
      assertThat(grid.stats(s1).receivedFrom(p2.address()) - before)
          .as("bytes S1 received on connections it opened to S2: the answers to its pushes")
          .isPositive();
    }
  }

  /**
   * In {@code s2.g(s1.f())} with a quick {@code g}, the thread of S2 that receives S1's push (an RMI connection
   * thread) runs {@code g} itself, not S2's compute pool; only where S2's batch came before the push (S2's fetch
   * waits for it), so some chains of a run, not every one (with the pool only, none).
   */
  @Test
  void aQuickCallWhoseArgumentIsPushedRunsOnTheThreadThatReceivedThePush() {
    try (Grid grid = Grid.connect(p1.address(), p2.address())) {
      ThreadNamesAsync on1 = grid.async(ThreadNamesAsync.class, grid.server("S1"));
      ThreadNamesAsync on2 = grid.async(ThreadNamesAsync.class, grid.server("S2"));
      List<String> s2Threads = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        String got = on2.appendThread(on1.appendThread(RemoteReference.of("chain-" + i)))
            .get(Duration.ofSeconds(30));
        assertThat(got).startsWith("chain-" + i + " gridrmi-compute-S1");
        s2Threads.add(got.split(" ", 3)[2]); // "chain-i", S1's thread, S2's thread
      }
      assertThat(s2Threads)
          .as("the threads S2 ran its calls on")
          .anyMatch(t -> t.startsWith("RMI TCP Connection"))
          .allMatch(t -> t.startsWith("RMI TCP Connection") || t.startsWith("gridrmi-compute-S2"));
    }
  }

  /**
   * {@code s1.f(x).get()} with a quick {@code f}: its argument is there when its batch arrives and the batch's receipt
   * waits for its value, so the RMI connection thread that received the batch runs it, not S1's compute pool (once S1
   * knows the method to be quick: after a few runs; and once the client's round trips to S1 are short, under 1 ms,
   * where {@code get()} sends the batch itself and asks for the value in the receipt: after some hundred calls of a
   * fresh client JVM).
   */
  @Test
  void aQuickCallReadyWhenItsBatchArrivesRunsOnTheThreadThatReceivedTheBatch() {
    try (Grid grid = Grid.connect(p1.address())) {
      ThreadNamesAsync on1 = grid.async(ThreadNamesAsync.class, grid.server("S1"));
      List<String> threads = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        String got = on1.appendThread(RemoteReference.of("call-" + i)).get(Duration.ofSeconds(30));
        assertThat(got).startsWith("call-" + i + " ");
        threads.add(got.split(" ", 2)[1]);
      }
      assertThat(threads.subList(0, 3))
          .as("the first runs, before S1 knows how long the method takes")
          .allMatch(t -> t.startsWith("gridrmi-compute-S1"));
      assertThat(threads.subList(900, 1000))
          .as("the threads S1 ran the last calls on")
          .anyMatch(t -> t.startsWith("RMI TCP Connection"));
    }
  }

  @Test
  void sameServerCompositionCrossesNoSocket() {
    try (Grid grid = Grid.connect(p1.address())) {
      ServerInfo s1 = grid.server("S1");
      Fig2ServiceAsync on1 = grid.async(Fig2ServiceAsync.class, s1);
      on1.length(on1.method1(16, 0)).get(Duration.ofSeconds(30));
      ServerStats before = grid.stats(s1);
      int length = on1.length(on1.method1(MB, 1)).get(Duration.ofSeconds(30));
      ServerStats after = grid.stats(s1);
      assertThat(length).isEqualTo(MB);
      assertThat(after.receivedBytes() - before.receivedBytes())
          .as("bytes S1 received")
          .isLessThan(8192);
      assertThat(after.sentBytes() - before.sentBytes()).as("bytes S1 sent").isLessThan(8192);
    }
  }

  /**
   * {@code get()} right after a chain on one server: the caller's thread sends the batch and the server answers with
   * the value in its receipt when it is small and made within the answer wait; a failure travels the same way, naming
   * the chain; a larger or slower value is fetched as before. All of them arrive right, across processes.
   */
  @Test
  void chainsAndTheirGetOnOneServerGetSmallValuesFailuresLargeAndSlowValues() {
    try (Grid grid = Grid.connect(p1.address())) {
      Fig2ServiceAsync on1 = grid.async(Fig2ServiceAsync.class, grid.server("S1"));
      Fig2ServiceImpl local = new Fig2ServiceImpl();
      for (int i = 0; i < 300; i++) {
        assertThat(on1.method2(on1.method1(16, i)).get(Duration.ofSeconds(30)))
            .isEqualTo(local.method2(local.method1(16, i)));
      }
      for (int i = 0; i < 20; i++) {
        RemoteReference<String> failed = on1.fail("boom " + i);
        RemoteReference<String> after = on1.concat(failed, RemoteReference.of("!"));
        int n = i;
        assertThatThrownBy(() -> after.get(Duration.ofSeconds(30)))
            .isInstanceOfSatisfying(GridException.class, e -> {
              assertThat(e.status()).isEqualTo(Status.REMOTE_FAILURE);
              assertThat(e.getMessage()).contains("boom " + n);
              assertThat(e.chain())
                  .anyMatch(c -> c.contains("fail"))
                  .anyMatch(c -> c.contains("concat"));
            });
      }
      assertThat(on1.method1(MB, 3).get(Duration.ofSeconds(30))).isEqualTo(local.method1(MB, 3));
      assertThat(on1.slowOnce(RemoteReference.of("a"), "b", 200).get(Duration.ofSeconds(30)))
          .isEqualTo("ab");
    }
  }

  @Test
  void serverKilledMidChainFailsDependentsWithinTheDeadline() {
    ServerProcess victim = server("S3");
    try (Grid grid = Grid.connect(p1.address(), victim.address())) {
      Fig2ServiceAsync on3 = grid.async(Fig2ServiceAsync.class, grid.server("S3"));
      Fig2ServiceAsync on1 = grid.async(Fig2ServiceAsync.class, grid.server("S1"));
      RemoteReference<String> slow = on3.slowOnce(RemoteReference.of("a"), "b", 20_000);
      RemoteReference<String> dependent = on1.echo(slow);
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> grid.stats(grid.server("S3")).pending() > 0);
      victim.kill();
      long start = System.nanoTime();
      assertThatThrownBy(() -> dependent.get(Duration.ofSeconds(10)))
          .isInstanceOfSatisfying(
              GridException.class, e -> assertThat(e.status()).isEqualTo(Status.UNAVAILABLE))
          .hasMessageContaining(victim.address());
      assertThatThrownBy(() -> slow.get(Duration.ofSeconds(10)))
          .isInstanceOfSatisfying(
              GridException.class, e -> assertThat(e.status()).isEqualTo(Status.UNAVAILABLE))
          .hasMessageContaining("Fig2Service.slowOnce on S3");
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }
  }

  @Test
  void leaseLapseFreesTheValuesOfACrashedClient() throws Exception {
    int before;
    try (Grid grid = Grid.connect(p2.address())) {
      before = grid.stats(grid.server("S2")).values();
    }
    ServerProcess client = processes.startMain(
        "client", CrashingClient.class.getName(), List.of(), List.of(p2.address()));
    try (Grid grid = Grid.connect(p2.address())) {
      ServerInfo s2 = grid.server("S2");
      assertThat(grid.stats(s2).values()).isGreaterThanOrEqualTo(before + 3);
      client.kill();
      long killed = System.nanoTime();
      await().atMost(Duration.ofSeconds(10)).until(() -> grid.stats(s2).values() <= before);
      System.out.printf(
          "lease: values of a killed client freed %d ms after the kill (lease 2 s)%n",
          (System.nanoTime() - killed) / 1_000_000);
    }
  }

  @Test
  void idempotentCallWhoseServerDiedIsReRunOnAnotherServer() {
    ServerProcess victim = server("S5");
    try (Grid grid = Grid.connect(p1.address(), victim.address())) {
      Fig2ServiceAsync onVictim = grid.async(Fig2ServiceAsync.class, grid.server("S5"));
      RemoteReference<String> slow = onVictim.slowAppend(grid.put("a"), "b", 2000);
      RemoteReference<String> next = onVictim.slowAppend(slow, "c", 10);
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> grid.stats(grid.server("S5")).pending() > 0);
      victim.kill();
      assertThat(next.get(Duration.ofSeconds(30))).isEqualTo("abc");
    }
  }

  @Test
  void reRunNamesTheLostInputThatIsNotIdempotent() {
    ServerProcess victim = server("S6");
    try (Grid grid = Grid.connect(p1.address(), victim.address())) {
      RemoteReference<String> lost =
          grid.async(Fig2ServiceAsync.class, grid.server("S6")).echo(grid.put("x"));
      lost.get(Duration.ofSeconds(10));
      victim.kill();
      RemoteReference<String> dependent =
          grid.async(Fig2ServiceAsync.class, grid.server("S1")).slowAppend(lost, "!", 10);
      assertThatThrownBy(() -> dependent.get(Duration.ofSeconds(20)))
          .isInstanceOfSatisfying(
              GridException.class, e -> assertThat(e.status()).isEqualTo(Status.UNAVAILABLE))
          .hasMessageContaining("cannot re-run Fig2Service.slowAppend on S1")
          .hasMessageContaining("Fig2Service.echo on S6")
          .hasMessageContaining("not the result of an @Idempotent call");
    }
  }

  @Test
  void callOnAServerThatIsGoneIsUnavailable() {
    ServerProcess gone = server("S4");
    String address = gone.address();
    gone.kill();
    assertThatThrownBy(() -> Grid.connect(address))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.UNAVAILABLE))
        .hasMessageContaining(address);
  }
}
