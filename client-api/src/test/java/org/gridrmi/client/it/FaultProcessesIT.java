package org.gridrmi.client.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.lookup.LookupMain;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.server.GridServerMain;
import org.gridrmi.server.ServerProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Faults across real processes, each bounded by a deadline: a server whose link stalls (it keeps the TCP
 * connection but delivers nothing) makes calls end in DEADLINE_EXCEEDED, never hang; the lookup service killed
 * with kill -9 stops discovery, not the calls already running nor new calls to servers already known.
 */
class FaultProcessesIT {
  final List<ServerProcess> processes = new ArrayList<>();
  final List<Grid> grids = new ArrayList<>();
  Path dir;

  @AfterEach
  void stop() throws Exception {
    processes.forEach(ServerProcess::kill);
    // a Grid whose server is gone or stalled must still close promptly; bounded so the test cannot hang
    for (Grid g : grids) CompletableFuture.runAsync(g::close).get(15, TimeUnit.SECONDS);
  }

  ServerProcess start(String name, String main, List<String> jvmArgs, List<String> args) throws IOException {
    dir = Files.createDirectories(Path.of("target", "it-faults").toAbsolutePath());
    Path log = dir.resolve(name + ".log");
    Files.deleteIfExists(log);
    ServerProcess p = ServerProcess.start(name, main, jvmArgs, args, log, Duration.ofSeconds(45));
    processes.add(p);
    return p;
  }

  ServerProcess server(String name, List<String> jvmArgs, String... extra) throws IOException {
    List<String> args = new ArrayList<>(List.of("--name", name, "--port", "0", "--lease", "5s",
        "--service", Fig2Service.class.getName() + "=" + Fig2ServiceImpl.class.getName()));
    args.addAll(List.of(extra));
    return start(name, GridServerMain.class.getName(), jvmArgs, args);
  }

  Grid connect(String... addresses) {
    Grid g = Grid.connect(addresses);
    grids.add(g);
    return g;
  }

  static void assertDeadline(RemoteReference<?> ref, Duration deadline) {
    long t0 = System.nanoTime();
    assertThatThrownBy(() -> ref.get(deadline)).isInstanceOfSatisfying(GridException.class,
        e -> assertThat(e.status()).isEqualTo(Status.DEADLINE_EXCEEDED));
    Duration took = Duration.ofNanos(System.nanoTime() - t0);
    System.out.printf("stalled link: DEADLINE_EXCEEDED after %d ms (deadline %d ms)%n", took.toMillis(),
        deadline.toMillis());
    assertThat(took).isBetween(deadline.minusMillis(50), deadline.plusMillis(1500));
  }

  @Test
  void aStalledLinkEndsInDeadlineExceededNotAHang() throws Exception {
    Path stall = Files.createDirectories(Path.of("target", "it-faults").toAbsolutePath()).resolve("stall-S1");
    Files.deleteIfExists(stall);
    ServerProcess s1 = server("S1", List.of("-Dgridrmi.test.stallFile=" + stall));
    ServerProcess s2 = server("S2", List.of());
    Grid grid = connect(s1.address(), s2.address());
    Fig2ServiceAsync on1 = grid.async(Fig2ServiceAsync.class, grid.server("S1"));
    Fig2ServiceAsync on2 = grid.async(Fig2ServiceAsync.class, grid.server("S2"));
    assertThat(on2.method2(on1.method1(10_000, 3)).get(Duration.ofSeconds(20))).isPositive(); // links work

    Files.createFile(stall); // from now on S1 delivers nothing, to the client or to S2
    Thread.sleep(100);
    Duration deadline = Duration.ofSeconds(2);
    assertDeadline(on1.echo(RemoteReference.of("lost")), deadline);
    assertDeadline(on2.method2(on1.method1(10_000, 4)), deadline); // S2 waits on S1's value
    // the other server is unaffected
    assertThat(on2.echo(RemoteReference.of("alive")).get(Duration.ofSeconds(10))).isEqualTo("alive");
  }

  @Test
  void killingTheLookupServiceStopsDiscoveryNotRunningCalls() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ServerProcess reggie = start("reggie", LookupMain.class.getName(), List.of("-Xmx256m"),
        List.of("--port", String.valueOf(port)));
    String lookup = reggie.address();
    server("L1", List.of(), "--lookup", lookup, "--join-lease", "2s");
    server("L2", List.of(), "--lookup", lookup, "--join-lease", "2s");
    Grid grid = connect(lookup);
    await().atMost(Duration.ofSeconds(20)).until(() -> grid.servers(Fig2Service.class).size() == 2);
    ServerInfo l1 = grid.server("L1");
    ServerInfo l2 = grid.server("L2");
    Fig2ServiceAsync on1 = grid.async(Fig2ServiceAsync.class, l1);
    Fig2ServiceAsync on2 = grid.async(Fig2ServiceAsync.class, l2);
    assertThat(on1.echo(RemoteReference.of("warm")).get(Duration.ofSeconds(20))).isEqualTo("warm");

    // a chain across both servers, still running when the lookup service dies
    RemoteReference<String> chain = on2.concat(on1.slowAppend(RemoteReference.of("a"), "b", 2000),
        on2.echo(RemoteReference.of("c")));
    reggie.kill();
    long killed = System.nanoTime();
    assertThat(chain.isDone()).as("chain still running at the kill").isFalse();
    assertThat(chain.get(Duration.ofSeconds(20))).isEqualTo("abc");

    // new calls to servers already known keep working
    String again = on2.concat(on1.echo(RemoteReference.of("x")), on2.echo(RemoteReference.of("y")))
        .get(Duration.ofSeconds(20));
    assertThat(again).isEqualTo("xy");
    System.out.printf("lookup killed: running chain and new calls completed; %d ms after the kill%n",
        (System.nanoTime() - killed) / 1_000_000);

    // discovery is what stopped: a new client cannot find servers there, and says so within its timeout
    System.setProperty("gridrmi.discoveryMillis", "2000");
    long t0 = System.nanoTime();
    try {
      assertThatThrownBy(() -> connect(lookup)).isInstanceOfSatisfying(GridException.class,
          e -> assertThat(e.status()).isEqualTo(Status.UNAVAILABLE)).hasMessageContaining(lookup.substring(7));
    } finally {
      System.clearProperty("gridrmi.discoveryMillis");
    }
    assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));
  }
}
