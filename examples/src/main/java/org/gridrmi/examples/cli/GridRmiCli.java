package org.gridrmi.examples.cli;

import org.gridrmi.lookup.cli.CommandRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code gridrmi} command line. */
@Command(name = "gridrmi", mixinStandardHelpOptions = true, version = "GridRMI 0.1.0",
    description = {"GridRMI: lazy, localized and future-based remote method calls over Java RMI.",
        "A mistake in the options is one line and exit code 2; add --verbose anywhere for stack traces."},
    subcommands = {
        ServerCommand.class,
        StatusCommand.class,
        KeysCommand.class,
        LookupCommand.class,
        org.gridrmi.perf.cli.ModelCommand.class,
        CalibrateCommand.class,
        BenchCommand.class,
        DemoCommand.class,
        TraceCommand.class,
        CommandLine.HelpCommand.class,
    })
public final class GridRmiCli {
  public static void main(String[] args) {
    System.exit(CommandRunner.execute(new GridRmiCli(), args));
  }
}
