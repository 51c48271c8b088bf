package org.gridrmi.lookup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.ServerSocket;
import java.net.URI;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gridrmi.lookup.it.Echo;
import org.gridrmi.lookup.it.Ports;
import org.gridrmi.lookup.it.StubBytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Reggie, a registration and a directory in one JVM: the fast checks of the API contracts. */
class InProcessLookupTest {
  private final List<AutoCloseable> open = new CopyOnWriteArrayList<>();

  @AfterEach
  void closeAll() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
  }

  private <T extends AutoCloseable> T track(T t) {
    open.add(t);
    return t;
  }

  static final class EchoImpl implements Echo {
    @Override
    public String echo(String text) {
      return "in:" + text;
    }
  }

  @Test
  void closeFreesThePortAndANewServerCanStartOnIt() throws Exception {
    int port = Ports.free();
    LookupServer first = LookupServer.start("127.0.0.1", port);
    assertThat(first.url()).isEqualTo("jini://127.0.0.1:" + port);
    assertThat(first.port()).isEqualTo(port);
    first.close();
    first.close(); // idempotent
    try (ServerSocket s = new ServerSocket(port)) {
      assertThat(s.getLocalPort()).isEqualTo(port);
    }
    LookupServer second = track(LookupServer.start("127.0.0.1", port, "g-" + port));
    assertThat(second.groups()).containsExactly("g-" + port);
  }

  @Test
  void registrationIsSeenChangedAndCancelledAtOnceOnClose() throws Exception {
    LookupServer server = track(LookupServer.start("127.0.0.1", 0));
    EchoImpl impl = new EchoImpl();
    Echo stub = StubBytes.of(UnicastRemoteObject.exportObject(impl, 0));
    open.add(() -> UnicastRemoteObject.unexportObject(impl, true));
    LookupDirectory directory =
        track(LookupDirectory.unicast(URI.create(server.url()), Duration.ofSeconds(5)));
    List<String> events = new CopyOnWriteArrayList<>();
    directory.addListener(
        (change, s) -> events.add(change + " " + s.name() + " " + s.attribute("tick")));

    Map<String, String> tick = new java.util.concurrent.ConcurrentHashMap<>(Map.of("tick", "1"));
    ServerRecord in = new ServerRecord("IN", "127.0.0.1", 1, List.of(Echo.class.getName()));
    LookupRegistration registration = LookupRegistration.join(
        URI.create(server.url()),
        stub,
        in,
        Duration.ofSeconds(10),
        Duration.ofMillis(100),
        () -> Map.copyOf(tick));
    assertThat(registration.awaitRegistered(Duration.ofSeconds(5))).isTrue();
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> directory.servers(Echo.class.getName()).size() == 1);
    assertThat(((Echo) directory.servers().get(0).proxy()).echo("a")).isEqualTo("in:a");

    tick.put(
        "tick", "2"); // a dynamic attribute changes: the refresher publishes it, listeners see it
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> "2".equals(directory.servers().get(0).attribute("tick")));
    assertThat(events).contains("APPEARED IN 1", "CHANGED IN 2");

    long closed = System.nanoTime();
    registration.close(); // cancels the lease: gone long before the 10 s lease would lapse
    await()
        .atMost(Duration.ofSeconds(2))
        .pollInterval(Duration.ofMillis(5))
        .until(() -> directory.servers().isEmpty());
    System.out.println(
        "TIMING close() to gone: " + (System.nanoTime() - closed) / 1_000_000 + " ms");
    assertThat(registration.isRegistered()).isFalse();
    await().atMost(Duration.ofSeconds(2)).until(() -> events.contains("DISAPPEARED IN 2"));
  }

  @Test
  void awaitRegisteredReturnsOnceTheLookupServiceListsTheRegistrationAndItsLogLineIsWrittenThen()
      throws Exception {
    java.util.logging.Logger joinerLog =
        java.util.logging.Logger.getLogger("org.gridrmi.lookup.internal.ServiceJoiner");
    List<String> logged = new CopyOnWriteArrayList<>();
    java.util.logging.Handler handler = new java.util.logging.Handler() {
      @Override
      public void publish(java.util.logging.LogRecord r) {
        logged.add(java.text.MessageFormat.format(r.getMessage(), r.getParameters()));
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    joinerLog.addHandler(handler);
    open.add(() -> joinerLog.removeHandler(handler));
    LookupServer server = track(LookupServer.start("127.0.0.1", 0));
    EchoImpl impl = new EchoImpl();
    Echo stub = StubBytes.of(UnicastRemoteObject.exportObject(impl, 0));
    open.add(() -> UnicastRemoteObject.unexportObject(impl, true));
    ServerRecord in = new ServerRecord("IN", "127.0.0.1", 1, List.of(Echo.class.getName()));
    LookupRegistration registration = track(LookupRegistration.join(
        URI.create(server.url()),
        stub,
        in,
        Duration.ofSeconds(10),
        Duration.ofSeconds(5),
        Map::of));

    assertThat(registration.awaitRegistered(Duration.ofSeconds(10))).isTrue();
    // the line that says so comes now, not at the next refresh (5 s later)
    assertThat(logged).contains("IN registered with the lookup service " + server.url());
    // a directory opened now holds what the lookup service lists now: no waiting
    try (LookupDirectory directory =
        LookupDirectory.unicast(URI.create(server.url()), Duration.ofSeconds(5))) {
      assertThat(directory.servers()).extracting(ServerRecord::name).containsExactly("IN");
    }
  }

  @Test
  void multicastDiscoveryFindsALookupServiceOfAUniqueGroup() throws Exception {
    String group = "gridrmi-test-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
    LookupServer server = track(LookupServer.start("127.0.0.1", 0, group));
    EchoImpl impl = new EchoImpl();
    Echo stub = StubBytes.of(UnicastRemoteObject.exportObject(impl, 0));
    open.add(() -> UnicastRemoteObject.unexportObject(impl, true));
    track(LookupRegistration.join(
            URI.create(server.url()),
            stub,
            new ServerRecord("MC", "127.0.0.1", 2, List.of(Echo.class.getName())),
            Duration.ofSeconds(10)))
        .awaitRegistered(Duration.ofSeconds(5));
    long started = System.nanoTime();
    LookupDirectory directory = track(LookupDirectory.multicast(Duration.ofSeconds(10), group));
    System.out.println(
        "TIMING multicast discovery: " + (System.nanoTime() - started) / 1_000_000 + " ms");
    assertThat(directory.servers()).extracting(ServerRecord::name).containsExactly("MC");
  }
}
