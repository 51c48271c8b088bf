package org.gridrmi.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A child JVM started with the test's own class path, its output kept (for waiting on a line) and copied to a log
 * file; killed when the test's JVM ends, whatever happens to the test.
 */
public final class JvmProcess implements AutoCloseable {
  private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(() -> RUNNING.forEach(JvmProcess::destroyTree), "test-child-reaper"));
  }

  private final String name;
  private final Process process;
  private final Path log;
  private final List<String> lines = new ArrayList<>();
  private final long startedNanos = System.nanoTime();
  private final Thread pump;

  private JvmProcess(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.log = log;
    RUNNING.add(process);
    process.onExit().thenRun(() -> RUNNING.remove(process));
    this.pump = new Thread(this::pump, "test-output-" + name);
    pump.setDaemon(true);
    pump.start();
  }

  /**
   * Starts {@code mainClass} with the test's class path.
   *
   * @param jvmArgs JVM options (a small heap is added unless one is given)
   * @param log where the output goes (appended)
   */
  public static JvmProcess start(
      String name, String mainClass, List<String> jvmArgs, List<String> args, Path log)
      throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    if (jvmArgs.stream().noneMatch(a -> a.startsWith("-Xmx"))) cmd.add("-Xmx256m");
    cmd.add("-XX:+UseSerialGC");
    cmd.addAll(jvmArgs);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
    cmd.addAll(args);
    Files.createDirectories(log.toAbsolutePath().getParent());
    return new JvmProcess(
        name, new ProcessBuilder(cmd).redirectErrorStream(true).start(), log);
  }

  /**
   * Starts any command (another JDK's java, Maven, a script) with {@code env} added to this JVM's environment.
   *
   * @param log where the output goes (appended)
   */
  public static JvmProcess start(
      String name, List<String> command, java.util.Map<String, String> env, Path log)
      throws IOException {
    Files.createDirectories(log.toAbsolutePath().getParent());
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(env);
    return new JvmProcess(name, builder.start(), log);
  }

  /**
   * Waits for the process to end and returns its exit code, its output read to the end.
   *
   * @throws IllegalStateException with the output, after killing it, if it does not end within {@code timeout}
   */
  public int exitCode(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      kill();
      throw new IllegalStateException(name + " did not end within " + timeout + "; see " + log
          + "; output:\n" + String.join("\n", output()));
    }
    pump.join(TimeUnit.SECONDS.toMillis(10));
    return process.exitValue();
  }

  private void pump() {
    try (BufferedReader in = new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        PrintWriter out = new PrintWriter(
            Files.newBufferedWriter(
                log,
                StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND),
            true)) {
      for (String line; (line = in.readLine()) != null; ) {
        out.println(line);
        synchronized (lines) {
          lines.add(line);
          lines.notifyAll();
        }
      }
    } catch (IOException ignored) {
      // the process ended
    }
    synchronized (lines) {
      lines.notifyAll();
    }
  }

  /**
   * Waits for a line matching {@code regex}.
   *
   * @throws IllegalStateException with the process's output if none comes in time or the process ends first
   */
  public Matcher awaitLine(String regex, Duration timeout) throws InterruptedException {
    Pattern pattern = Pattern.compile(regex);
    long deadline = System.nanoTime() + timeout.toNanos();
    int seen = 0;
    synchronized (lines) {
      while (true) {
        for (; seen < lines.size(); seen++) {
          Matcher m = pattern.matcher(lines.get(seen));
          if (m.find()) return m;
        }
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0 || !process.isAlive() && seen == lines.size()) {
          throw new IllegalStateException(
              name + " printed no line matching '" + regex + "' within " + timeout
                  + (process.isAlive() ? "" : " (it exited with " + process.exitValue() + ")")
                  + "; see " + log
                  + "; output:\n" + String.join("\n", lines));
        }
        lines.wait(Math.min(left, 200));
      }
    }
  }

  /** The output so far. */
  public List<String> output() {
    synchronized (lines) {
      return List.copyOf(lines);
    }
  }

  public String name() {
    return name;
  }
  /** When it was started, in {@link System#nanoTime()} terms. */
  public long startedNanos() {
    return startedNanos;
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  public Path log() {
    return log;
  }

  /** Sends a signal ({@code STOP}, {@code CONT}, {@code TERM}) with the system's kill command. */
  public void signal(String signal) throws IOException, InterruptedException {
    int rc =
        new ProcessBuilder("kill", "-" + signal, String.valueOf(pid())).start().waitFor();
    if (rc != 0)
      throw new IllegalStateException("kill -" + signal + " " + pid() + " exited with " + rc);
  }

  /** Kills the process at once, as {@code kill -9} does, and waits for it to be gone. */
  public void kill() {
    process.destroyForcibly();
    awaitGone();
  }

  private void awaitGone() {
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Kills the process and every process it started (a launcher script's build, say), and waits for the process to be
   * gone.
   */
  @Override
  public void close() {
    destroyTree(process);
    awaitGone();
  }

  private static void destroyTree(Process p) {
    p.descendants().forEach(ProcessHandle::destroyForcibly);
    p.destroyForcibly();
  }

  @Override
  public String toString() {
    return name + "[pid " + process.pid() + "]";
  }
}
