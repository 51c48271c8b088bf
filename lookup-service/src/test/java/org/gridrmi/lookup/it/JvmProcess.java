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
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A child JVM started with the test's own class path and no JVM flags beyond a heap limit
 * (which is the point: users' JVMs need none). Its output is kept for waiting on lines and
 * copied to target/it-logs.
 */
final class JvmProcess implements AutoCloseable {
  private final String name;
  private final Process process;
  private final List<String> lines = new ArrayList<>();
  final long startedNanos = System.nanoTime();

  private JvmProcess(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    Thread pump = new Thread(() -> pump(log), "output-" + name);
    pump.setDaemon(true);
    pump.start();
  }

  static JvmProcess start(String name, Class<?> main, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx256m", "-cp", System.getProperty("java.class.path"), main.getName()));
    command.addAll(List.of(args));
    Path logs = Path.of("target", "it-logs");
    Files.createDirectories(logs);
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
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

  /** Waits for a line matching the pattern; fails with the process's output if none comes. */
  Matcher awaitLine(String regex, Duration timeout) throws InterruptedException {
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
        if (left <= 0) {
          throw new AssertionError(name + " printed no line matching '" + regex + "' within " + timeout
              + "; alive=" + process.isAlive() + "; output:\n" + String.join("\n", lines));
        }
        lines.wait(left);
      }
    }
  }

  /** kill -9. */
  void kill() throws InterruptedException {
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
