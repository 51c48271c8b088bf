package org.gridrmi.lookup.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gridrmi.lookup.LookupAttributes;
import org.gridrmi.lookup.LookupDirectory;
import org.gridrmi.lookup.ServerListener.Change;
import org.gridrmi.lookup.ServerRecord;
import org.gridrmi.testing.JvmProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Real processes: Reggie in its own JVM, two registrants in two more, this test as the client.
 * No JVM has any flag beyond a heap limit. Timings are printed as "TIMING ..." lines.
 */
class LookupProcessesIT {
  private static final String ECHO = Echo.class.getName();
  private static final Duration LEASE = Duration.ofSeconds(2);

  private final List<JvmProcess> processes = new ArrayList<>();
  private LookupDirectory directory;

  @AfterEach
  void killEverything() throws InterruptedException {
    if (directory != null) {
      directory.close();
    }
    for (JvmProcess p : processes) {
      p.kill();
    }
  }

  private JvmProcess spawn(String name, Class<?> main, String... args) throws Exception {
    JvmProcess p = JvmProcess.start(
        name,
        main.getName(),
        java.util.List.of(),
        java.util.List.of(args),
        java.nio.file.Path.of("target", "it-logs", name + ".log"));
    processes.add(p);
    return p;
  }

  private JvmProcess startReggie(int port) throws Exception {
    JvmProcess reggie = spawn("reggie", LookupProcess.class, "" + port, "127.0.0.1");
    String line = reggie
        .awaitLine("lookup service ready at jini://127\\.0\\.0\\.1:" + port, Duration.ofSeconds(20))
        .group();
    long wall = (System.nanoTime() - reggie.startedNanos()) / 1_000_000;
    System.out.println("TIMING reggie: '" + line + "'; process start to ready " + wall + " ms");
    return reggie;
  }

  private JvmProcess startRegistrant(String name, String url) throws Exception {
    return spawn(name, Registrant.class, name, url, "" + LEASE.toMillis());
  }

  private static List<String> names(List<ServerRecord> servers) {
    return servers.stream().map(ServerRecord::name).toList();
  }

  @Test
  void clientFindsBothServersSeesAKilledOneGoAndTheSurvivorComesBackAfterReggieRestarts()
      throws Exception {
    int port = Ports.free();
    String url = "jini://127.0.0.1:" + port;
    JvmProcess reggie = startReggie(port);
    directory = LookupDirectory.unicast(URI.create(url), Duration.ofSeconds(10));
    List<String> events = new CopyOnWriteArrayList<>();
    directory.addListener((change, server) -> events.add(change + " " + server.name()));

    JvmProcess s1 = startRegistrant("S1", url);
    JvmProcess s2 = startRegistrant("S2", url);
    await()
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(10))
        .until(() -> names(directory.servers(ECHO)).contains("S1"));
    long s1Visible = (System.nanoTime() - s1.startedNanos()) / 1_000_000;
    await()
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(10))
        .until(() -> names(directory.servers(ECHO)).containsAll(List.of("S1", "S2")));
    long s2Visible = (System.nanoTime() - s2.startedNanos()) / 1_000_000;
    System.out.println("TIMING registrant process start to visible in the directory: S1 "
        + s1Visible + " ms, S2 " + s2Visible + " ms");
    System.out.println("TIMING "
        + s1.awaitLine("registered S1 in \\d+ ms", Duration.ofSeconds(5)).group());

    // Each server registers once per type; the second registration may trail the first a little.
    await()
        .atMost(Duration.ofSeconds(5))
        .pollInterval(Duration.ofMillis(10))
        .until(() ->
            names(directory.servers(Pinger.class.getName())).containsAll(List.of("S1", "S2")));
    List<ServerRecord> echoes = directory.servers(ECHO);
    assertThat(echoes).hasSize(2);
    for (ServerRecord server : echoes) {
      assertThat(server.services()).containsExactly(ECHO, Pinger.class.getName());
      assertThat(server.address()).startsWith("rmi://127.0.0.1:");
      assertThat(server.attributes())
          .containsEntry("zone", "test")
          .containsKey("pid")
          .containsEntry(LookupAttributes.HOST, "127.0.0.1")
          .containsEntry(LookupAttributes.CORES, "" + Runtime.getRuntime().availableProcessors())
          .containsKeys(
              LookupAttributes.FREE_MEMORY, LookupAttributes.VERSION, LookupAttributes.ADDRESS);
      // The proxy works: this JVM (no flags) calls the server through what the lookup gave it.
      assertThat(((Echo) server.proxy()).echo("hi")).isEqualTo(server.name() + ":hi");
    }
    assertThat(directory.servers("no.such.Type")).isEmpty();

    long killed = System.nanoTime();
    s1.kill();
    await()
        .atMost(Duration.ofSeconds(5))
        .pollInterval(Duration.ofMillis(10))
        .until(() -> names(directory.servers()).equals(List.of("S2")));
    System.out.println("TIMING kill -9 to gone (lease " + LEASE.toMillis() + " ms): "
        + (System.nanoTime() - killed) / 1_000_000 + " ms");
    await().atMost(Duration.ofSeconds(2)).until(() -> events.contains("DISAPPEARED S1"));
    assertThat(events).contains("APPEARED S1", "APPEARED S2");

    long reggieKilled = System.nanoTime();
    reggie.kill();
    startReggie(port);
    // A fresh client of the new Reggie sees S2 come back by itself (S2 was never told anything).
    await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(() -> {
      try (LookupDirectory fresh =
          LookupDirectory.unicast(URI.create(url), Duration.ofSeconds(2))) {
        return names(fresh.servers(ECHO)).equals(List.of("S2"));
      }
    });
    System.out.println("TIMING Reggie kill -9 + restart to S2 registered again: "
        + (System.nanoTime() - reggieKilled) / 1_000_000 + " ms");
    // And the long-lived directory follows the new Reggie too.
    await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(50))
        .until(() -> names(directory.servers(ECHO)).equals(List.of("S2")));
    System.out.println("TIMING Reggie kill -9 + restart to the old directory seeing S2 again: "
        + (System.nanoTime() - reggieKilled) / 1_000_000 + " ms");
    assertThat(((Echo) directory.servers(ECHO).get(0).proxy()).echo("again")).isEqualTo("S2:again");
    assertThat(s2.toString()).contains("S2");
    assertThat(
            events.stream().filter(e -> e.startsWith(Change.DISAPPEARED.name())).toList())
        .isNotEmpty();
  }
}
