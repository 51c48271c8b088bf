package org.gridrmi.it.client;

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
import org.gridrmi.cli.LookupCommand;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.client.Fig2Service;
import org.gridrmi.client.Fig2ServiceAsync;
import org.gridrmi.client.Fig2ServiceImpl;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Discovery through a real Reggie in its own JVM, with servers joining from theirs (the paper's Fig. 1). */
class LookupDiscoveryIT {
  final List<ServerProcess> processes = new ArrayList<>();
  Path logs;

  @AfterEach
  void stop() {
    processes.forEach(ServerProcess::kill);
  }

  ServerProcess start(String name, String main, List<String> args) throws IOException {
    logs = Files.createDirectories(Path.of("target", "it-logs"));
    ServerProcess p = ServerProcess.start(
        name,
        main,
        List.of(),
        args,
        logs.resolve("lookup-" + name + ".log"),
        Duration.ofSeconds(60));
    processes.add(p);
    return p;
  }

  ServerProcess server(String name, String lookup) throws IOException {
    return start(
        name,
        ServerCommand.class.getName(),
        List.of(
            "--name",
            name,
            "--port",
            "0",
            "--lookup",
            lookup,
            "--join-lease",
            "2s",
            "--service",
            Fig2Service.class.getName() + "=" + Fig2ServiceImpl.class.getName()));
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Test
  void clientFindsServersByTypeSeesThemGoAndSeesThemComeBackAfterALookupRestart() throws Exception {
    int port = freePort();
    ServerProcess reggie =
        start("reggie", LookupCommand.class.getName(), List.of("--port", String.valueOf(port)));
    String lookup = reggie.address();
    long t0 = System.nanoTime();
    ServerProcess s1 = server("S1", lookup);
    ServerProcess s2 = server("S2", lookup);
    try (Grid grid = Grid.connect(lookup)) {
      await()
          .atMost(Duration.ofSeconds(20))
          .until(() -> grid.servers(Fig2Service.class).size() == 2);
      System.out.printf(
          "lookup: both servers visible %d ms after their JVMs were started%n",
          (System.nanoTime() - t0) / 1_000_000);
      ServerInfo info1 = grid.server("S1");
      assertThat(info1.attributes()).containsKeys("host", "cores", "freeMemory", "load", "version");
      Fig2ServiceAsync on1 = grid.async(Fig2ServiceAsync.class, info1);
      Fig2ServiceAsync on2 = grid.async(Fig2ServiceAsync.class, grid.server("S2"));
      long sum = on2.method2(on1.method1(1000, 5)).get(Duration.ofSeconds(30));
      assertThat(sum)
          .isEqualTo(new Fig2ServiceImpl().method2(new Fig2ServiceImpl().method1(1000, 5)));

      s2.kill();
      long killed = System.nanoTime();
      await()
          .atMost(Duration.ofSeconds(5))
          .until(() -> grid.servers(Fig2Service.class).size() == 1);
      System.out.printf(
          "lookup: killed server gone from the client's view %d ms after kill -9 (2 s lease)%n",
          (System.nanoTime() - killed) / 1_000_000);
    }

    reggie.kill();
    start("reggie2", LookupCommand.class.getName(), List.of("--port", String.valueOf(port)));
    try (Grid grid = Grid.connect(lookup)) {
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> grid.servers(Fig2Service.class).size() == 1);
      assertThat(grid.servers(Fig2Service.class).get(0).name()).isEqualTo("S1");
      assertThat(grid.async(Fig2ServiceAsync.class)
              .echo(org.gridrmi.ref.RemoteReference.of("back"))
              .get(Duration.ofSeconds(20)))
          .isEqualTo("back");
    }
    assertThat(s1.isAlive()).isTrue();
  }

  @Test
  void unreachableLookupFailsWithinTheTimeoutNamingTheAddress() throws Exception {
    String url = "jini://127.0.0.1:" + freePort();
    System.setProperty("gridrmi.discoveryMillis", "2000");
    long start = System.nanoTime();
    try {
      assertThatThrownBy(() -> Grid.connect(url))
          .isInstanceOfSatisfying(
              GridException.class, e -> assertThat(e.status()).isEqualTo(Status.UNAVAILABLE))
          .hasMessageContaining(url.substring(7));
    } finally {
      System.clearProperty("gridrmi.discoveryMillis");
    }
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    assertThatThrownBy(() -> Grid.connect("jini://bad host:x"))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("jini://bad host:x");
  }
}
