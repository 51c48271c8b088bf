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
    this.logs = Files.createDirectories(Path.of("target", "it-logs"));
    this.logPrefix = logPrefix;
  }

  /** Starts {@code gridrmi server --name NAME --port 0 ARGS} in a JVM with {@code jvmArgs}, waits until it is ready. */
  ServerProcess start(String name, List<String> jvmArgs, String... args) {
    List<String> all = new ArrayList<>(List.of("--name", name, "--port", "0"));
    all.addAll(List.of(args));
    ServerProcess p = ServerProcess.start(
        name,
        ServerCommand.class.getName(),
        jvmArgs,
        all,
        logs.resolve(logPrefix + name + ".log"),
        Duration.ofSeconds(60));
    started.add(p);
    return p;
  }

  @Override
  public void close() {
    started.forEach(ServerProcess::kill);
  }
}
