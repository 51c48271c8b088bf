package org.gridrmi.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gridrmi.benchmarks.soak.SoakOps;
import org.gridrmi.benchmarks.soak.SoakOpsImpl;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * The chaos benchmark's server JVMs: S1..Sn, each on a port of its own that it keeps across restarts (so a server
 * started again after a kill is found at the same address, and link rules can name it), each exporting
 * {@link SoakOps} with its ledger in one directory. Faults are done to them here: SIGSTOP/SIGCONT, kill -9, and
 * restarts with another link plan.
 */
final class ChaosServers implements AutoCloseable {
  private final LocalGrid local;
  private final Path ledgers;
  private final List<String> args;
  private final Map<String, Integer> ports = new LinkedHashMap<>();
  private final Map<String, ServerJvm> running = new LinkedHashMap<>();
  private final Map<String, String> links = new LinkedHashMap<>();

  /**
   * @param common options of every server (the run's link and TLS)
   * @param extra more options of every server, e.g. {@code --lease 60s}
   */
  public ChaosServers(
      int count, Path logDir, Path ledgers, List<String> common, List<String> extra) {
    this.local = new LocalGrid(logDir, common);
    this.ledgers = ledgers;
    this.args = List.copyOf(extra);
    int[] free = LocalGrid.freePorts(count);
    for (int i = 0; i < count; i++) ports.put("S" + (i + 1), free[i]);
  }

  public List<String> names() {
    return List.copyOf(ports.keySet());
  }

  /** {@code host:port} of a server, as link rules name it. */
  public String hostPort(String name) {
    return "127.0.0.1:" + port(name);
  }

  /** {@code rmi://host:port} of a server. */
  public String address(String name) {
    return "rmi://" + hostPort(name);
  }

  private int port(String name) {
    Integer p = ports.get(name);
    if (p == null)
      throw new GridException(
          Status.NOT_FOUND, "no chaos server " + name + "; known: " + ports.keySet());
    return p;
  }

  /**
   * Makes every server run with the link plan {@code linkOf} gives it: servers that are not running, or run with
   * another plan, are (re)started; the others are left as they are, warm.
   *
   * @return the servers that were (re)started
   */
  public List<String> ensure(java.util.function.Function<String, String> linkOf) {
    List<String> started = new ArrayList<>();
    for (String name : ports.keySet()) {
      String link = linkOf.apply(name);
      ServerJvm p = running.get(name);
      if (p != null && p.isAlive() && link.equals(links.get(name))) continue;
      if (p != null) p.kill();
      List<String> a = new ArrayList<>(args);
      a.addAll(List.of(
          "--link",
          link,
          "--ledger",
          ledgers.toString(),
          "--service",
          SoakOps.class.getName() + "=" + SoakOpsImpl.class.getName()));
      ServerJvm fresh = local.startServer(name, port(name), a);
      if (!fresh.address().equals(address(name))) { // --host and the address it prints must agree
        fresh.kill();
        throw new GridException(
            Status.UNAVAILABLE,
            name + " came up at " + fresh.address() + ", not at " + address(name));
      }
      running.put(name, fresh);
      links.put(name, link);
      started.add(name);
    }
    return started;
  }

  /** The process now running as {@code name}. */
  public ServerJvm process(String name) {
    ServerJvm p = running.get(name);
    if (p == null) throw new GridException(Status.NOT_FOUND, name + " is not running");
    return p;
  }

  /** kill -9: the process is gone at once, its sockets closed by the kernel, its ledger left as it was. */
  public void kill(String name) {
    process(name).kill();
  }

  /** SIGSTOP: the process keeps its sockets open but answers nothing, as a GC storm or a hung host would. */
  public void stop(String name) {
    signal(name, "STOP");
  }

  /** SIGCONT: a stopped process runs on. */
  public void resume(String name) {
    signal(name, "CONT");
  }

  private void signal(String name, String signal) {
    ServerJvm p = process(name);
    try {
      int code = new ProcessBuilder("kill", "-" + signal, String.valueOf(p.pid()))
          .inheritIO()
          .start()
          .waitFor();
      if (code != 0) {
        throw new GridException(
            Status.UNAVAILABLE,
            "kill -" + signal + " " + p.pid() + " (" + name + ") exited with " + code);
      }
    } catch (IOException e) {
      throw new GridException(
          Status.UNAVAILABLE, "cannot run kill -" + signal + " for " + name + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GridException(Status.CANCELLED, "interrupted while signalling " + name, e);
    }
  }

  /** Kills every server (a stopped one too: SIGKILL needs no SIGCONT). */
  @Override
  public void close() {
    local.close();
  }
}
