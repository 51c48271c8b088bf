package org.gridrmi.examples.cli;

import java.util.List;
import org.gridrmi.examples.LocalGrid;
import org.gridrmi.examples.telemetry.TelemetryOptions;
import org.gridrmi.examples.telemetry.TelemetrySetup;
import org.gridrmi.lookup.cli.CommandRunner;
import org.gridrmi.server.GridServerMain;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code gridrmi server}: a server exporting the example services (MatrixOps over JAMA, Fig2Ops) by default, with its
 * spans and metrics going where the OTEL_* settings say and, with {@code --metrics-port}, to Prometheus.
 */
@Command(name = "server", mixinStandardHelpOptions = true,
    description = "Run a GridRMI server (exports MatrixOps and Fig2Ops unless --service is given).")
public final class ServerCommand extends GridServerMain {
  @Mixin TelemetryOptions telemetry;

  @Override
  protected List<String> defaultServices() {
    return LocalGrid.SERVICES;
  }

  @Override
  public Integer call() throws Exception {
    try (TelemetrySetup t = telemetry.start("gridrmi-server", serverName(), listenAddress())) {
      return super.call();
    }
  }

  /** The server on its own, as the demo and benchmarks start it in a JVM of its own. */
  public static void main(String[] args) {
    System.exit(CommandRunner.execute(new ServerCommand(), args));
  }
}
