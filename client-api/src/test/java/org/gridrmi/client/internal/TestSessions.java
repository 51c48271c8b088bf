package org.gridrmi.client.internal;

import io.opentelemetry.api.OpenTelemetry;
import java.time.Duration;
import java.util.List;
import org.gridrmi.client.inprocess.Work;
import org.gridrmi.client.inprocess.WorkImpl;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.store.StoreBudget;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.server.GridServer;

/** Sessions and servers for tests that drive the client's internals step by step. */
final class TestSessions {
  private TestSessions() {}

  /** A server named {@code name} on {@code net}, exporting the tests' {@link Work} service. */
  static GridServer workServer(InProcessNetwork net, String name) {
    return workServer(net, name, System::nanoTime);
  }

  /** A {@link #workServer} whose runtime reads the time from {@code ticker}. */
  static GridServer workServer(
      InProcessNetwork net, String name, java.util.function.LongSupplier ticker) {
    return GridServer.builder()
        .name(name)
        .inProcess(net)
        .export(Work.class, new WorkImpl())
        .ticker(ticker)
        .start();
  }

  /** What a Grid knows of {@code server}, a {@link #workServer} named {@code name}. */
  static org.gridrmi.client.ServerInfo workInfo(String name, GridServer server) {
    return new org.gridrmi.client.ServerInfo(
        name, server.address(), List.of(Work.class.getName()), java.util.Map.of());
  }

  /**
   * Keeps every thread of the session's I/O pool busy until {@code free} counts down, so that batches stay queued until
   * a caller sends them itself (see {@code ServerChannel#sendAwaiting}); returns once they all are.
   */
  static void occupyIo(Session session, java.util.concurrent.CountDownLatch free)
      throws InterruptedException {
    int threads = org.gridrmi.runtime.RuntimeSettings.DEFAULT.ioThreads();
    java.util.concurrent.CountDownLatch busy = new java.util.concurrent.CountDownLatch(threads);
    for (int i = 0; i < threads; i++) {
      session.runtime().io().execute(() -> {
        busy.countDown();
        try {
          free.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
    }
    busy.await();
  }

  /** A Grid's session on an in-process network, with the default timeouts and a 10 s fetch wait. */
  static Session on(InProcessNetwork net) {
    return new Session(new GridSettings(
        null,
        null, // no grid secret: an in-process network
        net,
        "127.0.0.1",
        LinkPlan.NONE,
        List.of(),
        Timeouts.DEFAULT,
        Duration.ofSeconds(10),
        Duration.ofSeconds(60),
        Duration.ofSeconds(5),
        StoreBudget.defaults(),
        false,
        OpenTelemetry.noop(),
        org.gridrmi.runtime.Ticker.SYSTEM));
  }
}
