package org.gridrmi.it.user;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.gridrmi.cli.LookupCommand;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.client.Grid;
import org.gridrmi.jama.MatrixOps;
import org.gridrmi.jama.MatrixOpsAsync;
import org.gridrmi.lookup.LookupAttributes;
import org.gridrmi.lookup.LookupDirectory;
import org.gridrmi.lookup.ServerRecord;
import org.gridrmi.testing.JvmProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A plain Jini client finds a GridRMI service by its Java type and calls it: lookup service and server in JVMs of
 * their own, and a client JVM whose code uses only the net.jini API and MatrixOps, and whose class path holds only
 * the Jini jars, the lookup service's proxy code and the interface with what its signatures need (no GridRMI
 * client or server runtime). GridRMI's own discovery of the same registration keeps working.
 */
class JiniByTypeIT {
  private static final Duration START = Duration.ofSeconds(60);
  private final List<JvmProcess> processes = new ArrayList<>();

  @AfterEach
  void stop() throws InterruptedException {
    for (JvmProcess p : processes) p.close();
  }

  @Test
  void aPlainJiniClientFindsMatrixOpsByTypeAndCallsIt() throws Exception {
    Path java = Path.of(System.getProperty("java.home"));
    String all = System.getProperty("java.class.path");
    int port;
    try (ServerSocket probe = new ServerSocket(0)) {
      port = probe.getLocalPort();
    }
    String lookup = "jini://127.0.0.1:" + port;
    JvmProcess reggie = Launch.java(
        "lookup",
        java,
        all,
        LookupCommand.class.getName(),
        List.of("--port", "" + port, "--host", "127.0.0.1", "--groups", "by-type-" + port));
    processes.add(reggie);
    reggie.awaitLine("lookup service ready", START);
    JvmProcess server = Launch.java(
        "J1",
        java,
        all,
        ServerCommand.class.getName(),
        List.of(
            "--name",
            "J1",
            "--port",
            "0",
            "--lookup",
            lookup,
            "--service",
            MatrixOps.class.getName() + "=org.gridrmi.jama.JamaMatrixOps"));
    processes.add(server);
    String address = server.awaitLine(" ready at (rmi://[^\\s,]+)", START).group(1);

    String plainPath = plainJiniClassPath(all);
    assertThat(plainPath).doesNotContain("client-api").doesNotContain("server-runtime");
    try (JvmProcess client = Launch.java(
        "plain-jini-client",
        java,
        plainPath,
        "org.gridrmi.lookup.it.PlainJiniTypeClient",
        List.of(lookup))) {
      assertThat(client.exitCode(START)).as(Launch.text(client)).isZero();
      assertThat(Launch.text(client))
          .contains("found MatrixOps on J1 (GridRMI, plain calls)")
          .contains("normInf(identity(3,3)) = 1.0")
          .contains("normInf(transpose(transpose(A)) - A) = 0.0")
          .contains("times(4x3, 4x3) failed: org.gridrmi.ref.GridException");
    }

    // GridRMI's own discovery sees the same registration as before: by its attributes
    try (LookupDirectory directory =
        LookupDirectory.unicast(URI.create(lookup), Duration.ofSeconds(10))) {
      List<ServerRecord> servers = directory.servers(MatrixOps.class.getName());
      assertThat(servers).extracting(ServerRecord::name).containsExactly("J1");
      assertThat(servers.get(0).proxy()).isInstanceOf(MatrixOps.class);
      assertThat(servers.get(0).address()).isEqualTo(address);
      assertThat(servers.get(0).attribute(LookupAttributes.ADDRESS))
          .isEqualTo(address); // GridServerInfo.address
    }
    try (Grid grid = Grid.connect(lookup)) {
      MatrixOpsAsync ops = grid.async(MatrixOpsAsync.class);
      assertThat(ops.normInf(ops.identity(2, 2)).get()).isEqualTo(1.0);
    }
  }

  /**
   * Jini (jsk-*, reggie), lookup-service (the registrar proxy's code), its test jar, jama-adapter, remote-ref, JAMA,
   * and the node runtime (the stubs the client reads carry its socket factory, GridSocketFactory) with perf-model,
   * the runtime's one GridRMI dependency besides remote-ref, and Apache Fory (the fast codec for users' values) with Guava, which it uses.
   */
  private static String plainJiniClassPath(String all) {
    List<String> kept = Arrays.stream(all.split(File.pathSeparator))
        .filter(p -> {
          String n = Path.of(p).getFileName().toString();
          String unix = p.replace('\\', '/');
          return n.startsWith("jsk-")
              || n.startsWith("reggie")
              || n.startsWith("jama-")
              || n.startsWith("remote-ref")
              || n.startsWith("gridrmi-runtime")
              || n.startsWith("perf-model")
              || n.startsWith("fory-")
              || n.startsWith("guava-")
              || n.startsWith("failureaccess-")
              || n.startsWith("lookup-service")
              || unix.contains("/lookup-service/target/")
              || unix.contains("/jama-adapter/target/")
              || unix.contains("/remote-ref/api/target/")
              || unix.contains("/remote-ref/runtime/target/")
              || unix.contains("/perf-model/target/");
        })
        .toList();
    return String.join(File.pathSeparator, kept);
  }
}
