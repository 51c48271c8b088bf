package org.gridrmi.runtime.internal.data;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.internal.rmi.CallGateway;
import org.gridrmi.runtime.internal.rmi.RmiTransport;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;

/**
 * A {@link FakeNode} exported on loopback by a real {@link RmiTransport}, as a node is: its data connections arrive on
 * its RMI port and are served by a {@link DataServer} with the ticket its RMI {@code info()} hands out. The test sees
 * each data connection as it is accepted (to count them, or to cut them).
 */
final class DataNode implements AutoCloseable {
  static final SerialPolicy POLICY = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
  /** How a test's fetching side reads values: this policy, references bound to nothing. */
  static final org.gridrmi.runtime.wire.ValueReader READER =
      org.gridrmi.runtime.wire.ValueReader.unbound(POLICY);

  final FakeNode service;
  final NetContext net;
  final DataServer server;
  final UUID ticket;
  private final RmiTransport transport;
  private final Transport.Exported exported;
  private final int port;
  private final AtomicInteger connections = new AtomicInteger();
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();

  private DataNode(
      String name, NetContext net, Timeouts timeouts, Duration idle, int maxConnections)
      throws Exception {
    this.service = new FakeNode(name);
    this.net = net;
    // a node of its own, as a NodeRuntime would be: RMI reads this node's replies (info()) with the
    // JVM-wide filter,
    // which allows only what live instances allow once any GridRMI instance of this JVM installed
    // it
    org.gridrmi.runtime.serial.JvmFilter.register(POLICY);
    this.transport = new RmiTransport(net, timeouts, POLICY.filter());
    this.exported = transport.export(name, "127.0.0.1", 0, service);
    this.port = java.net.URI.create(exported.address()).getPort();
    this.ticket = ((CallGateway) exported.stub()).info().dataTicket();
    this.server = new DataServer(service, name, ticket, timeouts.call(), idle, maxConnections);
    net.serveData(port, (socket, in, out) -> { // the server RmiTransport made, seen by the test
      connections.incrementAndGet();
      open.add(socket);
      try {
        server.serve(socket, in, out);
      } finally {
        open.remove(socket);
      }
    });
  }

  static DataNode start(String name, TlsStores tls, LinkPlan link, Timeouts timeouts)
      throws Exception {
    return new DataNode(
        name, new NetContext(tls, link, 5_000, "127.0.0.1"), timeouts, Duration.ofMinutes(2), 16);
  }

  /** A plain node that closes a data connection idle for {@code idle} and serves at most {@code max} at once. */
  static DataNode bounded(String name, Timeouts timeouts, Duration idle, int max) throws Exception {
    return new DataNode(
        name, new NetContext(null, LinkPlan.NONE, 5_000, "127.0.0.1"), timeouts, idle, max);
  }

  static DataNode plain(String name, Timeouts timeouts) throws Exception {
    return start(name, null, LinkPlan.NONE, timeouts);
  }

  /** The node's RMI stub, as its registry hands it out. */
  java.rmi.Remote stub() {
    return exported.stub();
  }

  String address() {
    return exported.address();
  }

  int port() {
    return port;
  }

  /** Data connections accepted so far. */
  int connections() {
    return connections.get();
  }

  /** Closes the node's end of every data connection open now, as a node that dies or drops them would. */
  void cutConnections() throws IOException {
    for (Socket s : open) s.close();
  }

  @Override
  public void close() {
    exported.close();
    transport.close();
    org.gridrmi.runtime.serial.JvmFilter.unregister(POLICY);
  }
}
