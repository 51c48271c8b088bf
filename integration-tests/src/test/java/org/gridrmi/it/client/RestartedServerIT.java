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
}
