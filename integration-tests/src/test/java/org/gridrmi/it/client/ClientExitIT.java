package org.gridrmi.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gridrmi.cli.LookupCommand;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.client.Fig2Service;
import org.gridrmi.client.Fig2ServiceImpl;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A client program whose main returns ends its JVM by itself, for rmi:// and jini:// connections, with and without
 * a put (a put exports a node of the client's own, whose RMI export kept the JVM alive).
 */
class ClientExitIT {
  static final List<ServerProcess> processes = new ArrayList<>();
  static String rmi;
  static String jini;
  static Path logs;

  @BeforeAll
  static void start() throws IOException {
    logs = Files.createDirectories(Path.of("target", "it-logs"));
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ServerProcess reggie = ServerProcess.start(
        "exit-lookup",
        LookupCommand.class.getName(),
        List.of(),
        List.of("--port", String.valueOf(port)),
        logs.resolve("exit-lookup.log"),
        Duration.ofSeconds(60));
    processes.add(reggie);
    jini = reggie.address();
    ServerProcess server = ServerProcess.start(
        "exit-S1",
        ServerCommand.class.getName(),
        List.of(),
        List.of(
            "--name",
            "X1",
            "--lookup",
            jini,
            "--join-lease",
            "2s",
            "--service",
            Fig2Service.class.getName() + "=" + Fig2ServiceImpl.class.getName()),
        logs.resolve("exit-S1.log"),
        Duration.ofSeconds(60));
    processes.add(server);
    rmi = server.address();
  }

  @AfterAll
  static void stop() {
    processes.forEach(ServerProcess::kill);
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"rmi, put", "rmi, no-put", "jini, put", "jini, no-put"})
  void mainThatReturnsEndsTheJvm(String scheme, String put) throws Exception {
    Path log = logs.resolve("exit-client-" + scheme + "-" + put + ".log");
    Process p = new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx128m",
            "-cp",
            System.getProperty("java.class.path"),
            ExitingClient.class.getName(),
            scheme.equals("rmi") ? rmi : jini,
            put)
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
    boolean ended = p.waitFor(45, TimeUnit.SECONDS);
    long endedAt = System.nanoTime();
    if (!ended) p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    List<String> out = Files.readAllLines(log);
    assertThat(out).as("client output").contains("length=3");
    assertThat(ended)
        .as("the client JVM ended by itself after main returned; output: " + out)
        .isTrue();
    assertThat(p.exitValue()).isZero();
    long returnedAt = out.stream()
        .filter(l -> l.startsWith("main returned at "))
        .mapToLong(l -> Long.parseLong(l.substring("main returned at ".length())))
        .findFirst()
        .orElseThrow();
    // nanoTime is per JVM but on one Linux host both read the same monotonic clock
    assertThat(Duration.ofNanos(endedAt - returnedAt))
        .as("from main's return to the JVM's end")
        .isLessThan(Duration.ofSeconds(5));
  }
}
