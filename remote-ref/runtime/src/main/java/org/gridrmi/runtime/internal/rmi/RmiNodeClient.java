package org.gridrmi.runtime.internal.rmi;

import java.rmi.NoSuchObjectException;
import java.rmi.NotBoundException;
import java.rmi.registry.LocateRegistry;
import java.util.UUID;
import java.util.function.Supplier;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.net.CallDeadline;
import org.gridrmi.runtime.net.CallTraffic;
import org.gridrmi.runtime.net.NetContexts;
import org.gridrmi.runtime.serial.JvmFilter;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.Operation;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.NodeInfo;
import org.gridrmi.runtime.wire.Requester;
import org.gridrmi.runtime.wire.ValueIds;

/**
 * A node reached over RMI: the {@link Operation.Forwarder} behind its {@link NodeClient}. Its stub is looked up in the
 * node's registry at the first call and kept until a call fails. Every call runs with its {@link CallDeadline} (so
 * every read and write of its socket is bounded), bounded as its operation says, and with this transport's context as
 * the one stubs read during it bind to; a call that is one round trip is a sample of the link's cost. A fetch goes
 * over the node's data connection.
 */
final class RmiNodeClient implements Operation.Forwarder {
  private final String address;
  private final String host;
  private final int port;
  private final RmiTransport transport;
  private final NodeClient client;
  private volatile CallGateway stub;
  private volatile UUID dataTicket;

  RmiNodeClient(String address, String host, int port, RmiTransport transport) {
    this.address = address;
    this.host = host;
    this.port = port;
    this.transport = transport;
    this.client = Operation.client(address, this);
  }

  /** The node as its callers use it. */
  NodeClient client() {
    return client;
  }

  /**
   * Every operation but the fetch: on the stub, bounded as the operation says. The node's info also gives the ticket
   * of its data connections, kept for the fetches (a client asks for it when it connects).
   */
  @Override
  public Object call(Operation op, Object[] args, long callerNanos) {
    if (op == Operation.FETCH) return fetch(args);
    Object answer = call(
        () -> op.what(args),
        op.boundNanos(transport.timeouts(), args, callerNanos),
        op.sampled(),
        g -> op.invoke(g, args));
    if (answer instanceof NodeInfo i) dataTicket = i.dataTicket();
    return answer;
  }

  @FunctionalInterface
  private interface Remote<T> {
    T call(CallGateway g) throws Exception;
  }

  /**
   * A call on the stub, bounded by {@code timeoutNanos} (0: none). If {@code sample}, it is also a sample of the
   * link's cost (a round trip: the call's bytes both ways and its time; see
   * {@link org.gridrmi.runtime.cost.LinkLearner}), if it was one round trip on an open connection: calls that may wait
   * on the node (fetch long-polls, plain calls) are no samples, their time is the node's, not the link's.
   *
   * @param what the call, for the message of its failure
   */
  private <T> T call(Supplier<String> what, long timeoutNanos, boolean sample, Remote<T> call) {
    try {
      // without a deadline the answer may take as long as the node computes, but no silence besides
      // that wait
      // may last longer than the call timeout
      CallDeadline.Call<T, Exception> bounded = timeoutNanos == 0
          ? () -> CallDeadline.untilAnswered(callNanos(), () -> attempt(timeoutNanos, call))
          : () -> CallDeadline.within(timeoutNanos, callNanos(), () -> attempt(timeoutNanos, call));
      return NetContexts.with(
          transport.net(),
          !sample
              ? bounded
              : () -> CallTraffic.measure(
                  s -> {
                    if (s.oneRoundTrip())
                      transport.linkCosts().record(address, s.bytes(), s.nanos());
                  },
                  bounded::run));
    } catch (GridException e) {
      throw e;
    } catch (Exception e) {
      forgetStub();
      throw RemoteFailures.of(address, what.get(), e, timeoutNanos, transport.tls());
    } catch (
        OutOfMemoryError
            e) { // reading the answer: this JVM is short of memory, not the node unreachable
      forgetStub();
      Runtime rt = Runtime.getRuntime();
      throw new GridException(
          Status.RESOURCE_EXHAUSTED,
          "this JVM ran out of memory reading the answer to "
              + what.get() + " from " + address + " (heap " + rt.maxMemory() / 1_000_000
              + " MB): give it more heap "
              + "(-Xmx)",
          e);
    }
  }

  /**
   * Makes the call on the stub this client knows. If the node at this address was started again since that stub was
   * made, the new node does not know its object id: the call fails with {@link NoSuchObjectException}, which (as its
   * Javadoc says) means it was not run, so sending it again keeps at-most-once. It goes once more, on a stub looked up
   * afresh, within the same bound.
   */
  private <T> T attempt(long timeoutNanos, Remote<T> call) throws Exception {
    boolean known = stub != null;
    try {
      CallGateway g = stub(timeoutNanos);
      return JvmFilter.readingNodeReply(() -> call.call(g));
    } catch (NoSuchObjectException e) {
      if (!known) throw e;
      forgetStub();
      CallGateway g = stub(timeoutNanos);
      return JvmFilter.readingNodeReply(() -> call.call(g));
    }
  }

  private CallGateway stub(long timeoutNanos) throws Exception {
    CallGateway s = stub;
    if (s != null) return s;
    try {
      var factory = transport.net().clientFactory(null);
      s = (CallGateway) LocateRegistry.getRegistry(host, port, factory).lookup(CallGateway.BINDING);
      StubCheck.pointsAt(s, host, port, factory.toString(), address);
    } catch (NotBoundException e) {
      throw new GridException(
          Status.UNAVAILABLE, "the RMI registry at " + address + " has no GridRMI node", e);
    } catch (ClassCastException e) {
      throw new GridException(
          Status.UNAVAILABLE, "what answers at " + address + " is not a GridRMI node", e);
    }
    stub = s;
    return s;
  }

  void forgetStub() {
    stub = null;
    dataTicket = null; // the node may have restarted with a new one
  }

  private long callNanos() {
    return transport.timeouts().call().toNanos();
  }

  /**
   * Fetches over the node's data connection (the value streams and decodes as it arrives); over RMI only from a node
   * that has none. A value that streams is decoded by the transport's reader (its runtime's policy and context).
   */
  private FetchResult fetch(Object[] args) {
    UUID id = (UUID) args[0];
    long waitMillis = (long) args[1];
    Requester requester = (Requester) args[2];
    boolean announced = (boolean) args[3];
    String trace = (String) args[4];
    long bound = Operation.FETCH.boundNanos(transport.timeouts(), args, 0);
    String what = Operation.FETCH.what(args);
    UUID ticket = dataTicket(what, bound);
    if (ticket == null)
      return (FetchResult) call(() -> what, bound, false, g -> Operation.FETCH.invoke(g, args));
    try {
      try {
        return transport
            .data()
            .fetch(
                host,
                port,
                ticket,
                id,
                waitMillis,
                requester,
                announced,
                trace,
                bound,
                callNanos(),
                transport.values());
      } catch (GridException e) {
        if (e.status() != Status.PERMISSION_DENIED) throw e;
        // a node restarted at this address has a new ticket: ask for it once and try again (a
        // refusal for any
        // other reason comes back the same)
        dataTicket = null;
        UUID fresh = dataTicket(what, bound);
        if (fresh == null || fresh.equals(ticket)) throw e;
        return transport
            .data()
            .fetch(
                host,
                port,
                fresh,
                id,
                waitMillis,
                requester,
                announced,
                trace,
                bound,
                callNanos(),
                transport.values());
      }
    } catch (Exception e) {
      throw RemoteFailures.of(address, what, e, bound, transport.tls());
    } catch (OutOfMemoryError e) {
      Runtime rt = Runtime.getRuntime();
      throw new GridException(
          Status.RESOURCE_EXHAUSTED,
          "this JVM ran out of memory reading value " + ValueIds.shortForm(id) + " from " + address
              + " (heap " + rt.maxMemory() / 1_000_000 + " MB): give it more heap (-Xmx)",
          e);
    }
  }

  /**
   * The node's data ticket, asked once over RMI; null if it has no data connections. Asked as part of {@code what},
   * with its bound: a fetch of a node that hangs fails as a fetch would (by the caller's deadline, which is usually
   * shorter), not at the short timeout of an {@code info()} call.
   */
  private UUID dataTicket(String what, long boundNanos) {
    UUID t = dataTicket;
    if (t == null) {
      t = call(() -> what, boundNanos, false, CallGateway::info).dataTicket();
      dataTicket = t;
    }
    return t;
  }

  @Override
  public String toString() {
    return "RMI client of " + address;
  }
}
