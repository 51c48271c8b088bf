package org.gridrmi.it.cli;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Small helpers for the ITs: run a command with a bound, pick free ports. */
final class Procs {
  private Procs() {}

  /** Exit code and combined output of a finished command. */
  record Result(int exit, String output) {}

  /**
   * Runs {@code command} in the directory of {@code log} (output to {@code log}), killing it if it
   * outlives {@code seconds}.
   */
  static Result run(List<String> command, Map<String, String> env, Path log, long seconds)
      throws IOException, InterruptedException {
    return run(command, env, log.toAbsolutePath().getParent(), log, seconds);
  }

  /** As {@link #run(List, Map, Path, long)}, in directory {@code dir}. */
  static Result run(List<String> command, Map<String, String> env, Path dir, Path log, long seconds)
      throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .directory(dir.toFile());
    pb.environment().putAll(env);
    Process p = pb.start();
    if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      throw new AssertionError(
          command + " did not finish within " + seconds + " s; output:\n" + read(log));
    }
    return new Result(p.exitValue(), read(log));
  }

  static String read(Path log) throws IOException {
    return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  static String javaBin() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** The CLI as a command line using this test's class path (so the script does not run the ./gridrmi build). */
  static String cliCommand() {
    return javaBin() + " -Xmx256m -cp " + System.getProperty("java.class.path")
        + " org.gridrmi.cli.GridRmiCli";
  }
}
