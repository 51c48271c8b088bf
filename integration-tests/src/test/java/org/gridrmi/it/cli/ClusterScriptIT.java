package org.gridrmi.it.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** deploy/gridrmi-cluster with real processes on this host: up, status, down, and a malformed hosts file. */
class ClusterScriptIT {
  static final Path SCRIPT =
      Path.of("..", "deploy", "gridrmi-cluster").toAbsolutePath().normalize();
  Path dir;
  Path hosts;
  Map<String, String> env;

  @BeforeEach
  void setUp() throws Exception {
    dir = Files.createDirectories(Path.of("target", "it-cluster").toAbsolutePath());
    hosts = dir.resolve("hosts");
    env = Map.of(
        "GRIDRMI_CMD",
        Procs.cliCommand(),
        "GRIDRMI_RUN_DIR",
        dir.resolve("run").toString(),
        "GRIDRMI_READY_TIMEOUT",
        "40",
        "GRIDRMI_JOIN_LEASE",
        "2s");
  }

  @AfterEach
  void down() throws Exception {
    if (Files.exists(hosts)) {
      Procs.run(
          List.of("bash", SCRIPT.toString(), "down", hosts.toString()),
          env,
          dir.resolve("down-after.log"),
          30);
    }
  }

  Procs.Result script(String action, String... extra) throws Exception {
    List<String> cmd =
        new ArrayList<>(List.of("bash", SCRIPT.toString(), action, hosts.toString()));
    cmd.addAll(List.of(extra));
    return Procs.run(cmd, env, dir.resolve(action + ".log"), 90);
  }

  @Test
  void upStartsTheLookupAndTwoServersStatusListsBothDownLeavesNoProcess() throws Exception {
    int lookupPort = Procs.freePort();
    int p1 = Procs.freePort();
    int p2 = Procs.freePort();
    Files.writeString(
        hosts,
        "# two servers on this host\nlookup 127.0.0.1 " + lookupPort + "\n\n" + "127.0.0.1 C1 " + p1
            + "   # first\nlocalhost C2 " + p2 + "\n");

    long t0 = System.nanoTime();
    Procs.Result up = script("up");
    System.out.printf(
        "cluster: up (lookup + 2 servers, ready lines seen) in %d ms%n",
        (System.nanoTime() - t0) / 1_000_000);
    assertThat(up.exit()).as(up.output()).isZero();
    assertThat(up.output())
        .contains("lookup service ready at jini://127.0.0.1:" + lookupPort)
        .contains("GridRMI server C1 ready at rmi://127.0.0.1:" + p1)
        .contains("GridRMI server C2 ready at rmi://localhost:" + p2);
    List<Long> pids = new ArrayList<>();
    for (String name : List.of("lookup", "C1", "C2")) {
      String[] f =
          Files.readString(dir.resolve("run").resolve(name + ".pid")).trim().split(" ");
      assertThat(f[0]).isEqualTo("local");
      pids.add(Long.parseLong(f[1]));
      assertThat(dir.resolve("run").resolve(name + ".log")).exists();
    }
    assertThat(pids)
        .allMatch(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));

    // both join right after their ready line; bound the wait for the lookup to show them
    Procs.Result[] status = new Procs.Result[1];
    await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofSeconds(1)).until(() -> {
      status[0] = script("status", "--csv");
      return status[0].output().contains("C1,") && status[0].output().contains("C2,");
    });
    System.out.println("cluster: status --csv:\n" + status[0].output().strip());
    assertThat(status[0].exit()).isZero();
    assertThat(status[0].output())
        .contains("name,address,services,host,cores,freeMemory,load,version")
        .containsPattern(
            "C1,rmi://127\\.0\\.0\\.1:" + p1 + ",[^\\n]*org\\.gridrmi\\.examples\\.fig2\\.Fig2Ops")
        .containsPattern("C2,rmi://localhost:" + p2 + ",[^\\n]*org\\.gridrmi\\.jama\\.MatrixOps");

    Procs.Result down = script("down");
    assertThat(down.exit()).as(down.output()).isZero();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> pids.stream()
            .map(ProcessHandle::of)
            .allMatch(h -> h.map(p -> !p.isAlive()).orElse(true)));
    assertThat(dir.resolve("run").resolve("C1.pid")).doesNotExist();
    Optional<ProcessHandle> leftover = ProcessHandle.allProcesses()
        .filter(h ->
            h.info().commandLine().orElse("").contains("--lookup jini://127.0.0.1:" + lookupPort)
                || h.info().commandLine().orElse("").contains("--port " + lookupPort))
        .findAny();
    assertThat(leftover).as("a process of the cluster still runs").isEmpty();

    Procs.Result after = script("status");
    assertThat(after.exit()).isEqualTo(2);
    assertThat(after.output()).contains("jini://127.0.0.1:" + lookupPort);
  }

  @Test
  void aMalformedHostsLineIsAnErrorNamingItsNumberAndText() throws Exception {
    Files.writeString(hosts, "lookup 127.0.0.1 4160\n127.0.0.1 S1 notaport\n");
    Procs.Result r = script("up");
    assertThat(r.exit()).isNotZero();
    assertThat(r.output())
        .contains("line 2")
        .contains("127.0.0.1 S1 notaport")
        .contains("bad port");
    assertThat(dir.resolve("run").resolve("lookup.pid")).doesNotExist();

    Files.writeString(hosts, "127.0.0.1 S1\n# fine\n127.0.0.1 S1 0\n");
    r = script("up");
    assertThat(r.exit()).isNotZero();
    assertThat(r.output()).contains("line 3").contains("used twice");

    Files.writeString(hosts, "127.0.0.1 S1\nlookup 127.0.0.1\n");
    r = script("up");
    assertThat(r.output()).contains("line 2").contains("must come before");
  }

  @Test
  void aRemoteHostIsStartedAndStoppedOverSsh() throws Exception {
    // a stand-in for ssh that runs the remote command on this host, in a separate "remote" checkout
    // dir
    Path fakeSsh = dir.resolve("fake-ssh");
    Files.writeString(
        fakeSsh,
        "#!/bin/bash\nwhile [[ \"$1\" == -* ]]; do shift 2; done\necho \"$1\" >> "
            + dir.resolve("ssh-hosts") + "\nshift; exec bash -c \"$*\"\n");
    Path remote = Files.createDirectories(dir.resolve("remote"));
    Files.deleteIfExists(dir.resolve("ssh-hosts"));
    env = new java.util.HashMap<>(env);
    env.put("GRIDRMI_SSH", "bash " + fakeSsh);
    env.put("GRIDRMI_REMOTE_DIR", remote.toString());
    env.put("GRIDRMI_REMOTE_CMD", Procs.cliCommand());
    env.put("GRIDRMI_RUN_DIR", "run");
    int lookupPort = Procs.freePort();
    Files.writeString(hosts, "lookup 127.0.0.1 " + lookupPort + "\n127.0.0.2 R1 0 via=ssh\n");
    Procs.Result up = script("up");
    assertThat(up.exit()).as(up.output()).isZero();
    assertThat(up.output()).contains("GridRMI server R1 ready at rmi://127.0.0.2:");
    String[] pid = Files.readString(dir.resolve("run").resolve("R1.pid")).trim().split(" ");
    assertThat(pid[0] + " " + pid[1]).isEqualTo("ssh 127.0.0.2");
    assertThat(remote.resolve("run").resolve("R1.log")).exists();
    assertThat(ProcessHandle.of(Long.parseLong(pid[2])).map(ProcessHandle::isAlive))
        .contains(true);
    Procs.Result down = script("down");
    assertThat(down.exit()).as(down.output()).isZero();
    assertThat(down.output()).contains("stopped R1 on 127.0.0.2");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() ->
            ProcessHandle.of(Long.parseLong(pid[2])).map(h -> !h.isAlive()).orElse(true));
    assertThat(Files.readAllLines(dir.resolve("ssh-hosts"))).containsOnly("127.0.0.2");
  }
}
