package org.gridrmi.client.internal;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.lookup.PortProbe;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.Daemons;
import org.gridrmi.runtime.NodeRuntime;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.wire.NodeInfo;

/** Servers given by address: each is asked once for its name and services. */
public final class StaticDirectory implements Directory {
  /** How long a failed address is asked whether it is a lookup service's port (it answers in milliseconds). */
  private static final Duration LOOKUP_PROBE = Duration.ofSeconds(1);

  private final List<ServerInfo> servers;

  /**
   * Asks every address at once, each on a thread of its own (at most {@link #MAX_ASKING} at a time), so that a Grid of
   * many servers connects in about the time of the slowest, not the sum; each question is bounded by the runtime's
   * call timeout. The servers keep the order of the addresses; if several fail, the first address's failure is thrown.
   */
  public StaticDirectory(List<String> addresses, NodeRuntime runtime) {
    if (addresses.size() <= 1) {
      this.servers = addresses.stream().map(a -> ask(a, runtime)).toList();
      return;
    }
    ExecutorService asking = Executors.newFixedThreadPool(
        Math.min(addresses.size(), MAX_ASKING), Daemons.factory("gridrmi-connect"));
    try {
      List<Future<ServerInfo>> answers = new ArrayList<>();
      for (String a : addresses) answers.add(asking.submit(() -> ask(a, runtime)));
      List<ServerInfo> list = new ArrayList<>();
      for (Future<ServerInfo> f : answers) list.add(answer(f));
      this.servers = List.copyOf(list);
    } finally {
      asking.shutdownNow();
    }
  }

  /** The most addresses asked at the same time. */
  static final int MAX_ASKING = 16;

  private static ServerInfo answer(Future<ServerInfo> f) {
    try {
      return f.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) throw r;
      throw new GridException(
          Status.INTERNAL, "asking a server who it is failed: " + e.getCause(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GridException(Status.CANCELLED, "interrupted while connecting to the servers", e);
    }
  }

  private static ServerInfo ask(String address, NodeRuntime runtime) {
    NodeClient node = runtime.node(address);
    NodeInfo info;
    try {
      info = node.info();
    } catch (GridException e) {
      if (e.status() == Status.UNAVAILABLE) refuseLookupServicePort(address);
      throw e;
    }
    List<String> services = node.services();
    if (services.isEmpty()) {
      throw new GridException(
          Status.INVALID_ARGUMENT, address + " is a GridRMI client's node, not a server");
    }
    return new ServerInfo(info.name(), address, services, Map.of());
  }

  /**
   * An {@code rmi://} address that did not answer as a GridRMI node: if a Jini lookup service answers there, the
   * address has the wrong scheme (a bounded probe, made only after the failure).
   */
  private static void refuseLookupServicePort(String address) {
    URI uri;
    try {
      uri = new URI(address);
    } catch (URISyntaxException e) {
      return;
    }
    if (!"rmi".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 0) return;
    if (PortProbe.answersJiniDiscovery(uri.getHost(), uri.getPort(), LOOKUP_PROBE)) {
      String hostPort = address.substring("rmi://".length());
      throw new GridException(
          Status.INVALID_ARGUMENT,
          address
              + " is a Jini lookup service's port, not a GridRMI server's: connect through it with jini://"
              + hostPort + " (Grid.connect(\"jini://" + hostPort + "\"), or --lookup jini://"
              + hostPort
              + ")");
    }
  }

  @Override
  public List<ServerInfo> servers() {
    return servers;
  }

  @Override
  public String describe() {
    return "addresses " + servers.stream().map(ServerInfo::address).toList();
  }
}
