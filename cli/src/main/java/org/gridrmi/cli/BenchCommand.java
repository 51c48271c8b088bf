package org.gridrmi.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code gridrmi bench NAME}: launches the benchmarks other modules provide ({@link CommandProvider#benchmarks()});
 * each prints a table and writes CSV and PNG under results/.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = "Run a benchmark: prints a table, writes CSV and a PNG plot under results/.")
public final class BenchCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  /** {@code gridrmi bench} alone: names the benchmarks there are, or says why there are none. */
  @Override
  public Integer call() {
    if (spec.subcommands().isEmpty()) {
      spec.commandLine()
          .getErr()
          .println("gridrmi bench: no benchmarks on the class path (they are in the "
              + "gridrmi-benchmarks module, which ./gridrmi puts there)");
      return CommandRunner.USAGE;
    }
    spec.commandLine().usage(spec.commandLine().getOut());
    return CommandRunner.USAGE;
  }
}
