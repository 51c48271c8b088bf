package org.gridrmi.runtime;

import java.util.List;
import java.util.UUID;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.InternalInProcess;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.transport.Timeouts;

/** Runtimes and nodes on an in-process network, for the core's unit tests. */
final class TestNodes {
  private TestNodes() {}

  static NodeRuntime runtime(InProcessNetwork net, String name, Timeouts timeouts) {
    SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
    return new NodeRuntime(
        name,
        InternalInProcess.transport(net, name, timeouts, policy.filter()),
        policy,
        RuntimeSettings.DEFAULT.withTimeouts(timeouts));
  }

  /** A node that serves values only, with its endpoint. */
  record Started(LocalNode node, NodeEndpoint endpoint, NodeRuntime runtime)
      implements AutoCloseable {
    @Override
    public void close() {
      node.close();
      runtime.close();
    }
  }

  static Started node(InProcessNetwork net, String name, Timeouts timeouts) {
    return start(runtime(net, name, timeouts), name, 60_000);
  }

  /**
   * Takes the one thread and the one queue place of {@code runtime}'s I/O pool (made with one of each) until
   * {@code busy} counts down: the next task the pool is given is refused as full.
   */
  static void fillIo(NodeRuntime runtime, java.util.concurrent.CountDownLatch busy) {
    Runnable block = () -> {
      try {
        busy.await(10, java.util.concurrent.TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
    runtime.io().execute(block); // the one thread
    org.awaitility.Awaitility.await()
        .atMost(java.time.Duration.ofSeconds(5))
        .until(() -> runtime.io().load() == 1);
    runtime.io().execute(block); // the one place in the queue
  }

  /** A node with these runtime settings (its pools, say). */
  static Started node(InProcessNetwork net, String name, RuntimeSettings settings) {
    SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
    return start(
        new NodeRuntime(
            name,
            InternalInProcess.transport(net, name, settings.timeouts(), policy.filter()),
            policy,
            settings),
        name,
        60_000);
  }

  /** A node whose holders' leases last {@code leaseMillis}. */
  static Started node(InProcessNetwork net, String name, Timeouts timeouts, long leaseMillis) {
    return start(runtime(net, name, timeouts), name, leaseMillis);
  }

  /** A node that serves values only, over RMI on 127.0.0.1 (a free port). */
  static Started rmiNode(String name) {
    SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
    var transport = new org.gridrmi.runtime.internal.rmi.RmiTransport(
        new org.gridrmi.runtime.net.NetContext(
            null, org.gridrmi.runtime.net.LinkPlan.NONE, 2_000, "127.0.0.1"),
        Timeouts.DEFAULT,
        policy.filter());
    return start(new NodeRuntime(name, transport, policy, RuntimeSettings.DEFAULT), name, 60_000);
  }

  private static Started start(NodeRuntime runtime, String name, long leaseMillis) {
    NodeEndpoint[] endpoint = new NodeEndpoint[1];
    LocalNode node = LocalNode.start(
        UUID.randomUUID(),
        name,
        "127.0.0.1",
        0,
        leaseMillis,
        org.gridrmi.runtime.store.StoreBudget.defaults(),
        runtime,
        n -> endpoint[0] = new NodeEndpoint(n));
    return new Started(node, endpoint[0], runtime);
  }
}
