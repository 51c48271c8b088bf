package org.gridrmi.cli;

import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.metrics.ObservableLongGauge;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.gridrmi.cli.telemetry.TelemetrySetup;
import org.gridrmi.lookup.LookupDirectory;
import org.gridrmi.lookup.LookupServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gridrmi lookup}: runs a lookup service until the process is killed, with the OpenTelemetry SDK configured as
 * for every command. Prints one line,
 * {@code lookup service ready at jini://HOST:PORT (groups ...) in N ms}, once clients can use it
 * (scripts and tests wait for that line). Needs no JVM flags, policy or configuration file. With an SDK configured
 * (--metrics-port, OTEL_*) it reports the servers and service registrations it holds as gauges.
 */
@Command(
    name = "lookup",
    mixinStandardHelpOptions = true,
    description = {
      "Runs a Jini lookup service (Apache River Reggie) for GridRMI until killed.",
      "With --tls the registrar's calls use mutual TLS; unicast discovery itself stays plain TCP."
    })
public final class LookupCommand implements Callable<Integer> {

  @Option(names = "--port", description = "unicast discovery port (default ${DEFAULT-VALUE})")
  int port = 4160;

  @Option(
      names = "--groups",
      arity = "1..*",
      paramLabel = "NAME",
      description = "discovery groups it is a member of (default: none, unicast only)")
  String[] groups = new String[0];

  @Option(
      names = "--host",
      description = "host name or address clients use to reach it"
          + " (default: java.rmi.server.hostname, else this machine's address)")
  String host;

  @Mixin
  TlsOptions tls;

  @Mixin
  TelemetryOptions telemetry;

  public static void main(String[] args) {
    int exit = CommandRunner.execute(new LookupCommand(), args);
    if (exit != 0) {
      System.exit(exit);
    }
  }

  @Override
  public Integer call() throws InterruptedException {
    try (TelemetrySetup t =
        telemetry.start("gridrmi-lookup", null, host == null ? "127.0.0.1" : host)) {
      return serve(t);
    }
  }

  private int serve(TelemetrySetup telemetry) throws InterruptedException {
    org.gridrmi.ref.TlsStores stores =
        tls.stores(); // a missing option fails here, before Reggie starts
    if (port < 0 || port > 65535)
      throw CommandRunner.badOption("--port", port, "out of range", "0 to 65535");
    // Reggie logs a bind failure as a SEVERE stack trace before it throws: look first, and say it
    // in one line
    if (port != 0 && inUse(port))
      throw CommandRunner.badOption("--port", port, "already in use", "a free port");
    long started = System.nanoTime();
    LookupServer server;
    try {
      server = stores == null
          ? LookupServer.start(host, port, tls.secret("GridRMI lookup service"), groups)
          : LookupServer.startTls(host, port, stores, groups);
    } catch (IllegalStateException e) {
      if (inUse(port))
        throw CommandRunner.badOption("--port", port, "already in use", "a free port");
      throw e;
    }
    long millis = (System.nanoTime() - started) / 1_000_000;
    AutoCloseable gauges = telemetry.configured() ? gauges(telemetry, server, stores) : () -> {};
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(new Thread(
            () -> {
              try {
                gauges.close();
              } catch (Exception ignored) {
                // best effort: the lookup service stops either way
              }
              server.close();
              System.out.println("lookup service at " + server.url() + " stopped");
              System.out.flush();
              stopped.countDown();
            },
            "gridrmi-lookup-shutdown"));
    String groupText = server.groups().length == 0 ? "none" : String.join(", ", server.groups());
    System.out.println("lookup service ready at " + server.url() + " (groups " + groupText + ") in "
        + millis + " ms" + (stores != null ? " over TLS" : ""));
    System.out.flush();
    stopped.await();
    return 0;
  }

  /**
   * The lookup service's metrics (Prometheus with --metrics-port, or OTLP): the GridRMI servers registered and their
   * service registrations, read from a directory that follows this lookup service as any client does.
   */
  private static AutoCloseable gauges(
      TelemetrySetup telemetry, LookupServer server, org.gridrmi.ref.TlsStores stores) {
    java.net.URI self = java.net.URI.create(server.url());
    java.time.Duration timeout = java.time.Duration.ofSeconds(10);
    LookupDirectory directory = stores == null
        ? LookupDirectory.unicast(self, timeout)
        : LookupDirectory.unicast(self, timeout, stores);
    Meter meter = telemetry.openTelemetry().getMeter("org.gridrmi.lookup");
    ObservableLongGauge servers = meter
        .gaugeBuilder("gridrmi.lookup.servers")
        .ofLongs()
        .setUnit("{server}")
        .setDescription("GridRMI servers registered with this lookup service")
        .buildWithCallback(m -> m.record(directory.servers().size()));
    ObservableLongGauge services = meter
        .gaugeBuilder("gridrmi.lookup.services")
        .ofLongs()
        .setUnit("{service}")
        .setDescription(
            "service registrations of GridRMI servers (one per server and service type)")
        .buildWithCallback(m -> m.record(
            directory.servers().stream().mapToLong(r -> r.services().size()).sum()));
    return () -> {
      servers.close();
      services.close();
      directory.close();
    };
  }

  private static boolean inUse(int port) {
    try (java.net.ServerSocket probe = new java.net.ServerSocket(port)) {
      return false;
    } catch (java.io.IOException e) {
      return true;
    }
  }
}
