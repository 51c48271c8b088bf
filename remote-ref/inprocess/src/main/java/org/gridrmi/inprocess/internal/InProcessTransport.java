package org.gridrmi.inprocess.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.net.TransportMetrics;
import org.gridrmi.runtime.wire.BatchReceipt;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.Introduction;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.NodeInfo;
import org.gridrmi.runtime.wire.NodeStats;
import org.gridrmi.runtime.wire.PlainResult;
import org.gridrmi.runtime.wire.Requester;
import org.gridrmi.runtime.transport.JvmNodes;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.NodeService;
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
  private final org.gridrmi.runtime.cost.LinkCosts linkCosts = new org.gridrmi.runtime.cost.LinkCosts();

  public InProcessTransport(InProcessHub hub, String self, Timeouts timeouts, ObjectInputFilter filter) {
    this.hub = hub;
    this.self = self;
    this.timeouts = timeouts;
    this.filter = filter;
  }

  @Override
  public Exported export(String name, String host, int port, NodeService service) {
    String address = hub.export(name, service, filter);
    return new Exported() {
      @Override public String address() { return address; }
      @Override public void close() { hub.unexport(address, service); }
    };
  }

  @Override
  public NodeClient client(String address) {
    if (!address.startsWith(InProcessHub.SCHEME)) {
      throw new GridException(Status.INVALID_ARGUMENT, "malformed address '" + address + "': expected "
          + InProcessHub.SCHEME + "NAME on an in-process network");
    }
    return new Client(address);
  }

  @Override public void forget(String address) { }
  /** Each node stands for a JVM of its own: none resolves another's values in place. */
  @Override public JvmNodes jvmNodes() { return JvmNodes.NONE; }
  @Override public boolean tls() { return false; }
  @Override public String describe() { return "in-process network " + hub; }
  @Override public TransportMetrics.Snapshot traffic() { return TransportMetrics.Snapshot.EMPTY; }
  /** Nothing to learn: calls move no bytes on a wire (the estimates stay empty). */
  @Override public org.gridrmi.runtime.cost.LinkCosts linkCosts() { return linkCosts; }
  @Override public void close() { }

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

  private final class Client implements NodeClient {
    private final String address;

    Client(String address) {
      this.address = address;
    }

    @SuppressWarnings("unchecked")
    private <T> T call(String what, long boundNanos, Object[] args, java.util.function.Function<Object[], T> body) {
      return (T) hub.deliver(self, address, what, boundNanos, args, body, filter);
    }

    private long callNanos() {
      return timeouts.call().toNanos();
    }

    @Override public String address() { return address; }

    @Override
    public NodeInfo info() {
      return call("info", callNanos(), new Object[0], a -> hub.service(address).info());
    }

    @Override
    public FetchResult fetch(UUID id, long waitMillis, Requester requester, boolean announced, String trace) {
      long bound = TimeUnit.MILLISECONDS.toNanos(waitMillis) + timeouts.fetchSlack().toNanos();
      return call("the fetch of value " + id, bound, new Object[] {id, requester, trace},
          a -> hub.service(address).fetch((UUID) a[0], waitMillis, (Requester) a[1], announced, (String) a[2]));
    }

    @Override
    @SuppressWarnings("unchecked")
    public void hold(UUID holder, List<UUID> ids) {
      call("a hold", callNanos(), new Object[] {holder, new java.util.ArrayList<>(ids)}, a -> {
        hub.service(address).hold((UUID) a[0], (List<UUID>) a[1]);
        return null;
      });
    }

    @Override
    @SuppressWarnings("unchecked")
    public void abandon(Requester requester, List<UUID> ids) {
      call("an abandon", callNanos(), new Object[] {requester, new java.util.ArrayList<>(ids)}, a -> {
        hub.service(address).abandon((Requester) a[0], (List<UUID>) a[1]);
        return null;
      });
    }

    @Override
    public boolean vouches(String owner, UUID key) {
      return call("a requester check", callNanos(), new Object[] {owner, key},
          a -> hub.service(address).vouches((String) a[0], (UUID) a[1]));
    }

    @Override
    @SuppressWarnings("unchecked")
    public void release(UUID holder, List<Release> releases) {
      call("a release", callNanos(), new Object[] {holder, new java.util.ArrayList<>(releases)}, a -> {
        hub.service(address).release((UUID) a[0], (List<Release>) a[1]);
        return null;
      });
    }

    @Override
    public long renew(UUID holder) {
      return call("a lease renewal", callNanos(), new Object[] {holder}, a -> hub.service(address).renew((UUID) a[0]));
    }

    @Override
    public boolean cancel(UUID holder, UUID id) {
      return call("a cancel", callNanos(), new Object[] {holder, id},
          a -> hub.service(address).cancel((UUID) a[0], (UUID) a[1]));
    }

    @Override
    public NodeStats stats() {
      return call("stats", callNanos(), new Object[0], a -> hub.service(address).stats());
    }

    @Override
    @SuppressWarnings("unchecked")
    public BatchReceipt submit(UUID holder, Introduction introduction, List<Command> commands) {
      return call("a batch of " + commands.size() + " commands", callNanos(),
          new Object[] {holder, introduction, new java.util.ArrayList<>(commands)},
          a -> hub.service(address).submit((UUID) a[0], (Introduction) a[1], (List<Command>) a[2]));
    }

    @Override
    public PlainResult invokePlain(String service, String method, Object[] args, long timeoutNanos, String trace) {
      return call("the plain call " + method, timeoutNanos == 0 ? Long.MAX_VALUE / 4 : timeoutNanos,
          new Object[] {args, trace}, a -> hub.service(address).invokePlain(service, method, (Object[]) a[0],
          (String) a[1]));
    }

    @Override
    public List<String> services() {
      return call("services", callNanos(), new Object[0], a -> hub.service(address).services());
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<org.gridrmi.runtime.cost.LinkCost> probeLinks(List<String> peers, long timeoutNanos) {
      return call("a link probe", timeoutNanos, new Object[] {new java.util.ArrayList<>(peers)},
          a -> hub.service(address).probeLinks((List<String>) a[0]));
    }
  }
}
