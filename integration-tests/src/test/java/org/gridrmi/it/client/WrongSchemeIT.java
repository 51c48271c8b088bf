package org.gridrmi.it.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.gridrmi.cli.GridRmiCli;
import org.gridrmi.cli.LookupCommand;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.client.Fig2Service;
import org.gridrmi.client.Fig2ServiceImpl;
import org.gridrmi.client.Grid;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.testing.JvmProcess;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An address with the wrong scheme for its port, a user's likeliest mix-up: {@code rmi://} at a lookup service's
 * port, {@code jini://} at a GridRMI server's. Each is told, within a couple of seconds (not after a read timeout),
 * what is at that port and which address to use.
 */
class WrongSchemeIT {
  static ServerProcess lookup;
  static ServerProcess server;

  @BeforeAll
  static void start() throws IOException {
    Path logs = Files.createDirectories(Path.of("target", "it-logs"));
    lookup = ServerProcess.start(
        "reggie",
        LookupCommand.class.getName(),
        List.of(),
        List.of("--port", "0"),
        logs.resolve("wrong-scheme-reggie.log"),
        Duration.ofSeconds(60));
    server = ServerProcess.start(
        "S1",
        ServerCommand.class.getName(),
        List.of(),
        List.of(
            "--name",
            "S1",
            "--port",
            "0",
            "--service",
            Fig2Service.class.getName() + "=" + Fig2ServiceImpl.class.getName()),
        logs.resolve("wrong-scheme-S1.log"),
        Duration.ofSeconds(60));
  }

  @AfterAll
  static void stop() {
    if (server != null) server.kill();
    if (lookup != null) lookup.kill();
  }

  private static String hostPort(String address) {
    return address.substring(address.indexOf("://") + 3);
  }

  @Test
  void rmiAtALookupServicesPortSaysItIsALookupServiceAndToUseJini() {
    String hostPort = hostPort(lookup.address());
    long start = System.nanoTime();

    assertThatThrownBy(() -> Grid.connect("rmi://" + hostPort))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("rmi://" + hostPort + " is a Jini lookup service")
        .hasMessageContaining("jini://" + hostPort);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(4));
  }

  @Test
  void jiniAtAServersPortSaysItIsAGridRmiServerAndToUseRmi() {
    String hostPort = hostPort(server.address());
    long start = System.nanoTime();

    assertThatThrownBy(() -> Grid.connect("jini://" + hostPort))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("jini://" + hostPort + " is a GridRMI server")
        .hasMessageContaining("rmi://" + hostPort);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(4));
  }

  @Test
  void statusPointedAtAServersPortSaysSoInOneLineWithExitCode2() throws Exception {
    String hostPort = hostPort(server.address());
    try (JvmProcess status = JvmProcess.start(
        "wrong-scheme-status",
        GridRmiCli.class.getName(),
        List.of(),
        List.of("status", "--lookup", "jini://" + hostPort),
        Path.of("target", "it-logs", "wrong-scheme-status.log"))) {
      assertThat(status.exitCode(Duration.ofSeconds(60))).isEqualTo(2);
      assertThat(status.output())
          .containsExactly("gridrmi status: jini://" + hostPort + " is a GridRMI server's port (it"
              + " speaks Java RMI, not Jini discovery): connect to that server with rmi://"
              + hostPort
              + ", or give the lookup service's address (its 'lookup service ready at jini://...'"
              + " line)");
    }
  }
}
