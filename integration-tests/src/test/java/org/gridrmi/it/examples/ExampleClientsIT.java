package org.gridrmi.it.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.cli.LookupCommand;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.examples.fig2.Fig2Client;
import org.gridrmi.examples.matmul.MatmulClient;
import org.gridrmi.examples.svd.SvdClient;
import org.gridrmi.testing.JvmProcess;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The example client programs as a user runs them (users-guide, "The examples"): a lookup service and two stock
 * servers (which export Fig2Ops, MatrixOps and MatmulWorker by default) in JVMs of their own, and each client's
 * {@code main} in a JVM of its own, judged by its exit code and its output.
 */
class ExampleClientsIT {
  private static final Duration RUN = Duration.ofSeconds(120);
  private static final List<ServerProcess> grid = new ArrayList<>();
  private static Path logs;
  private static ServerProcess lookup;
  private static ServerProcess s1;
  private static ServerProcess s2;

  @BeforeAll
  static void startGrid() throws IOException {
    logs = Files.createDirectories(Path.of("target", "it-logs", "examples"));
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    lookup = started(ServerProcess.start(
        "lookup",
        LookupCommand.class.getName(),
        List.of(),
        List.of("--port", String.valueOf(port), "--host", "127.0.0.1"),
        logs.resolve("lookup.log"),
        Duration.ofSeconds(60)));
    s1 = started(server("S1"));
    s2 = started(server("S2"));
  }

  private static ServerProcess server(String name) {
    return ServerProcess.start(
        name,
        ServerCommand.class.getName(),
        List.of(),
        List.of("--name", name, "--port", "0", "--lookup", lookup.address(), "--join-lease", "5s"),
        logs.resolve(name + ".log"),
        Duration.ofSeconds(60));
  }

  private static ServerProcess started(ServerProcess p) {
    grid.add(p);
    return p;
  }

  @AfterAll
  static void stopGrid() {
    grid.forEach(ServerProcess::kill);
  }

  @Test
  void fig2ThroughTheLookupServiceSendsTheValueThroughTheClientOnlyWhenPlain() throws Exception {
    Result r = run("fig2-lookup", Fig2Client.class, lookup.address(), "--size", "500000");

    assertThat(r.exit).as(r.output).isZero();
    assertThat(r.output)
        .contains("Fig. 2 on S1 and S2: method1 makes 500,000 bytes")
        .contains("same result: true");
    // plain: result1 (500,000 bytes) comes to the client and goes out again; improved: only
    // references and result2
    assertThat(bytesReceived(r.output, "plain")).isGreaterThan(500_000);
    assertThat(bytesReceived(r.output, "improved")).isLessThan(20_000);
  }

  @Test
  void fig2ByAddressUsesTheServersInTheOrderGiven() throws Exception {
    Result r = run("fig2-rmi", Fig2Client.class, s2.address(), s1.address(), "--size", "1000");

    assertThat(r.exit).as(r.output).isZero();
    assertThat(r.output).contains("Fig. 2 on S2 and S1").contains("same result: true");
  }

  @Test
  void svdSolvesTheSystemInEachPlacement() throws Exception {
    Result r = run("svd", SvdClient.class, lookup.address(), "--n", "60");

    assertThat(r.exit).as(r.output).isZero();
    assertThat(r.output).contains("A x = b, A 60x60");
    for (String variant : List.of("plain \\(Fig. 8\\)", "improved \\(Fig. 9\\)", "ideal")) {
      Matcher m = Pattern.compile(
              variant + ": +residual \\|\\|A x - b\\|\\| = (\\S+) in [0-9.]+ ms")
          .matcher(r.output);
      assertThat(m.find()).as(variant + " in " + r.output).isTrue();
      assertThat(Double.parseDouble(m.group(1))).as(variant).isLessThan(1e-9);
    }
    // plain: U, S, V and every product come to the client (U alone is 60 x 60 x 8 = 28,800 bytes);
    // improved: x, r
    assertThat(bytesReceived(r.output, "plain \\(Fig. 8\\)")).isGreaterThan(80_000);
    assertThat(bytesReceived(r.output, "improved \\(Fig. 9\\)")).isLessThan(20_000);
  }

  @Test
  void matmulChecksEveryProductAgainstTheLocalOne() throws Exception {
    Result r = run("matmul", MatmulClient.class, lookup.address(), "--n", "40", "--k", "2");

    assertThat(r.exit).as(r.output).isZero();
    assertThat(r.output)
        .contains("C = A B, A and B 40x40, on 2 workers [S1, S2]")
        .doesNotContain("WRONG");
    for (String variant :
        List.of("spa, plain:", "spa, improved:", "cannon-1d, plain:", "cannon-1d, improved:")) {
      assertThat(r.output)
          .containsPattern(Pattern.quote(variant) + " +[0-9.]+ ms; .*\\(correct\\)");
    }
  }

  @Test
  void aWrongArgumentIsOneLineAndExitCode2() throws Exception {
    Result none = run("fig2-no-args", Fig2Client.class);
    assertThat(none.exit).isEqualTo(2);
    assertThat(none.output.strip())
        .doesNotContain("\n")
        .startsWith(
            "Fig2Client: give one jini:// address or two rmi:// addresses; usage: Fig2Client");

    Result bad = run("svd-bad-n", SvdClient.class, lookup.address(), "--n", "x");
    assertThat(bad.exit).isEqualTo(2);
    assertThat(bad.output.strip()).doesNotContain("\n").startsWith("SvdClient: --n must be");
  }

  @Test
  void aFailureOnTheGridPrintsItsMessageAndExitCode1() throws Exception {
    Result r = run("matmul-too-few", MatmulClient.class, lookup.address(), "--k", "3");

    assertThat(r.exit).isEqualTo(1);
    assertThat(r.output.strip())
        .isEqualTo("MatmulClient: NOT_FOUND: matmul asked for 3 workers but only 2 server(s)"
            + " offer MatmulWorker: [S1, S2]");
  }

  private record Result(int exit, String output) {}

  private static Result run(String name, Class<?> main, String... args) throws Exception {
    JvmProcess p = JvmProcess.start(
        name, main.getName(), List.of(), List.of(args), logs.resolve(name + ".log"));
    int exit = p.exitCode(RUN);
    return new Result(exit, String.join("\n", p.output()));
  }

  private static long bytesReceived(String output, String variant) {
    Matcher m = Pattern.compile(
            variant + ": .*through the client: [0-9,]+ bytes sent, ([0-9,]+) received")
        .matcher(output);
    assertThat(m.find()).as(variant + " in " + output).isTrue();
    return Long.parseLong(m.group(1).replace(",", ""));
  }
}
