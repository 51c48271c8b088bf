package org.gridrmi.runtime.transport;

import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.net.TransportMetrics;

/**
 * What carries calls between nodes: RMI over the Grid's sockets ({@link RmiTransport}, the product), or direct calls
 * inside one JVM ({@link InProcessTransport}, for fast deterministic tests, with fault injection). A node, a server
 * and a Grid each own one; closing it unexports what it exported.
 */
public interface Transport extends AutoCloseable {
  /**
   * Makes {@code service} reachable.
   *
   * @param name the node's name, for messages (and the in-process address)
   * @param host the address others use to reach it
   * @param port the port, 0 for a free one
   * @return the exported node, with the address other nodes use, such as {@code rmi://host:port}
   * @throws org.gridrmi.ref.GridException INVALID_ARGUMENT for a port in use, UNAVAILABLE if it cannot export
   */
  Exported export(String name, String host, int port, NodeService service);

  /**
   * The node at {@code address}, as a client of it. Cheap: a connection is made by the first call.
   *
   * @throws org.gridrmi.ref.GridException INVALID_ARGUMENT for an address this transport cannot reach
   */
  NodeClient client(String address);

  /** Drops what is cached about {@code address} (a node that failed), so the next call starts afresh. */
  void forget(String address);

  /**
   * The nodes of this JVM whose values the nodes of this transport resolve in place (RMI: several servers in one JVM
   * share their values, localized, since the RMI runtime is the JVM's), or {@link JvmNodes#NONE} where each node
   * stands for a JVM of its own (in-process). A node exported here adds itself while it serves.
   */
  JvmNodes jvmNodes();

  /** Whether values of nodes in this JVM may be resolved in place by other nodes of the JVM (see {@link #jvmNodes}). */
  default boolean sharesJvm() {
    return jvmNodes() != JvmNodes.NONE;
  }

  /**
   * How the values this transport decodes itself as they arrive (a data connection's fetch) are read: set once, by
   * the runtime that owns the transport, to its own reader (its policy; references bound to its context). Values
   * that arrive inside RMI's answers are decoded by the caller, with its reader.
   */
  default void readValuesWith(
      java.util.function.Supplier<org.gridrmi.runtime.wire.ValueReader> reader) {}

  boolean tls();

  /** One line for banners and messages. */
  String describe();

  /** What this transport learned of the cost of each link it used (t_s, t_w per peer), from its own round trips. */
  org.gridrmi.runtime.cost.LinkLearner linkCosts();

  /** Bytes moved on this transport's connections. */
  TransportMetrics.Snapshot traffic();

  /**
   * The sockets this transport makes (its TLS, link emulation and byte counts), for others that connect on its
   * behalf (a Jini lookup service's proxies); null for a transport with no sockets (in-process).
   */
  default NetContext netContext() {
    return null;
  }

  @Override
  void close();

  /** An exported node. */
  interface Exported extends AutoCloseable {
    String address();

    /** The RMI stub others call it through, or null on other transports. */
    default java.rmi.Remote stub() {
      return null;
    }

    /**
     * What a Jini lookup registration of this node carries per service interface, by interface name: a proxy that
     * implements the interface and makes plain calls to this node; none on a transport Jini clients cannot call.
     *
     * @param serverName the server's name, for the proxies' messages
     */
    default java.util.Map<String, Object> proxiesByType(
        java.util.List<Class<?>> services, String serverName) {
      return java.util.Map.of();
    }

    /** Unexports it: calls in progress may fail, new ones are refused. */
    @Override
    void close();
  }
}
