package org.gridrmi.benchmarks;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * A GridRMI server in a JVM of its own, started with this JVM's class path: how the demo and the benchmarks put
 * servers in separate processes ({@link LocalGrid}). Output goes to a log file; {@link #close} kills it, and so does
 * the end of this JVM (Ctrl-C, SIGTERM).
 */
public final class ServerJvm implements AutoCloseable {
  private static final Pattern READY = Pattern.compile("ready at ((?:rmi|jini)://[^\\s,]+)");
  private final Process process;
  private final String name;
  private final String address;
  /** Copies the process's output to its log. */
  private final Thread pump;

  /** Children still running: killed if this JVM is stopped (SIGTERM, Ctrl-C) before it closes them itself. */
  private static final java.util.Set<Process> RUNNING =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(() -> RUNNING.forEach(Process::destroyForcibly), "gridrmi-child-reaper"));
  }

  private ServerJvm(Process process, String name, String address, Thread pump) {
    this.pump = pump;
    this.process = process;
    this.name = name;
    this.address = address;
  }

  /**
   * Starts {@code mainClass} with {@code args} in a new JVM as the {@code ./gridrmi} launcher starts a server (its
   * heap written as it is committed, {@code GRIDRMI_SERVER_JAVA_OPTS}; the JVM's own collector; and {@code
   * GRIDRMI_JAVA_OPTS}), then {@code jvmArgs}, and waits until it prints {@code ready at rmi://...}. A benchmark
   * measures servers as users start them; one that tunes its servers passes the tuning here and says so, and {@code
   * jvmArgs} that size the heap replace the launcher's heap options.
   *
   * @param jvmArgs extra JVM options such as {@code -Xmx1g}, after the launcher's (so they win)
   * @param log where the process's output goes
   * @throws GridException UNAVAILABLE if it exits or stays silent past {@code timeout}
   */
  public static ServerJvm start(
      String name,
      String mainClass,
      List<String> jvmArgs,
      List<String> args,
      Path log,
      Duration timeout) {
    List<String> options = launcherOptions();
    options.addAll(serverHeapOptions(System.getenv(), jvmArgs));
    options.addAll(jvmArgs);
    return launch(name, command(mainClass, options, args), log, timeout);
  }

  /**
   * The heap options the launcher gives {@code ./gridrmi server} and exports for its children as {@code
   * GRIDRMI_SERVER_JAVA_OPTS} (see the launcher: the heap written once as the JVM commits it, so that values do not
   * land in pages written for the first time); none when {@code jvmArgs}, a benchmark's tuning of its servers, size
   * the heap themselves.
   */
  static List<String> serverHeapOptions(java.util.Map<String, String> env, List<String> jvmArgs) {
    String heap = env.getOrDefault("GRIDRMI_SERVER_JAVA_OPTS", "").trim();
    if (heap.isEmpty() || jvmArgs.stream().anyMatch(o -> HEAP_SIZE.matcher(o).lookingAt())) {
      return List.of();
    }
    return List.of(heap.split("\\s+"));
  }

  private static final Pattern HEAP_SIZE =
      Pattern.compile("-(Xms|Xmx|XX:(Initial|Max|Min)HeapSize|XX:(Initial|Max|Min)RAMPercentage)");

  /**
   * The JVM options the {@code ./gridrmi} launcher gives every command: its class-data-sharing archive (which it
   * names in {@code GRIDRMI_CDS_ARCHIVE} when it uses one: this JVM's class path is the launcher's, so a child JVM
   * can map the same archive), then {@code GRIDRMI_JAVA_OPTS}.
   */
  static List<String> launcherOptions() {
    List<String> options = new ArrayList<>();
    String archive = System.getenv().getOrDefault("GRIDRMI_CDS_ARCHIVE", "");
    if (!archive.isEmpty()) {
      options.addAll(List.of(
          "-XX:SharedArchiveFile=" + archive,
          "-Xshare:auto",
          "-Xlog:cds*=off",
          "-Xlog:class+path=off"));
    }
    String opts = System.getenv().getOrDefault("GRIDRMI_JAVA_OPTS", "").trim();
    if (!opts.isEmpty()) options.addAll(List.of(opts.split("\\s+")));
    return options;
  }

  /** {@code java OPTIONS -cp CLASSPATH MAIN ARGS}, with this JVM's java and class path. */
  static List<String> command(String mainClass, List<String> jvmOptions, List<String> args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(jvmOptions);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(mainClass);
    cmd.addAll(args);
    return cmd;
  }

  private static ServerJvm launch(String name, List<String> cmd, Path log, Duration timeout) {
    try {
      File logFile = log.toFile();
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      RUNNING.add(p);
      p.onExit().thenRun(() -> RUNNING.remove(p));
      CompletableFuture<String> ready = new CompletableFuture<>();
      Thread pump = pump(
          p,
          logFile,
          line -> {
            Matcher m = READY.matcher(line);
            if (m.find()) ready.complete(m.group(1));
          },
          ready);
      String address;
      try {
        address = ready.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      } catch (Exception e) {
        p.destroyForcibly();
        throw new GridException(
            Status.UNAVAILABLE,
            "server " + name + " did not start within " + timeout + "; see " + logFile,
            e);
      }
      return new ServerJvm(p, name, address, pump);
    } catch (IOException e) {
      throw new GridException(Status.UNAVAILABLE, "cannot start server " + name + ": " + e, e);
    }
  }

  private static Thread pump(
      Process p, File logFile, Consumer<String> onLine, CompletableFuture<String> ready) {
    Thread t = new Thread(
        () -> {
          try (BufferedReader r = new BufferedReader(
                  new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
              var w = new java.io.PrintWriter(
                  new java.io.FileWriter(logFile, StandardCharsets.UTF_8, true), true)) {
            for (String line; (line = r.readLine()) != null; ) {
              w.println(line);
              onLine.accept(line);
            }
          } catch (IOException ignored) {
            // the process ended
          }
          p.onExit()
              .thenRun(() -> ready.completeExceptionally(
                  new IllegalStateException("process exited with " + p.exitValue())));
        },
        "gridrmi-log-" + p.pid());
    t.setDaemon(true);
    t.start();
    return t;
  }

  public String name() {
    return name;
  }

  public String address() {
    return address;
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** CPU time the process has used so far, in seconds, as the operating system counts it (0 if unknown). */
  public double cpuSeconds() {
    return process.info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(0.0);
  }

  /** Kills the process at once, as {@code kill -9} does, and waits for it to be gone. */
  public void kill() {
    process.destroyForcibly();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Stops the process as {@code kill} (SIGTERM) does, so that its shutdown hooks run (the server closes and says so,
   * its OpenTelemetry SDK exports what it still holds), and kills it if it is not gone within {@code grace}.
   */
  public void stop(Duration grace) {
    process
        .toHandle()
        .destroy(); // SIGTERM; Process.destroy() would also close its output, losing the last lines
    try {
      if (process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
        pump.join(
            grace
                .toMillis()); // its last lines (the stop line, the last spans) reach the log before
        // we exit
        return;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    kill();
  }

  @Override
  public void close() {
    kill();
  }
}
