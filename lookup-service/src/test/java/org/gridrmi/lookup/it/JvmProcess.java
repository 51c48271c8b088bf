package org.gridrmi.lookup.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A child JVM started with the test's own class path and no JVM flags beyond a heap limit
 * (which is the point: users' JVMs need none), or any other command. Its output is kept for waiting on
 * lines and copied to target/it-logs. Public for the integration tests of other modules (gridrmi-user-it).
 */
public final class JvmProcess implements AutoCloseable {
  private final String name;
  private final Process process;
  private final List<String> lines = new ArrayList<>();
  private final Thread pump;
  final long startedNanos = System.nanoTime();

  private JvmProcess(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.pump = new Thread(() -> pump(log), "output-" + name);
    pump.setDaemon(true);
    pump.start();
  }

  static JvmProcess start(String name, Class<?> main, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx256m", "-cp", System.getProperty("java.class.path"), main.getName()));
    command.addAll(List.of(args));
    return start(name, command, Map.of());
  }

  /** Runs {@code command} with {@code env} added to this JVM's environment. */
  public static JvmProcess start(String name, List<String> command, Map<String, String> env) throws IOException {
    Path logs = Path.of("target", "it-logs");
    Files.createDirectories(logs);
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(env);
    Process p = builder.start();
    return new JvmProcess(name, p, logs.resolve(name + "-" + p.pid() + ".log"));
  }

  private void pump(Path log) {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        synchronized (lines) {
          lines.add(line);
          lines.notifyAll();
        }
        Files.writeString(log, line + System.lineSeparator(), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      }
    } catch (IOException ignored) {
      // the process died: nothing more to read
    }
  }

  /** Waits for a line matching the pattern; fails with the process's output if none comes or the process ends. */
  public Matcher awaitLine(String regex, Duration timeout) throws InterruptedException {
    Pattern pattern = Pattern.compile(regex);
    long deadline = System.nanoTime() + timeout.toNanos();
    int seen = 0;
    synchronized (lines) {
      while (true) {
        for (; seen < lines.size(); seen++) {
          Matcher m = pattern.matcher(lines.get(seen));
          if (m.find()) {
            return m;
          }
        }
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0 || !process.isAlive() && !pump.isAlive()) {
          throw new AssertionError(name + " printed no line matching '" + regex + "' within " + timeout
              + "; alive=" + process.isAlive() + "; output:\n" + String.join("\n", lines));
        }
        lines.wait(Math.min(left, 200));
      }
    }
  }

  /** Waits for the process to end and returns its exit code; kills it and fails after {@code timeout}. */
  public int exitCode(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      kill();
      throw new AssertionError(name + " did not end within " + timeout + "; output:\n" + output());
    }
    pump.join(5_000);
    return process.exitValue();
  }

  /** Everything it printed so far. */
  public String output() {
    synchronized (lines) {
      return String.join("\n", lines);
    }
  }

  /** kill -9. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(10, TimeUnit.SECONDS);
  }

  @Override
  public void close() throws InterruptedException {
    kill();
  }

  @Override
  public String toString() {
    return name + "[pid " + process.pid() + "]";
  }
}
