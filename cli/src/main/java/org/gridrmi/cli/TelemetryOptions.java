package org.gridrmi.cli;

import org.gridrmi.cli.telemetry.TelemetrySetup;
import picocli.CommandLine.Option;

/**
 * {@code --metrics-port}, on every command that runs servers or Grids; with the {@code OTEL_*} settings it configures
 * the JVM's OpenTelemetry SDK (see {@link TelemetrySetup}) once, when the command starts its work. Warnings (a port in
 * use, a malformed setting, a collector that does not answer) are logged, one line each, and the command goes on.
 */
public final class TelemetryOptions {
  private static final System.Logger LOG = System.getLogger("org.gridrmi.telemetry");
  /** The JVM's setup: commands run once per JVM, and the SDK is global. */
  private static TelemetrySetup jvm;

  @Option(
      names = "--metrics-port",
      paramLabel = "PORT",
      description = "serve the metrics as Prometheus text at "
          + "http://HOST:PORT/metrics (HOST: the command's --host, else 127.0.0.1); spans and metrics also go where the "
          + "OTEL_* environment variables say")
  Integer metricsPort;

  /**
   * Configures this JVM's SDK, the first time.
   *
   * @param service the default service name, such as {@code gridrmi-server}
   * @param instance the default {@code service.instance.id} (a server's name), or null
   * @param host where {@code /metrics} listens
   */
  public synchronized TelemetrySetup start(String service, String instance, String host) {
    if (metricsPort != null && (metricsPort < 1 || metricsPort > 65535)) {
      throw CommandRunner.badOption("--metrics-port", metricsPort, "out of range", "1 to 65535");
    }
    synchronized (TelemetryOptions.class) {
      if (jvm == null) {
        jvm = TelemetrySetup.forJvm(
            new TelemetrySetup.Request(service, instance, host, metricsPort),
            w -> LOG.log(System.Logger.Level.WARNING, w));
        if (jvm.metricsUrl() != null)
          LOG.log(System.Logger.Level.INFO, "metrics at " + jvm.metricsUrl());
      }
      return jvm;
    }
  }
}
