package org.gridrmi.benchmarks.jmh;

import io.opentelemetry.api.OpenTelemetry;
import org.gridrmi.client.Grid;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.fig2.Fig2OpsImpl;
import org.gridrmi.server.GridServer;

/** A GridServer exporting Fig2Ops in this JVM and a Grid connected to it over loopback (no link emulation). */
final class LoopbackGrid implements AutoCloseable {
  final GridServer server;
  final Grid grid;

  /** Server and Grid with the default telemetry (the global OpenTelemetry: none here). */
  LoopbackGrid() {
    this(null);
  }

  /** Server and Grid reporting through {@code otel} (null: the default). */
  LoopbackGrid(OpenTelemetry otel) {
    server = GridServer.builder()
        .name("jmh")
        .host("127.0.0.1")
        .port(0)
        .openTelemetry(otel)
        .export(Fig2Ops.class, new Fig2OpsImpl())
        .start();
    grid = Grid.builder().servers(server.address()).openTelemetry(otel).build();
  }

  @Override
  public void close() {
    grid.close();
    server.close();
  }
}
