package org.gridrmi.benchmarks;

import org.gridrmi.client.Grid;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.fig2.Fig2OpsImpl;
import org.gridrmi.server.GridServer;

/** A GridServer exporting Fig2Ops in this JVM and a Grid connected to it over loopback (no link emulation). */
final class LoopbackGrid implements AutoCloseable {
  final GridServer server;
  final Grid grid;

  LoopbackGrid() {
    server = GridServer.builder().name("jmh").host("127.0.0.1").port(0).export(Fig2Ops.class, new Fig2OpsImpl())
        .start();
    grid = Grid.connect(server.address());
  }

  @Override
  public void close() {
    grid.close();
    server.close();
  }
}
