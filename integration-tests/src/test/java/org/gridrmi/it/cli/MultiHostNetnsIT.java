package org.gridrmi.it.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.gridrmi.cli.LookupCommand;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.fig2.Fig2OpsImpl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Three "hosts" as Linux network namespaces this test creates: gridrmi-t-c (lookup service and
 * client), gridrmi-t-s1 and gridrmi-t-s2 (one server each), joined by veth pairs to a bridge inside
 * gridrmi-t-c, addresses 10.231.7.0/24. The 1 MB intermediate of S2.method2(S1.method1(..)) must go
 * from S1 to S2 without passing the client. Skips (with the reason) where namespaces cannot be made.
 */
class MultiHostNetnsIT {
  static final String C = "gridrmi-t-c";
  static final String S1 = "gridrmi-t-s1";
  static final String S2 = "gridrmi-t-s2";
  static final String NET = "10.231.7.";
  final List<Process> processes = new ArrayList<>();
  final Path logs = Path.of("target", "it-netns").toAbsolutePath();

  @AfterEach
  void cleanUp() throws Exception {
    for (Process p : processes) {
      p.destroyForcibly();
      p.waitFor(5, TimeUnit.SECONDS);
    }
    deleteNamespaces();
  }

  void deleteNamespaces() throws Exception {
    for (String ns : List.of(S1, S2, C)) {
      ip(false, "netns", "del", ns);
    }
  }

  /** Runs {@code ip ARGS}; with {@code check} fails on a non-zero exit. Returns the output. */
  String ip(boolean check, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("ip"));
    cmd.addAll(List.of(args));
    Procs.Result r = Procs.run(cmd, Map.of(), Files.createTempFile("ip", ".log"), 20);
    if (check && r.exit() != 0) {
      throw new AssertionError(String.join(" ", cmd) + " failed: " + r.output());
    }
    return r.exit() == 0 ? r.output() : null;
  }

  @Test
  void compositionAcrossTwoNamespacesSendsTheIntermediateServerToServer() throws Exception {
    Files.createDirectories(logs);
    deleteNamespaces(); // a previous run killed before its clean-up
    if (ip(false, "netns", "add", C) == null) {
      String reason =
          "MultiHostNetnsIT skipped: 'ip netns add " + C + "' failed (needs root or CAP_SYS_ADMIN)";
      System.out.println(reason);
      Assumptions.abort(reason);
    }
    long t0 = System.nanoTime();
    ip(true, "netns", "add", S1);
    ip(true, "netns", "add", S2);
    ip(true, "-n", C, "link", "add", "gridrmi-br", "type", "bridge");
    ip(true, "-n", C, "addr", "add", NET + "1/24", "dev", "gridrmi-br");
    ip(true, "-n", C, "link", "set", "gridrmi-br", "up");
    String[][] servers = {{S1, NET + "2"}, {S2, NET + "3"}};
    for (String[] s : servers) {
      String port = "br-" + s[0].substring(s[0].length() - 2);
      ip(true, "-n", C, "link", "add", port, "type", "veth", "peer", "name", "eth0", "netns", s[0]);
      ip(true, "-n", C, "link", "set", port, "master", "gridrmi-br", "up");
      ip(true, "-n", s[0], "addr", "add", s[1] + "/24", "dev", "eth0");
      ip(true, "-n", s[0], "link", "set", "eth0", "up");
    }
    for (String ns : List.of(C, S1, S2)) {
      ip(true, "-n", ns, "link", "set", "lo", "up");
    }
    System.out.printf(
        "netns: three namespaces and a bridge set up in %d ms%n",
        (System.nanoTime() - t0) / 1_000_000);

    String lookup = "jini://" + NET + "1:4160";
    start(
        C,
        "lookup",
        LookupCommand.class.getName(),
        List.of("--port", "4160", "--host", NET + "1"),
        "lookup service ready at " + lookup);
    for (int i = 0; i < 2; i++) {
      String name = "S" + (i + 1);
      start(
          servers[i][0],
          name,
          ServerCommand.class.getName(),
          List.of(
              "--name",
              name,
              "--host",
              servers[i][1],
              "--port",
              "5000",
              "--lookup",
              lookup,
              "--join-lease",
              "5s",
              "--service",
              Fig2Ops.class.getName() + "=" + Fig2OpsImpl.class.getName()),
          "GridRMI server " + name + " ready at rmi://" + servers[i][1] + ":5000");
    }
    System.out.printf(
        "netns: lookup and two servers ready %d ms after the start%n",
        (System.nanoTime() - t0) / 1_000_000);

    Procs.Result client = Procs.run(
        command(C, NetnsClientMain.class.getName(), List.of(lookup, "1000000")),
        Map.of(),
        logs.resolve("client.log"),
        60);
    System.out.println("netns: client output:\n" + client.output().strip());
    assertThat(client.exit()).as(client.output()).isZero();
    Map<String, String> out = new HashMap<>();
    client
        .output()
        .lines()
        .filter(l -> l.matches("[A-Za-z0-9]+=.*"))
        .forEach(l -> out.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)));
    assertThat(out.get("s1")).isEqualTo("rmi://" + NET + "2:5000");
    assertThat(out.get("s2")).isEqualTo("rmi://" + NET + "3:5000");
    assertThat(out.get("resultBytes")).isEqualTo("64");
    // the client's own protocol (receipts, lease renewals, which carry a digest of what it holds
    // since VERSION 4) is a few kilobytes; the intermediate value it must not receive is a megabyte
    assertThat(Long.parseLong(out.get("clientRxDuringComposition"))).isLessThan(10_000);
    assertThat(Long.parseLong(out.get("s2RxFromS1"))).isGreaterThanOrEqualTo(1_000_000);
    System.out.printf("netns: done in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
  }

  List<String> command(String ns, String main, List<String> args) {
    List<String> cmd = new ArrayList<>(List.of(
        "ip",
        "netns",
        "exec",
        ns,
        Procs.javaBin(),
        "-Xmx256m",
        "-cp",
        System.getProperty("java.class.path"),
        main));
    cmd.addAll(args);
    return cmd;
  }

  /** Starts {@code main} inside {@code ns} and waits (bounded) for {@code readyLine} in its log. */
  void start(String ns, String name, String main, List<String> args, String readyLine)
      throws Exception {
    Path log = logs.resolve(name + ".log");
    Process p = new ProcessBuilder(command(ns, main, args))
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
    processes.add(p);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!Procs.read(log).contains(readyLine)) {
      if (!p.isAlive() || System.nanoTime() > deadline) {
        throw new AssertionError(
            name + " in " + ns + (p.isAlive() ? " not ready within 30 s" : " exited") + "; log "
                + log + ":\n" + Procs.read(log));
      }
      Thread.sleep(100);
    }
  }
}
