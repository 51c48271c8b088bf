package org.gridrmi.it.client;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.testing.ServerProcess;

/** The stock server processes one IT class starts, each logging to target/it-logs, all killed by {@link #close()}. */
final class ItServers implements AutoCloseable {
  private final List<ServerProcess> started = new ArrayList<>();
  private final Path logs;
  private final String logPrefix;

  /** @param logPrefix what each server's log file name starts with */
  ItServers(String logPrefix) throws IOException {
    this(Path.of("target", "it-logs"), logPrefix);
  }

  /** @param logs the folder of the logs (made if need be), each started afresh */
  ItServers(Path logs, String logPrefix) throws IOException {
    this.logs = Files.createDirectories(logs.toAbsolutePath());
    this.logPrefix = logPrefix;
  }

  /** Starts {@code gridrmi server --name NAME --port 0 ARGS} in a JVM with {@code jvmArgs}, waits until it is ready. */
  ServerProcess start(String name, List<String> jvmArgs, String... args) {
    List<String> all = new ArrayList<>(List.of("--name", name, "--port", "0"));
    all.addAll(List.of(args));
    return startMain(name, ServerCommand.class.getName(), jvmArgs, all);
  }

  /**
   * Starts another main (a client, a lookup service) in a JVM with {@code jvmArgs}, waits until it prints its
   * {@code ready at} line; it is killed with the rest.
   */
  ServerProcess startMain(String name, String mainClass, List<String> jvmArgs, List<String> args) {
    try {
      Files.deleteIfExists(log(name)); // a test reads what this process logs, not an earlier run's
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    ServerProcess p =
        ServerProcess.start(name, mainClass, jvmArgs, args, log(name), Duration.ofSeconds(60));
    started.add(p);
    return p;
  }

  /** Where the log of the process {@code name} goes. */
  Path log(String name) {
    return logs.resolve(logPrefix + name + ".log");
  }

  @Override
  public void close() {
    started.forEach(ServerProcess::kill);
  }
}
