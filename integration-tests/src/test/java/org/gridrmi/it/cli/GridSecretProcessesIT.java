package org.gridrmi.it.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gridrmi.cli.LookupCommand;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.client.Fig2ServiceAsync;
import org.gridrmi.client.Fig2ServiceImpl;
import org.gridrmi.client.Grid;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.net.GridSecret;
import org.gridrmi.runtime.net.KeyFiles;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Trusted by default, across real processes: a server started as the README starts it and a client with the same
 * default secret work together with no set-up; a peer without the secret, with another grid's or run
 * {@code --insecure} is refused before the server reads anything of it (one log line per address a minute), and is
 * told why; TLS on one side only is named on both sides and by {@code gridrmi status}.
 */
class GridSecretProcessesIT {
  /** Every process this class started, killed at the end. */
  static final List<ServerProcess> processes = new ArrayList<>();
  /** A secret of another grid, for a client that does not belong. */
  static Path otherSecret;
  /** Logs, key stores and the other grid's secret. */
  static Path dir;

  static Path keys;
  /** A server started as the README starts one. */
  static ServerProcess server;

  @BeforeAll
  static void start() throws IOException {
    dir = Files.createDirectories(Path.of("target", "it-secret").toAbsolutePath());
    keys = dir.resolve("keys");
    otherSecret = dir.resolve("other-grid/secret");
    Files.deleteIfExists(otherSecret);
    GridSecret.create(otherSecret);
    char[] password = KeyFiles.newPassword();
    KeyFiles.make(keys, List.of("lookup", "client"), password, true);
    KeyFiles.writePassword(keys, password);
    // as the README starts one: no secret option, so the user's default secret file
    server = process(
        "S1",
        ServerCommand.class.getName(),
        List.of(
            "--name",
            "S1",
            "--port",
            "0",
            "--service",
            org.gridrmi.client.Fig2Service.class.getName() + "="
                + Fig2ServiceImpl.class.getName()));
  }

  static ServerProcess process(String name, String main, List<String> args) throws IOException {
    Path log = dir.resolve(name + ".log");
    Files.deleteIfExists(log);
    ServerProcess p =
        ServerProcess.start(name, main, List.of("-Xmx256m"), args, log, Duration.ofSeconds(45));
    processes.add(p);
    return p;
  }

  @AfterAll
  static void stop() {
    processes.forEach(ServerProcess::kill);
  }

  static long refusalLines(String name) throws IOException {
    return Files.readAllLines(dir.resolve(name + ".log"), StandardCharsets.UTF_8).stream()
        .filter(l -> l.contains("GridRMI refused a connection from 127.0.0.1:"))
        .count();
  }

  /** A call that needs the server: a chain on it and the value back. */
  static String callThrough(Grid grid) {
    Fig2ServiceAsync s = grid.async(Fig2ServiceAsync.class, grid.server("S1"));
    return s.concat(grid.put("secret-"), s.echo(grid.put("ok"))).get(Duration.ofSeconds(20));
  }

  @Test
  void aClientWithTheSameDefaultSecretWorksWithNoSetUp() {
    try (Grid grid = Grid.connect(server.address())) {
      assertThat(callThrough(grid)).isEqualTo("secret-ok");
    }
  }

  @Test
  void aRawSocketWithoutTheSecretIsClosedAndTheServerStillServes() throws Exception {
    String hostPort = server.address().substring("rmi://".length());
    int port = Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
    for (byte[] stranger : List.of(
        new byte[] {'J', 'R', 'M', 'I', 0, 2, 0x4b}, // plain Java RMI
        new byte[] {'G', 'R', 'D', 'P', 0, 0, 0, 3}, // a data connection
        "GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII))) {
      try (Socket raw = new Socket("127.0.0.1", port)) {
        raw.setSoTimeout(15_000);
        raw.getOutputStream().write(stranger);
        raw.getOutputStream().flush();
        InputStream in = raw.getInputStream();
        assertThat(in.read()).as("closed without a byte of RMI").isEqualTo(-1);
      }
    }
    await().atMost(Duration.ofSeconds(5)).until(() -> refusalLines("S1") >= 1);
    assertThat(refusalLines("S1")).as("at most one line per address a minute").isEqualTo(1);
    try (Grid grid = Grid.connect(server.address())) {
      assertThat(callThrough(grid)).isEqualTo("secret-ok");
    }
  }

  @Test
  void aClientWithAnotherGridsSecretGetsPermissionDeniedNamingTheServerAndTheFix() {
    assertThatThrownBy(() -> {
          try (Grid grid =
              Grid.builder().servers(server.address()).secret(otherSecret).build()) {
            callThrough(grid);
          }
        })
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED))
        .hasMessageContaining(server.address().substring("rmi://".length()))
        .hasMessageContaining(
            "uses another grid secret: use --secret FILE / GRIDRMI_SECRET_FILE with the server's secret");
  }

  @Test
  void anInsecureClientIsToldTheServerNeedsTheSecret() {
    assertThatThrownBy(() -> {
          try (Grid grid = Grid.builder().servers(server.address()).insecure().build()) {
            callThrough(grid);
          }
        })
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED))
        .hasMessageContaining("drop --insecure");
  }

  @Test
  void statusNamesTlsOnOneSideOnlyAndAnotherGridsSecret() throws Exception {
    ServerProcess plainLookup = process(
        "plain-lookup",
        LookupCommand.class.getName(),
        List.of("--port", String.valueOf(Procs.freePort()), "--host", "127.0.0.1"));
    ServerProcess tlsLookup = process(
        "tls-lookup",
        LookupCommand.class.getName(),
        with(
            List.of("--port", String.valueOf(Procs.freePort()), "--host", "127.0.0.1"),
            tlsOptions("lookup")));
    List<String> tls = tlsOptions("client");

    Procs.Result ok = status("plain-ok", plainLookup.address(), List.of());
    assertThat(ok.exit()).as(ok.output()).isZero();
    assertThat(ok.output()).contains("server(s) registered with " + plainLookup.address());

    Procs.Result tlsAtPlain = status("tls-at-plain", plainLookup.address(), tls);
    assertThat(tlsAtPlain.exit()).as(tlsAtPlain.output()).isEqualTo(2);
    assertThat(tlsAtPlain.output())
        .contains("runs without TLS, and this program uses TLS (--tls)")
        .doesNotContain("server(s) registered");

    Procs.Result plainAtTls = status("plain-at-tls", tlsLookup.address(), List.of());
    assertThat(plainAtTls.exit()).as(plainAtTls.output()).isEqualTo(2);
    assertThat(plainAtTls.output()).contains("uses TLS, and this program has no TLS settings");

    Procs.Result otherGrid =
        status("other-secret", plainLookup.address(), List.of("--secret", otherSecret.toString()));
    assertThat(otherGrid.exit()).as(otherGrid.output()).isEqualTo(2);
    assertThat(otherGrid.output()).contains("uses another grid secret: use --secret FILE");
  }

  /** The TLS options of a process whose key store is {@code key}'s. */
  private static List<String> tlsOptions(String key) {
    return List.of(
        "--tls",
        "--keystore",
        KeyFiles.keystore(keys, key).toString(),
        "--truststore",
        keys.resolve(KeyFiles.TRUSTSTORE).toString(),
        "--password-file",
        keys.resolve(KeyFiles.PASSWORD_FILE).toString());
  }

  private static List<String> with(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static Procs.Result status(String label, String lookup, List<String> options)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(Procs.cliCommand().split(" ")));
    cmd.addAll(List.of("status", "--lookup", lookup, "--timeout", "5s"));
    cmd.addAll(options);
    Procs.Result r = Procs.run(cmd, Map.of(), dir.resolve("status-" + label + ".log"), 60);
    System.out.println(
        "status " + label + ": exit " + r.exit() + ": " + r.output().strip());
    return r;
  }
}
