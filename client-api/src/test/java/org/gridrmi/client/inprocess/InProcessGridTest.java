package org.gridrmi.client.inprocess;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.gridrmi.client.Grid;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterEach;

/**
 * Servers exporting {@link Work} and Grids on one in-process network, with short timeouts, closed after each test
 * (newest first) once the network's faults are lifted.
 */
abstract class InProcessGridTest {
  static final Duration SHORT = Duration.ofMillis(300);
  final InProcessNetwork net = new InProcessNetwork();
  final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    net.heal();
    for (int i = open.size() - 1; i >= 0; i--) open.get(i).close();
  }

  GridServer server(String name, UnaryOperator<GridServer.Builder> more) {
    return server(name, SHORT, more);
  }

  GridServer server(String name, Duration callTimeout, UnaryOperator<GridServer.Builder> more) {
    GridServer s = more.apply(GridServer.builder()
            .name(name)
            .inProcess(net)
            .callTimeout(callTimeout)
            .fetchWait(Duration.ofMillis(500))
            .export(Work.class, new WorkImpl()))
        .start();
    open.add(s);
    return s;
  }

  GridServer server(String name) {
    return server(name, b -> b);
  }

  Grid grid(GridServer... servers) {
    return grid(SHORT, servers);
  }

  Grid grid(Duration callTimeout, GridServer... servers) {
    String[] addresses =
        java.util.Arrays.stream(servers).map(GridServer::address).toArray(String[]::new);
    Grid g = Grid.builder()
        .servers(addresses)
        .inProcess(net)
        .callTimeout(callTimeout)
        .fetchWait(Duration.ofMillis(500))
        .build();
    open.add(g);
    return g;
  }

  /** S1 and S2 as {@link #server(String)} makes them, a Grid of both, and {@link Work} on each. */
  record TwoServers(GridServer s1, GridServer s2, Grid grid, WorkAsync on1, WorkAsync on2) {}

  TwoServers twoServers() {
    return twoServers(SHORT);
  }

  /** As {@link #twoServers()}, with servers and Grid given {@code callTimeout}. */
  TwoServers twoServers(Duration callTimeout) {
    GridServer s1 = server("S1", callTimeout, b -> b);
    GridServer s2 = server("S2", callTimeout, b -> b);
    Grid grid = grid(callTimeout, s1, s2);
    return new TwoServers(
        s1,
        s2,
        grid,
        grid.async(WorkAsync.class, grid.server("S1")),
        grid.async(WorkAsync.class, grid.server("S2")));
  }

  static String token() {
    return java.util.UUID.randomUUID().toString();
  }
}
