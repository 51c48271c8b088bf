package org.gridrmi.lookup.it;

import java.net.URI;
import java.rmi.Remote;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.gridrmi.lookup.LookupRegistration;
import org.gridrmi.lookup.ServerRecord;

/**
 * A tiny GridRMI-like server for the integration tests, run in its own JVM with no JVM flags:
 * exports an RMI object and joins the lookup service with a short lease.
 * Args: NAME jini://HOST:PORT LEASE_MILLIS. Prints "registered NAME in N ms" once registered.
 */
public final class Registrant {
  static final class Impl implements Echo, Pinger {
    private final String name;

    Impl(String name) {
      this.name = name;
    }

    @Override
    public String echo(String text) {
      return name + ":" + text;
    }

    @Override
    public long ping() {
      return System.nanoTime();
    }
  }

  private Registrant() {}

  public static void main(String[] args) throws Exception {
    long started = System.nanoTime();
    // Keep every stub on loopback: the tests must not depend on how this machine resolves its name.
    System.setProperty("java.rmi.server.hostname", "127.0.0.1");
    String name = args[0];
    Impl impl = new Impl(name);
    int port = Ports.free();
    Remote stub = StubBytes.of(UnicastRemoteObject.exportObject(impl, port));
    ServerRecord server = new ServerRecord(
        name,
        "rmi://127.0.0.1:" + port,
        List.of(Echo.class.getName(), Pinger.class.getName()),
        Map.of("zone", "test"));
    LookupRegistration registration = LookupRegistration.join(
        URI.create(args[1]),
        stub,
        server,
        Duration.ofMillis(Long.parseLong(args[2])),
        Duration.ofSeconds(1),
        () -> Map.of("pid", "" + ProcessHandle.current().pid()));
    if (registration.awaitRegistered(Duration.ofSeconds(30))) {
      System.out.println(
          "registered " + name + " in " + (System.nanoTime() - started) / 1_000_000 + " ms");
    } else {
      System.out.println("NOT registered " + name);
    }
    System.out.flush();
    Thread.currentThread().join(); // until killed; the RMI export keeps serving
  }
}
