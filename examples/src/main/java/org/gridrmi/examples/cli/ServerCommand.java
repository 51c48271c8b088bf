package org.gridrmi.examples.cli;

import java.util.List;
import org.gridrmi.examples.LocalGrid;
import org.gridrmi.server.GridServerMain;
import picocli.CommandLine.Command;

/** {@code gridrmi server}: a server exporting the example services (MatrixOps over JAMA, Fig2Ops) by default. */
@Command(name = "server", mixinStandardHelpOptions = true,
    description = "Run a GridRMI server (exports MatrixOps and Fig2Ops unless --service is given).")
public final class ServerCommand extends GridServerMain {
  @Override
  protected List<String> defaultServices() {
    return LocalGrid.SERVICES;
  }
}
