package org.gridrmi.lookup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.Serializable;
import java.net.URI;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gridrmi.lookup.it.Echo;
import org.gridrmi.runtime.net.NetContexts;
import org.gridrmi.testing.CountingPort;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A registrant that holds the grid secret registers a proxy whose RMI stub names an address of its choosing: a
 * directory listing the lookup service's servers must not connect there (reading a stub makes the JVM's distributed
 * GC call the address it names at once), and must still list the other servers.
 */
class RegisteredStubTest {
  private final List<AutoCloseable> open = new CopyOnWriteArrayList<>();

  @AfterEach
  void closeAll() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) open.get(i).close();
  }

  private <T extends AutoCloseable> T track(T t) {
    open.add(t);
    return t;
  }

  /** What a GridRMI server registers in spirit: a proxy that carries no live stub. */
  record ValueEcho(String server) implements Echo, Serializable {
    @Override
    public String echo(String text) {
      return server + ":" + text;
    }
  }

  @Test
  void aStubInARegistrationMakesNoConnectionAndTheOtherServersStillList() throws Exception {
    LookupServer lookup = track(LookupServer.start("127.0.0.1", 0));
    URI at = URI.create(lookup.url());
    CountingPort trap = new CountingPort();
    Echo bait = text -> text; // never called: only its stub matters
    Echo stub = (Echo) UnicastRemoteObject.exportObject(
        bait, 0, NetContexts.defaultPlain().clientFactory("127.0.0.1"), trap);
    open.add(() -> UnicastRemoteObject.unexportObject(bait, true));
    String echo = Echo.class.getName();
    LookupRegistration hostile = track(LookupRegistration.join(
        at, stub, new ServerRecord("EVIL", "127.0.0.1", 2, List.of(echo)), Duration.ofSeconds(10)));
    LookupRegistration real = track(LookupRegistration.join(
        at,
        Map.of(echo, new ValueEcho("REAL")),
        new ServerRecord("REAL", "127.0.0.1", 1, List.of(echo)),
        Duration.ofSeconds(10)));
    assertThat(hostile.awaitRegistered(Duration.ofSeconds(5))).isTrue();
    assertThat(real.awaitRegistered(Duration.ofSeconds(5))).isTrue();

    LookupDirectory directory = track(LookupDirectory.unicast(at, Duration.ofSeconds(5)));
    await().atMost(Duration.ofSeconds(5)).until(() -> !directory.servers().isEmpty());
    Thread.sleep(1_500); // the distributed GC's "dirty" call comes at once; leave it time to show
    assertThat(trap.accepted())
        .as("connections to the address the registered stub names")
        .isZero();
    assertThat(directory.servers()).extracting(ServerRecord::name).containsExactly("REAL");
    assertThat(((Echo) directory.servers().get(0).proxy()).echo("a")).isEqualTo("REAL:a");
  }
}
