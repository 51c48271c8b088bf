package org.gridrmi.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A GridRMI server (or lookup service) in a JVM of its own, for integration tests: started with the test's class path,
 * ready once it prints {@code ready at rmi://...} (or {@code jini://...}), which gives its address.
 */
public final class ServerProcess implements AutoCloseable {
  private static final String READY = "ready at ((?:rmi|jini)://[^\\s,]+)";
  private final JvmProcess jvm;
  private final String address;

  private ServerProcess(JvmProcess jvm, String address) {
    this.jvm = jvm;
    this.address = address;
  }

  /**
   * Starts {@code mainClass} with {@code args} and waits until it is ready.
   *
   * @throws IllegalStateException naming the log if it exits or stays silent past {@code timeout}
   */
  public static ServerProcess start(
      String name,
      String mainClass,
      List<String> jvmArgs,
      List<String> args,
      Path log,
      Duration timeout) {
    JvmProcess jvm;
    try {
      jvm = JvmProcess.start(name, mainClass, jvmArgs, args, log);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + name, e);
    }
    try {
      return new ServerProcess(jvm, jvm.awaitLine(READY, timeout).group(1));
    } catch (InterruptedException e) {
      jvm.kill();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while " + name + " started", e);
    } catch (IllegalStateException e) {
      jvm.kill();
      throw e;
    }
  }

  public String name() {
    return jvm.name();
  }

  public String address() {
    return address;
  }

  public long pid() {
    return jvm.pid();
  }

  public boolean isAlive() {
    return jvm.isAlive();
  }

  public JvmProcess jvm() {
    return jvm;
  }

  /** Sends a signal: {@code STOP} freezes the server (a GC storm, a hung host), {@code CONT} resumes it. */
  public void signal(String signal) throws IOException, InterruptedException {
    jvm.signal(signal);
  }

  /** Kills it at once, as {@code kill -9} does. */
  public void kill() {
    jvm.kill();
  }

  @Override
  public void close() {
    kill();
  }
}
