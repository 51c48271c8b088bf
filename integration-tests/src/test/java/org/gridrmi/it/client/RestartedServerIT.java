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
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ServerProcess s1 = server("S1", port);
    ServerProcess s2 = server("S2", 0);
    Duration wait = Duration.ofSeconds(20);
    try (Grid before =
        Grid.connect(s1.address(), s2.address())) { // S2 fetches from S1: it keeps S1's stub
      Fig2ServiceAsync on1 = before.async(Fig2ServiceAsync.class, before.server("S1"));
      Fig2ServiceAsync on2 = before.async(Fig2ServiceAsync.class, before.server("S2"));
      assertThat(on2.concat(on1.echo(RemoteReference.of("a")), RemoteReference.of("b"))
              .get(wait))
          .isEqualTo("ab");
    }
    s1.kill();
    ServerProcess again = server("S1", port);
    assertThat(again.address()).isEqualTo(s1.address());
    try (Grid after =
        Grid.connect(again.address(), s2.address())) { // a fresh client: only S2 knew the old S1
      Fig2ServiceAsync on1 = after.async(Fig2ServiceAsync.class, after.server("S1"));
      Fig2ServiceAsync on2 = after.async(Fig2ServiceAsync.class, after.server("S2"));
      assertThat(on2.concat(on1.echo(RemoteReference.of("c")), RemoteReference.of("d"))
              .get(wait))
          .isEqualTo("cd");
    }
  }

  /**
   * The same Grid goes on using a server restarted at the same address: the new process knows nothing of the Grid, so
   * the Grid introduces itself again (its servers, which the server may then fetch from); before, it took the old
   * process's acknowledgement for the new one's, and calls taking another server's value failed with
   * PERMISSION_DENIED for the rest of its life.
   */
  @Test
  void aGridIntroducesItselfAgainToAServerRestartedAtTheSameAddress() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ServerProcess s1 = server("S1", 0);
    ServerProcess s2 = server("S2", port);
    Duration wait = Duration.ofSeconds(20);
    try (Grid grid = Grid.connect(s1.address(), s2.address())) {
      Fig2ServiceAsync on1 = grid.async(Fig2ServiceAsync.class, grid.server("S1"));
      Fig2ServiceAsync on2 = grid.async(Fig2ServiceAsync.class, grid.server("S2"));
      assertThat(on2.concat(on1.echo(RemoteReference.of("a")), RemoteReference.of("b"))
              .get(wait))
          .isEqualTo("ab");
      s2.kill();
      server("S2", port);
      // the first batch to the new process may still go to the old one's stub and fail once
      org.awaitility.Awaitility.await("the restarted S2 answers")
          .atMost(wait)
          .ignoreExceptions()
          .until(() -> on2.echo(RemoteReference.of("x")).get(wait).equals("x"));
      assertThat(on2.concat(on1.echo(RemoteReference.of("c")), RemoteReference.of("d"))
              .get(wait))
          .as("S2 fetches S1's value: it knows S1 from the Grid's introduction")
          .isEqualTo("cd");
    }
  }
}
