package org.gridrmi.userit;

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

/** A child process (a JVM, or Maven) whose output is kept for waiting on lines and copied to a log file. */
final class Jvm implements AutoCloseable {
  private final String name;
  private final Process process;
  private final List<String> lines = new ArrayList<>();
  private final Thread pump;

  private Jvm(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.pump = new Thread(() -> pump(log), "output-" + name);
    pump.setDaemon(true);
    pump.start();
  }

  /** Runs {@code java} of {@code javaHome} with a class path, a main class and its arguments. */
  static Jvm java(String name, Path javaHome, String classPath, String main, List<String> args) throws IOException {
    List<String> command = new ArrayList<>(List.of(javaHome.resolve("bin/java").toString(), "-Xmx256m",
        "-XX:+UseSerialGC", "-cp", classPath, main));
    command.addAll(args);
    return start(name, command, Map.of());
  }

  static Jvm start(String name, List<String> command, Map<String, String> env) throws IOException {
    Path logs = Files.createDirectories(Path.of("target", "it-logs"));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().putAll(env);
    Process p = pb.start();
    return new Jvm(name, p, logs.resolve(name + "-" + p.pid() + ".log"));
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
      // the process is gone: nothing more to read
    }
  }

  /** The first group of the first line matching {@code regex}, waiting for it; fails naming the output. */
  String await(String regex, Duration timeout) throws InterruptedException {
    Pattern p = Pattern.compile(regex);
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (lines) {
      int seen = 0;
      while (true) {
        for (; seen < lines.size(); seen++) {
          Matcher m = p.matcher(lines.get(seen));
          if (m.find()) return m.groupCount() > 0 ? m.group(1) : m.group();
        }
        long left = deadline - System.nanoTime();
        if (left <= 0 || (!process.isAlive() && !pump.isAlive())) {
          throw new AssertionError(name + " printed no line matching '" + regex + "' within " + timeout
              + (process.isAlive() ? "" : " (it exited with " + process.exitValue() + ")") + "; output:\n" + output());
        }
        lines.wait(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 200)));
      }
    }
  }

  /** Waits for the process to end (killing it after {@code timeout}) and returns its exit code. */
  int exitCode(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly().waitFor();
      throw new AssertionError(name + " did not finish within " + timeout + "; output:\n" + output());
    }
    pump.join(5_000);
    return process.exitValue();
  }

  String output() {
    synchronized (lines) {
      return String.join("\n", lines);
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    process.waitFor(10, TimeUnit.SECONDS);
  }
}
