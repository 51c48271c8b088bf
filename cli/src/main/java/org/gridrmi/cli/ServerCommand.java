package org.gridrmi.cli;

import java.nio.file.Path;
import java.util.List;
import org.gridrmi.cli.ledger.ExecutionLedger;
import org.gridrmi.cli.telemetry.TelemetryOptions;
import org.gridrmi.cli.telemetry.TelemetrySetup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gridrmi server}: a server exporting the example services (MatrixOps over JAMA, Fig2Ops) by default, with its
 * spans and metrics going where the OTEL_* settings say and, with {@code --metrics-port}, to Prometheus. The
 * benchmarks' own service ({@code SoakOps}) records every call it runs in a ledger under {@code --ledger DIR}.
 */
@Command(name = "server", mixinStandardHelpOptions = true,
    description = "Run a GridRMI server (exports MatrixOps and Fig2Ops unless --service is given).")
public final class ServerCommand extends GridServerMain {
  @Option(names = "--ledger", paramLabel = "DIR", description = "directory where services that keep a ledger of the "
      + "calls they run (the soak and chaos benchmarks' SoakOps) append it, one file per server process")
  Path ledgerDir;

  @Option(names = "--compute-scale", paramLabel = "F", description = "emulate a machine F times slower: every call of "
      + "its services sleeps F - 1 times its own run time after it (default ${DEFAULT-VALUE}: as fast as it is)")
  double computeScale = 1;

  private ExecutionLedger ledger;

  @Mixin TelemetryOptions telemetry;

  /**
   * What the stock server exports unless {@code --service} is given, by name (the classes come with the launcher's
   * class path): MatrixOps over JAMA, and the examples' Fig2Ops and MatmulWorker.
   */
  public static final List<String> SERVICES = List.of(
      "org.gridrmi.jama.MatrixOps=org.gridrmi.jama.JamaMatrixOps",
      "org.gridrmi.examples.fig2.Fig2Ops=org.gridrmi.examples.fig2.Fig2OpsImpl",
      "org.gridrmi.examples.matmul.MatmulWorker=org.gridrmi.examples.matmul.MatmulWorkerImpl");

  @Override
  protected List<String> defaultServices() {
    return SERVICES;
  }

  /** A service whose constructor takes an {@link ExecutionLedger} gets this process's; any other, as usual. */
  @Override
  protected Object newService(Class<?> implementation) throws ReflectiveOperationException {
    if (!(computeScale >= 1) || Double.isInfinite(computeScale)) {
      throw CommandRunner.badOption("--compute-scale", String.valueOf(computeScale), "is not a factor",
          "a number >= 1, such as 3");
    }
    return ComputeScale.wrap(unscaled(implementation), computeScale);
  }

  private Object unscaled(Class<?> implementation) throws ReflectiveOperationException {
    java.lang.reflect.Constructor<?> withLedger;
    try {
      withLedger = implementation.getConstructor(ExecutionLedger.class);
    } catch (NoSuchMethodException e) {
      return super.newService(implementation);
    }
    if (ledgerDir == null) {
      throw CommandRunner.badOption("--service", implementation.getName(), "keeps a ledger of the calls it runs",
          "--ledger DIR as well");
    }
    if (ledger == null) ledger = ExecutionLedger.open(ledgerDir, name());
    return withLedger.newInstance(ledger);
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
