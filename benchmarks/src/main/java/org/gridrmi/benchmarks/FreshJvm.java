package org.gridrmi.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * A client main run in a JVM of its own, started fresh as the launcher starts commands (its class-data-sharing
 * archive, {@code GRIDRMI_JAVA_OPTS}) with this JVM's class path, whose figures a bench reads.
 */
final class FreshJvm {
  private FreshJvm() {}

  /**
   * Runs {@code main} with {@code args} and returns the groups of the last line of its output that matches
   * {@code line}; waits two minutes at most for it to exit once its output ends.
   *
   * @param what who asks, for the message: "bench latency"
   * @throws GridException INTERNAL with the last lines of its output if no line matched
   */
  static String[] run(Class<?> main, List<String> args, Pattern line, String what)
      throws IOException, InterruptedException {
    return run(main, ServerJvm.launcherOptions(), args, line, what);
  }

  /** {@link #run(Class, List, Pattern, String)} with these JVM options instead of the launcher's. */
  static String[] run(
      Class<?> main, List<String> jvmOptions, List<String> args, Pattern line, String what)
      throws IOException, InterruptedException {
    List<String> cmd = ServerJvm.command(main.getName(), jvmOptions, args);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String[] found = null;
    List<String> output = new ArrayList<>();
    try (BufferedReader r =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (String l; (l = r.readLine()) != null; ) {
        output.add(l);
        Matcher m = line.matcher(l);
        if (m.find()) {
          found = new String[m.groupCount()];
          for (int g = 1; g <= m.groupCount(); g++) found[g - 1] = m.group(g);
        }
      }
    }
    if (!p.waitFor(2, TimeUnit.MINUTES)) p.destroyForcibly();
    if (found == null) {
      throw new GridException(
          Status.INTERNAL,
          what + ": the fresh client printed no figures; its output: "
              + String.join(" | ", output.subList(Math.max(0, output.size() - 5), output.size())));
    }
    return found;
  }
}
