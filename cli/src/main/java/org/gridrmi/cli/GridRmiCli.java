package org.gridrmi.cli;

import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code gridrmi} command line: its own subcommands, and those that modules on the class path add through
 * {@link CommandProvider} (the benchmarks module: {@code demo}, {@code calibrate}, {@code bench NAME}).
 */
@Command(
    name = "gridrmi",
    mixinStandardHelpOptions = true,
    version = "GridRMI 0.1.0",
    description = {
      "GridRMI: lazy, localized and future-based remote method calls over Java RMI.",
      "A mistake in the options is one line and exit code 2; add --verbose anywhere for stack traces."
    },
    subcommands = {
      ServerCommand.class,
      StatusCommand.class,
      KeysCommand.class,
      LookupCommand.class,
      ModelCommand.class,
      TraceCommand.class,
      CommandLine.HelpCommand.class,
    })
public final class GridRmiCli {
  public static void main(String[] args) {
    System.exit(CommandRunner.execute(commandLine(), args));
  }

  /** The whole command: built-in subcommands, then those of every {@link CommandProvider} on the class path. */
  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new GridRmiCli());
    CommandLine bench = new CommandLine(new BenchCommand());
    for (CommandProvider p : ServiceLoader.load(CommandProvider.class)) {
      p.commands().forEach(cli::addSubcommand);
      p.benchmarks().forEach(bench::addSubcommand);
    }
    cli.addSubcommand(bench);
    return cli;
  }
}
