package org.gridrmi.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.telemetry.LogLines;
import picocli.CommandLine;

/**
 * Runs a GridRMI command line the same way for every command ({@code gridrmi ...}, and the server and lookup mains
 * run on their own): a mistake in the options or the configuration is <em>one line</em> on stderr naming the option,
 * the value and the expected form, with exit code 2; a failure while running is one line with exit code 1. Stack
 * traces only with {@code --verbose} (accepted anywhere on the line), since a newcomer reads the first line and a
 * trace buries it.
 */
public final class CommandRunner {
  /** Exit code of a command line or configuration mistake, as picocli uses for usage errors. */
  public static final int USAGE = 2;
  /** Exit code of a failure while running. */
  public static final int FAILED = 1;

  public static final String VERBOSE = "--verbose";

  private CommandRunner() {}

  /**
   * Parses and runs {@code command} (a picocli command object, or a {@link CommandLine} already assembled) on the
   * standard streams; returns the exit code.
   */
  public static int execute(Object command, String... args) {
    return execute(null, null, command, args);
  }

  /** As {@link #execute(Object, String...)}, writing to {@code out} and {@code err} (null: the standard ones). */
  public static int execute(PrintWriter out, PrintWriter err, Object command, String... args) {
    oneLineLogs();
    List<String> rest = new ArrayList<>(List.of(args));
    boolean verbose = rest.removeIf(VERBOSE::equals);
    CommandLine cl =
        command instanceof CommandLine assembled ? assembled : new CommandLine(command);
    cl.setOverwrittenOptionsAllowed(
        true); // a repeated option overrides the earlier one, as scripts expect
    if (out != null) cl.setOut(out);
    if (err != null) cl.setErr(err);
    cl.setParameterExceptionHandler((e, a) -> {
      PrintWriter w = e.getCommandLine().getErr();
      w.println(prefix(e.getCommandLine()) + e.getMessage() + " (see " + name(e.getCommandLine())
          + " --help)");
      if (verbose) e.printStackTrace(w);
      w.flush();
      return USAGE;
    });
    cl.setExecutionExceptionHandler((e, c, parsed) -> {
      PrintWriter w = c.getErr();
      GridException g = gridException(e);
      if (g != null) {
        w.println(prefix(c) + g.description());
      } else {
        w.println(prefix(c) + "failed: " + e);
      }
      if (verbose || g == null) e.printStackTrace(w);
      w.flush();
      return g != null && g.status() == Status.INVALID_ARGUMENT ? USAGE : FAILED;
    });
    return cl.execute(rest.toArray(String[]::new));
  }

  /** Log lines of one line each, unless the user configured logging (see {@link LogLines}). */
  static void oneLineLogs() {
    LogLines.oneLineUnlessConfigured();
  }

  /**
   * A configuration mistake as the command line reports it: {@code --option 'value': what is wrong; expected ...}.
   * Thrown from a command's {@code call()}, it becomes one line and exit code 2.
   */
  public static GridException badOption(
      String option, Object value, String problem, String expected) {
    return badOption(option, value, problem, expected, null);
  }

  /** As {@link #badOption(String, Object, String, String)}, keeping what went wrong for {@code --verbose}. */
  public static GridException badOption(
      String option, Object value, String problem, String expected, Throwable cause) {
    return new GridException(
        Status.INVALID_ARGUMENT,
        option + " '" + value + "': " + problem + "; expected " + expected,
        cause);
  }

  private static GridException gridException(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof GridException g) return g;
    }
    return null;
  }

  private static String name(CommandLine c) {
    return c.getCommandSpec().qualifiedName();
  }

  private static String prefix(CommandLine c) {
    return name(c) + ": ";
  }
}
