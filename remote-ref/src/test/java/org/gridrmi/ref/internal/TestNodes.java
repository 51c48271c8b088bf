package org.gridrmi.ref.internal;

import java.util.List;
import java.util.UUID;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.internal.transport.InProcessTransport;
import org.gridrmi.ref.internal.transport.Timeouts;

/** Runtimes and nodes on an in-process network, for the core's unit tests. */
final class TestNodes {
  private TestNodes() {}

  static NodeRuntime runtime(InProcessNetwork net, String name, Timeouts timeouts) {
    SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
    return new NodeRuntime(name, new InProcessTransport(net.hub(), name, timeouts, policy.filter()), policy,
        RuntimeSettings.DEFAULT.withTimeouts(timeouts));
  }

  /** A node that serves values only, with its endpoint. */
  record Started(LocalNode node, NodeEndpoint endpoint, NodeRuntime runtime) implements AutoCloseable {
    @Override
    public void close() {
      node.close();
      runtime.close();
    }
  }

  static Started node(InProcessNetwork net, String name, Timeouts timeouts) {
    NodeRuntime runtime = runtime(net, name, timeouts);
    NodeEndpoint[] endpoint = new NodeEndpoint[1];
    LocalNode node = LocalNode.start(UUID.randomUUID(), name, "127.0.0.1", 0, 60_000,
        org.gridrmi.ref.internal.store.StoreBudget.defaults(), runtime,
        n -> endpoint[0] = new NodeEndpoint(n));
    return new Started(node, endpoint[0], runtime);
  }
}
