package org.gridrmi.cli;

import org.gridrmi.cli.telemetry.TelemetryOptions;
import org.gridrmi.cli.telemetry.TelemetrySetup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code gridrmi lookup}: the lookup service, with the OpenTelemetry SDK configured as for every command. */
@Command(name = "lookup", mixinStandardHelpOptions = true,
    description = {"Runs a Jini lookup service (Apache River Reggie) for GridRMI until killed.",
        "With --tls the registrar's calls use mutual TLS; unicast discovery itself stays plain TCP."})
public final class LookupCommand extends LookupMain {
  @Mixin TelemetryOptions telemetry;

  @Override
  public Integer call() throws InterruptedException {
    try (TelemetrySetup t = telemetry.start("gridrmi-lookup", null, host() == null ? "127.0.0.1" : host())) {
      return super.call();
    }
  }
}
