package org.gridrmi.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.client.Fig2Service;
import org.gridrmi.client.Fig2ServiceAsync;
import org.gridrmi.client.Fig2ServiceImpl;
import org.gridrmi.client.Grid;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A server killed and started again at the same address (what bench chaos does between its phases): the peers that
 * knew it must reach the new process, not fail on the old one's stub (they did, once each: UNAVAILABLE "no such
 * object in table").
 */
class RestartedServerIT {
  final List<ServerProcess> processes = new ArrayList<>();

  ServerProcess server(String name, int port) throws Exception {
    Path logs = Files.createDirectories(Path.of("target", "it-logs"));
    List<String> args = List.of(
        "--name",
        name,
        "--port",
        String.valueOf(port),
        "--service",
        Fig2Service.class.getName() + "=" + Fig2ServiceImpl.class.getName());
    ServerProcess p = ServerProcess.start(
        name,
        ServerCommand.class.getName(),
        List.of(),
        args,
        logs.resolve("restarted-" + name + ".log"),
        Duration.ofSeconds(60));
    processes.add(p);
    return p;
  }

  @AfterEach
  void stop() {
    processes.forEach(ServerProcess::kill);
  }

  @Test
  void aServerStartedAgainAtTheSameAddressIsReachedByPeersThatKnewIt() throws Exception {
    int port = freePort();
    ServerProcess s1 = server("S1", port);
    ServerProcess s2 = server("S2", 0);
    try (Grid before =
        Grid.connect(s1.address(), s2.address())) { // S2 fetches from S1: it keeps S1's stub
      assertThat(acrossS1AndS2(before, "a", "b")).isEqualTo("ab");
    }
    s1.kill();
    ServerProcess again = server("S1", port);
    assertThat(again.address()).isEqualTo(s1.address());
    try (Grid after =
        Grid.connect(again.address(), s2.address())) { // a fresh client: only S2 knew the old S1
      assertThat(acrossS1AndS2(after, "c", "d")).isEqualTo("cd");
    }
  }

  static final Duration WAIT = Duration.ofSeconds(20);

  static int freePort() throws java.io.IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** {@code a + b}, made on S2 from a value of S1's: S2 fetches it from S1. */
  static String acrossS1AndS2(Grid grid, String a, String b) {
    Fig2ServiceAsync on1 = grid.async(Fig2ServiceAsync.class, grid.server("S1"));
    Fig2ServiceAsync on2 = grid.async(Fig2ServiceAsync.class, grid.server("S2"));
    return on2.concat(on1.echo(RemoteReference.of(a)), RemoteReference.of(b)).get(WAIT);
  }

  /**
   * The same Grid goes on using a server restarted at the same address: the new process knows nothing of the Grid, so
   * the Grid introduces itself again (its servers, which the server may then fetch from); before, it took the old
   * process's acknowledgement for the new one's, and calls taking another server's value failed with
   * PERMISSION_DENIED for the rest of its life.
   */
  @Test
  void aGridIntroducesItselfAgainToAServerRestartedAtTheSameAddress() throws Exception {
    int port = freePort();
    ServerProcess s1 = server("S1", 0);
    ServerProcess s2 = server("S2", port);
    try (Grid grid = Grid.connect(s1.address(), s2.address())) {
      assertThat(acrossS1AndS2(grid, "a", "b")).isEqualTo("ab");
      s2.kill();
      server("S2", port);
      Fig2ServiceAsync on2 = grid.async(Fig2ServiceAsync.class, grid.server("S2"));
      // the first batch to the new process may still go to the old one's stub and fail once
      org.awaitility.Awaitility.await("the restarted S2 answers")
          .atMost(WAIT)
          .ignoreExceptions()
          .until(() -> on2.echo(RemoteReference.of("x")).get(WAIT).equals("x"));
      assertThat(acrossS1AndS2(grid, "c", "d"))
          .as("S2 fetches S1's value: it knows S1 from the Grid's introduction")
          .isEqualTo("cd");
    }
  }
}
