package org.gridrmi.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.cli.ServerCommand;

/**
 * A Grid on this machine for benchmarks and the demo: servers in JVMs of their own, exporting the example
 * services, all on the same emulated link. Closing it stops every process it started.
 */
public final class LocalGrid implements AutoCloseable {
  /** What every example server exports: the stock server's services. */
  public static final List<String> SERVICES = ServerCommand.SERVICES;

  private final List<ServerJvm> servers = new ArrayList<>();
  private final Path logDir;
  private final List<String> common;

  /**
   * @param common options every server gets (the run's link and TLS: {@link org.gridrmi.cli.GridOptions})
   */
  public LocalGrid(Path logDir, List<String> common) {
    this.logDir = logDir;
    this.common = List.copyOf(common);
  }

  /**
   * Starts a server JVM with the common options, as {@code ./gridrmi server} starts one (see {@link ServerJvm#start}).
   *
   * @param extraArgs more server options, e.g. {@code --lookup jini://127.0.0.1:4160}
   */
  public ServerJvm startServer(String name, List<String> extraArgs) {
    return startServer(name, 0, List.of(), extraArgs);
  }

  /**
   * Starts a server JVM with the common options and JVM options of its own.
   *
   * @param jvmArgs JVM options, e.g. {@code -Xmx256m} (it overrides the launcher's default heap)
   * @param extraArgs more server options
   */
  public ServerJvm startServer(String name, List<String> jvmArgs, List<String> extraArgs) {
    return startServer(name, 0, jvmArgs, extraArgs);
  }

  /**
   * Starts a server JVM with the common options on a given port, so that a server started again there (after a
   * kill) is found at the same address, and link rules of other servers can name it. Options in {@code extraArgs}
   * override the common ones ({@code --link} for this server alone, say).
   *
   * @param port the port, or 0 for a free one
   */
  public ServerJvm startServer(String name, int port, List<String> extraArgs) {
    return startServer(name, port, List.of(), extraArgs);
  }

  private ServerJvm startServer(
      String name, int port, List<String> jvmArgs, List<String> extraArgs) {
    // the examples' server command: the same as ./gridrmi server, with its options for the
    // examples' services
    return start(name, ServerCommand.class.getName(), jvmArgs, serverArgs(name, port, extraArgs));
  }

  private List<String> serverArgs(String name, int port, List<String> extraArgs) {
    List<String> args = new ArrayList<>(List.of("--name", name, "--port", String.valueOf(port)));
    SERVICES.forEach(s -> args.addAll(List.of("--service", s)));
    args.addAll(common);
    args.addAll(extraArgs);
    return args;
  }

  /** {@code n} distinct ports that were free a moment ago, for servers that must keep their address. */
  public static int[] freePorts(int n) {
    List<ServerSocket> open = new ArrayList<>();
    try {
      for (int i = 0; i < n; i++)
        open.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
      return open.stream().mapToInt(ServerSocket::getLocalPort).toArray();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port on the loopback address", e);
    } finally {
      for (ServerSocket s : open) {
        try {
          s.close();
        } catch (IOException ignored) {
          // closing a listening socket that accepted nothing
        }
      }
    }
  }

  /** Starts a lookup service ({@code ./gridrmi lookup}) in a JVM of its own on a free port of 127.0.0.1. */
  public ServerJvm startLookup() {
    return startProcess(
        "lookup",
        org.gridrmi.cli.LookupCommand.class.getName(),
        List.of("--port", String.valueOf(freePorts(1)[0]), "--host", "127.0.0.1"));
  }

  /**
   * Starts another main in a JVM of its own, with {@code args} alone (not the common options), waiting for its
   * {@code ready at} line (the lookup service's, say); it is stopped with the rest.
   */
  public ServerJvm startProcess(String name, String mainClass, List<String> args) {
    return start(name, mainClass, List.of(), args);
  }

  private ServerJvm start(String name, String mainClass, List<String> jvmArgs, List<String> args) {
    createLogDir();
    ServerJvm p = ServerJvm.start(
        name, mainClass, jvmArgs, args, logDir.resolve(name + ".log"), START_TIMEOUT);
    servers.add(p);
    return p;
  }

  private void createLogDir() {
    try {
      Files.createDirectories(logDir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** How long a process may take to print its {@code ready at} line. */
  private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

  /** Starts {@code n} servers named S1..Sn. */
  public List<String> startServers(int n, List<String> extraArgs) {
    List<String> addresses = new ArrayList<>();
    for (int i = 1; i <= n; i++) addresses.add(startServer("S" + i, extraArgs).address());
    return addresses;
  }

  public List<ServerJvm> servers() {
    return servers;
  }

  /**
   * Stops every process it started, as SIGTERM does (so that a server's spans still buffered are exported), each
   * killed if it is not gone within a few seconds.
   */
  @Override
  public void close() {
    servers.forEach(s -> s.stop(STOP_GRACE));
  }

  /** How long a process may take to stop before it is killed. */
  static final Duration STOP_GRACE = Duration.ofSeconds(5);
}
