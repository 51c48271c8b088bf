package org.gridrmi.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.rmi.Remote;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.List;
import org.gridrmi.cli.GridRmiCli;
import org.gridrmi.cli.LookupCommand;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.jama.MatrixOps;
import org.gridrmi.lookup.LookupRegistration;
import org.gridrmi.lookup.ServerRecord;
import org.gridrmi.runtime.net.NetContexts;
import org.gridrmi.testing.CountingPort;
import org.gridrmi.testing.JvmProcess;
import org.junit.jupiter.api.Test;

/**
 * A client that holds the grid secret registers with the lookup service a proxy whose RMI stub names a loopback port
 * of its choosing (a socket of this test's, counting connections): GridRMI programs listing the lookup service's
 * servers ({@code gridrmi status} in a JVM of its own, a Grid here) must not connect there, and must still list the
 * real server.
 */
class RegisteredStubIT {
  private static final Duration START = Duration.ofSeconds(60);

  /** A stub of no interface but {@link Remote}, which every JVM can read. */
  static final class Bait implements Remote {}

  static JvmProcess java(String name, String main, List<String> args) throws IOException {
    return JvmProcess.start(
        name, main, List.of(), args, Path.of("target", "it-logs", name + ".log"));
  }

  @Test
  void aStubRegisteredByAPeerIsNeverConnectedToAndTheRealServerStillLists() throws Exception {
    try (JvmProcess reggie =
        java("stub-reggie", LookupCommand.class.getName(), List.of("--port", "0"))) {
      String lookup = reggie.awaitLine("ready at (jini://\\S+)", START).group(1);
      try (JvmProcess server = java(
          "stub-R1",
          ServerCommand.class.getName(),
          List.of(
              "--name",
              "R1",
              "--port",
              "0",
              "--lookup",
              lookup,
              "--service",
              MatrixOps.class.getName() + "=org.gridrmi.jama.JamaMatrixOps"))) {
        server.awaitLine(" ready at rmi://\\S+ .*registered with", START);

        CountingPort trap = new CountingPort();
        Bait bait = new Bait();
        Remote stub = UnicastRemoteObject.exportObject(
            bait, 0, NetContexts.defaultPlain().clientFactory("127.0.0.1"), trap);
        try (LookupRegistration hostile = LookupRegistration.join(
            URI.create(lookup),
            stub,
            new ServerRecord("EVIL", "127.0.0.1", 2, List.of(MatrixOps.class.getName())),
            Duration.ofSeconds(10))) {
          assertThat(hostile.awaitRegistered(Duration.ofSeconds(20))).isTrue();

          String out;
          try (JvmProcess status = java(
              "stub-status", GridRmiCli.class.getName(), List.of("status", "--lookup", lookup))) {
            assertThat(status.exitCode(START))
                .as(String.join("\n", status.output()))
                .isZero();
            out = String.join("\n", status.output());
          }
          List<String> listed;
          try (Grid grid = Grid.connect(lookup)) {
            listed = grid.servers().stream().map(ServerInfo::name).toList();
          }
          Thread.sleep(
              2_000); // the distributed GC's "dirty" call comes at once: leave it time to show
          assertThat(trap.accepted())
              .as("connections to the port the registered stub names")
              .isZero();
          assertThat(out).contains("1 server(s) registered with " + lookup).contains("R1 ");
          assertThat(listed).containsExactly("R1");
        } finally {
          UnicastRemoteObject.unexportObject(bait, true);
        }
      }
    }
  }
}
