package org.gridrmi.it.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.gridrmi.cli.LookupCommand;
import org.gridrmi.client.CallOptions;
import org.gridrmi.client.Fig2Service;
import org.gridrmi.client.Fig2ServiceAsync;
import org.gridrmi.client.Fig2ServiceImpl;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Faults across real processes, each bounded by a deadline: a server that is stopped (SIGSTOP: it keeps its TCP
 * connections but answers nothing, as a GC storm or a hung host would) makes calls with a deadline end in
 * DEADLINE_EXCEEDED by that deadline, never hang, and delays no other server; the lookup service killed with
 * kill -9 stops discovery, not the calls already running nor new calls to servers already known.
 */
class FaultProcessesIT {
  final ItServers processes = newServers();
  final List<Grid> grids = new ArrayList<>();
  final Path dir = Path.of("target", "it-faults").toAbsolutePath();

  private static ItServers newServers() {
    try {
      return new ItServers(Path.of("target", "it-faults"), "");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @AfterEach
  void stop() throws Exception {
    processes.close();
    // a Grid whose server is gone or stalled must still close promptly; bounded so the test cannot
    // hang
    for (Grid g : grids) CompletableFuture.runAsync(g::close).get(15, TimeUnit.SECONDS);
  }

  ServerProcess start(String name, String main, List<String> jvmArgs, List<String> args) {
    return processes.startMain(name, main, jvmArgs, args);
  }

  ServerProcess server(String name, List<String> jvmArgs, String... extra) {
    List<String> args = new ArrayList<>(List.of(
        "--lease",
        "5s",
        "--service",
        Fig2Service.class.getName() + "=" + Fig2ServiceImpl.class.getName()));
    args.addAll(List.of(extra));
    return processes.start(name, jvmArgs, args.toArray(String[]::new));
  }

  Grid connect(String... addresses) {
    return connect(Grid.builder().connect(addresses));
  }

  Grid connect(Grid.Builder b) {
    return connect(b, Duration.ofSeconds(1));
  }

  Grid connect(Grid.Builder b, Duration callTimeout) {
    Grid g = b.callTimeout(callTimeout).build();
    grids.add(g);
    return g;
  }

  static void signal(ServerProcess p, String signal) throws Exception {
    assertThat(new ProcessBuilder("kill", "-" + signal, String.valueOf(p.pid()))
            .start()
            .waitFor())
        .isZero();
  }

  /** {@code get()} with no timeout of its own fails with DEADLINE_EXCEEDED by the call's deadline (plus slack). */
  static void assertDeadline(RemoteReference<?> ref, Duration deadline, long madeNanos) {
    assertThatThrownBy(ref::get)
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.DEADLINE_EXCEEDED));
    Duration took = Duration.ofNanos(System.nanoTime() - madeNanos);
    System.out.printf(
        "stopped server: DEADLINE_EXCEEDED after %d ms (deadline %d ms)%n",
        took.toMillis(), deadline.toMillis());
    assertThat(took).isBetween(deadline.minusMillis(50), deadline.plusMillis(1000));
  }

  @Test
  void aStoppedServerEndsInDeadlineExceededByTheDeadlineAndDelaysNoOtherServer() throws Exception {
    ServerProcess s1 = server("S1", List.of());
    ServerProcess s2 = server("S2", List.of(), "--lease", "2s");
    // short calls may take longer than the deadline here: a batch sent to the stopped server then
    // waits for its
    // answer past the deadline, and the deadline decides (with a shorter call timeout the batch
    // fails first, as
    // UNAVAILABLE naming the server: see ServerChannel)
    Grid grid = connect(Grid.builder().connect(s1.address(), s2.address()), Duration.ofSeconds(3));
    Duration deadline = Duration.ofSeconds(2);
    CallOptions within = CallOptions.DEFAULT.withDeadline(deadline);
    Fig2ServiceAsync on1 = grid.async(Fig2ServiceAsync.class, within.withServer(grid.server("S1")));
    Fig2ServiceAsync on2 = grid.async(Fig2ServiceAsync.class, within.withServer(grid.server("S2")));
    assertThat(on2.method2(on1.method1(10_000, 3)).get(Duration.ofSeconds(20)))
        .isPositive(); // links work
    RemoteReference<String> kept =
        on2.echo(RemoteReference.of("kept")); // held on S2 by this Grid's lease
    assertThat(kept.get(Duration.ofSeconds(10))).isEqualTo("kept");

    signal(s1, "STOP");
    try {
      long t0 = System.nanoTime();
      assertDeadline(on1.echo(RemoteReference.of("lost")), deadline, t0);
      long t1 = System.nanoTime();
      assertDeadline(
          on2.method2(on1.method1(10_000, 4)),
          deadline,
          t1); // S2 waits on S1's value: it fails too
      // lease renewals to S2 go on while S1 hangs: after more than two of S2's leases, its value is
      // still there
      Thread.sleep(4_500);
      assertThat(on2.echo(kept).get(Duration.ofSeconds(10))).isEqualTo("kept");
    } finally {
      signal(s1, "CONT");
    }
  }

  @Test
  void killingTheLookupServiceStopsDiscoveryNotRunningCalls() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ServerProcess reggie = start(
        "reggie",
        LookupCommand.class.getName(),
        List.of("-Xmx256m"),
        List.of("--port", String.valueOf(port)));
    String lookup = reggie.address();
    server("L1", List.of(), "--lookup", lookup, "--join-lease", "2s");
    server("L2", List.of(), "--lookup", lookup, "--join-lease", "2s");
    Grid grid = connect(lookup);
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> grid.servers(Fig2Service.class).size() == 2);
    ServerInfo l1 = grid.server("L1");
    ServerInfo l2 = grid.server("L2");
    Fig2ServiceAsync on1 = grid.async(Fig2ServiceAsync.class, l1);
    Fig2ServiceAsync on2 = grid.async(Fig2ServiceAsync.class, l2);
    assertThat(on1.echo(RemoteReference.of("warm")).get(Duration.ofSeconds(20))).isEqualTo("warm");

    // a chain across both servers, still running when the lookup service dies
    RemoteReference<String> chain = on2.concat(
        on1.slowAppend(RemoteReference.of("a"), "b", 2000), on2.echo(RemoteReference.of("c")));
    reggie.kill();
    long killed = System.nanoTime();
    assertThat(chain.isDone()).as("chain still running at the kill").isFalse();
    assertThat(chain.get(Duration.ofSeconds(20))).isEqualTo("abc");

    // new calls to servers already known keep working
    String again = on2.concat(on1.echo(RemoteReference.of("x")), on2.echo(RemoteReference.of("y")))
        .get(Duration.ofSeconds(20));
    assertThat(again).isEqualTo("xy");
    System.out.printf(
        "lookup killed: running chain and new calls completed; %d ms after the kill%n",
        (System.nanoTime() - killed) / 1_000_000);

    // discovery is what stopped: a new client cannot find servers there, and says so within its
    // timeout
    long t0 = System.nanoTime();
    assertThatThrownBy(
            () -> connect(Grid.builder().lookup(lookup).discoveryTimeout(Duration.ofSeconds(2))))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.UNAVAILABLE))
        .hasMessageContaining(lookup.substring(7));
    assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));
  }
}
