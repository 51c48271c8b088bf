package org.gridrmi.inprocess.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.net.TransportMetrics;
import org.gridrmi.runtime.transport.JvmNodes;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.NodeService;
import org.gridrmi.runtime.transport.Operation;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;

/**
 * Calls between nodes of one {@link InProcessHub} as direct method calls, with every argument and result copied
 * through Java serialization and this node's filter (as RMI would), and the hub's faults applied. Each instance is one
 * member (a server or a Grid) named {@code inproc://NAME}; nodes of the hub never resolve each other's values in
 * place, so every fetch path runs as it would between JVMs.
 */
public final class InProcessTransport implements Transport {
  private final InProcessHub hub;
  private final String self;
  private final Timeouts timeouts;
  private final ObjectInputFilter filter;
  private final org.gridrmi.runtime.cost.LinkLearner linkCosts =
      new org.gridrmi.runtime.cost.LinkLearner();

  public InProcessTransport(
      InProcessHub hub, String self, Timeouts timeouts, ObjectInputFilter filter) {
    this.hub = hub;
    this.self = self;
    this.timeouts = timeouts;
    this.filter = filter;
  }

  @Override
  public Exported export(String name, String host, int port, NodeService service) {
    String address = hub.export(name, service, filter);
    return new Exported() {
      @Override
      public String address() {
        return address;
      }

      @Override
      public void close() {
        hub.unexport(address, service);
      }
    };
  }

  @Override
  public NodeClient client(String address) {
    if (!address.startsWith(InProcessHub.SCHEME)) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "malformed address '" + address + "': expected " + InProcessHub.SCHEME
              + "NAME on an in-process network");
    }
    return Operation.client(address, new Forwarder(address));
  }

  @Override
  public void forget(String address) {}
  /** Each node stands for a JVM of its own: none resolves another's values in place. */
  @Override
  public JvmNodes jvmNodes() {
    return JvmNodes.NONE;
  }

  @Override
  public boolean tls() {
    return false;
  }

  @Override
  public String describe() {
    return "in-process network " + hub;
  }

  @Override
  public TransportMetrics.Snapshot traffic() {
    return TransportMetrics.Snapshot.EMPTY;
  }
  /** Nothing to learn: calls move no bytes on a wire (the estimates stay empty). */
  @Override
  public org.gridrmi.runtime.cost.LinkLearner linkCosts() {
    return linkCosts;
  }

  @Override
  public void close() {}

  /** {@code o} serialized, as its sender writes it (null stays null). */
  static byte[] write(Object o) {
    if (o == null) return null;
    try {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      try (ObjectOutputStream out = new ObjectOutputStream(b)) {
        out.writeObject(o);
      }
      return b.toByteArray();
    } catch (IOException e) {
      throw new GridException(Status.UNAVAILABLE, "in-process copy failed: " + e, e);
    }
  }

  /** What {@link #write} wrote, read back through {@code filter}, as the receiver reads it. */
  static Object read(byte[] bytes, ObjectInputFilter filter) {
    if (bytes == null) return null;
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
      in.setObjectInputFilter(filter);
      return in.readObject();
    } catch (IOException | ClassNotFoundException e) {
      throw new GridException(Status.UNAVAILABLE, "in-process copy failed: " + e, e);
    }
  }

  /**
   * Delivers a caller's calls to the node at one address: each operation's arguments and answer copied as RMI would,
   * the hub's faults applied, bounded as the operation says.
   */
  private final class Forwarder implements Operation.Forwarder {
    private final String address;

    Forwarder(String address) {
      this.address = address;
    }

    @Override
    public Object call(Operation op, Object[] args, long callerNanos) {
      long bound = op.boundNanos(timeouts, args, callerNanos);
      return hub.deliver(
          self,
          address,
          op.what(args),
          op.kind(),
          bound == 0 ? Long.MAX_VALUE / 4 : bound,
          sendable(args),
          a -> op.serve(hub.service(address), a),
          filter);
    }

    /** The arguments as the sender writes them: a list it passes may be a view, so it goes as a copy of its own. */
    private Object[] sendable(Object[] args) {
      Object[] out = args.clone();
      for (int i = 0; i < out.length; i++)
        if (out[i] instanceof List<?> l) out[i] = new java.util.ArrayList<>(l);
      return out;
    }

    @Override
    public String toString() {
      return "in-process client of " + address;
    }
  }
}
