package org.gridrmi.runtime.internal.rmi;

import java.rmi.NoSuchObjectException;
import java.rmi.NotBoundException;
import java.rmi.registry.LocateRegistry;
import java.util.List;
import java.util.UUID;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.net.CallDeadline;
import org.gridrmi.runtime.net.CallTraffic;
import org.gridrmi.runtime.net.NetContexts;
import org.gridrmi.runtime.wire.BatchReceipt;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.Introduction;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.NodeInfo;
import org.gridrmi.runtime.wire.NodeStats;
import org.gridrmi.runtime.wire.PlainResult;
import org.gridrmi.runtime.transport.NodeClient;

/**
 * A node reached over RMI. Its stub is looked up in the node's registry at the first call and kept until a call fails.
 * Every call runs with its {@link CallDeadline} (so every read and write of its socket is bounded) and with this
 * transport's context as the one stubs read during it bind to.
 */
final class RmiNodeClient implements NodeClient {
  private final String address;
  private final String host;
  private final int port;
  private final RmiTransport transport;
  private volatile CallGateway stub;
  private volatile java.util.UUID dataTicket;

  RmiNodeClient(String address, String host, int port, RmiTransport transport) {
    this.address = address;
    this.host = host;
    this.port = port;
    this.transport = transport;
  }

  @FunctionalInterface
  private interface Remote<T> {
    T call(CallGateway g) throws Exception;
  }

  private <T> T call(String what, long timeoutNanos, Remote<T> call) {
    return call(what, timeoutNanos, false, call);
  }

  /**
   * A short call that is also a sample of the link's cost (a round trip: the call's bytes both ways and its time;
   * see {@link org.gridrmi.runtime.cost.LinkCosts}), if it was one round trip on an open connection. Calls that
   * may wait on the node (fetch long-polls, plain calls) are no samples: their time is the node's, not the link's.
   */
  private <T> T sampled(String what, Remote<T> call) {
    return call(what, callNanos(), true, call);
  }

  private <T> T call(String what, long timeoutNanos, boolean sample, Remote<T> call) {
    try {
      long inactivity = timeoutNanos == 0 ? Long.MAX_VALUE / 4 : callNanos();
      CallDeadline.Call<T, Exception> bounded = () -> CallDeadline.within(timeoutNanos == 0 ? Long.MAX_VALUE / 4
          : timeoutNanos, inactivity, () -> attempt(timeoutNanos, call));
      return NetContexts.with(transport.net(), !sample ? bounded : () -> CallTraffic.measure(s -> {
        if (s.oneRoundTrip()) transport.linkCosts().record(address, s.bytes(), s.nanos());
      }, bounded::run));
    } catch (GridException e) {
      throw e;
    } catch (Exception e) {
      forgetStub();
      throw RemoteFailures.of(address, what, e, timeoutNanos, transport.tls());
    } catch (OutOfMemoryError e) { // reading the answer: this JVM is short of memory, not the node unreachable
      forgetStub();
      Runtime rt = Runtime.getRuntime();
      throw new GridException(Status.RESOURCE_EXHAUSTED, "this JVM ran out of memory reading the answer to " + what
          + " from " + address + " (heap " + rt.maxMemory() / 1_000_000 + " MB): give it more heap (-Xmx)", e);
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
      return call.call(stub(timeoutNanos));
    } catch (NoSuchObjectException e) {
      if (!known) throw e;
      forgetStub();
      return call.call(stub(timeoutNanos));
    }
  }

  private CallGateway stub(long timeoutNanos) throws Exception {
    CallGateway s = stub;
    if (s != null) return s;
    try {
      s = (CallGateway) LocateRegistry.getRegistry(host, port, transport.net().clientFactory(null))
          .lookup(CallGateway.BINDING);
    } catch (NotBoundException e) {
      throw new GridException(Status.UNAVAILABLE, "the RMI registry at " + address + " has no GridRMI node", e);
    } catch (ClassCastException e) {
      throw new GridException(Status.UNAVAILABLE, "what answers at " + address + " is not a GridRMI node", e);
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

  @Override public String address() { return address; }

  /** The node's information; its data ticket is kept for the fetches (a client asks this when it connects). */
  @Override
  public NodeInfo info() {
    NodeInfo i = sampled("info", CallGateway::info);
    dataTicket = i.dataTicket();
    return i;
  }

  /**
   * Fetches over the node's data connection (the value streams and decodes as it arrives); over RMI only from a node
   * that has none. A value that streams is decoded by the transport's reader (its runtime's policy and context).
   */
  @Override
  public FetchResult fetch(UUID id, long waitMillis, org.gridrmi.runtime.wire.Requester requester,
      boolean announced, String trace) {
    long bound = waitMillis * 1_000_000L + transport.timeouts().fetchSlack().toNanos();
    String what = "the fetch of value " + id;
    java.util.UUID ticket = dataTicket(what, bound);
    if (ticket == null) return call(what, bound, g -> g.fetch(id, waitMillis, requester, announced, trace));
    try {
      try {
        return transport.data().fetch(host, port, ticket, id, waitMillis, requester, announced, trace, bound,
            callNanos(), transport.values());
      } catch (GridException e) {
        if (e.status() != Status.PERMISSION_DENIED) throw e;
        // a node restarted at this address has a new ticket: ask for it once and try again (a refusal for any
        // other reason comes back the same)
        dataTicket = null;
        java.util.UUID fresh = dataTicket(what, bound);
        if (fresh == null || fresh.equals(ticket)) throw e;
        return transport.data().fetch(host, port, fresh, id, waitMillis, requester, announced, trace, bound,
            callNanos(), transport.values());
      }
    } catch (Exception e) {
      throw RemoteFailures.of(address, what, e, bound, transport.tls());
    } catch (OutOfMemoryError e) {
      Runtime rt = Runtime.getRuntime();
      throw new GridException(Status.RESOURCE_EXHAUSTED, "this JVM ran out of memory reading value " + id + " from "
          + address + " (heap " + rt.maxMemory() / 1_000_000 + " MB): give it more heap (-Xmx)", e);
    }
  }

  /**
   * The node's data ticket, asked once over RMI; null if it has no data connections. Asked as part of {@code what},
   * with its bound: a fetch of a node that hangs fails as a fetch would (by the caller's deadline, which is usually
   * shorter), not at the short timeout of an {@code info()} call.
   */
  private java.util.UUID dataTicket(String what, long boundNanos) {
    java.util.UUID t = dataTicket;
    if (t == null) {
      t = call(what, boundNanos, CallGateway::info).dataTicket();
      dataTicket = t;
    }
    return t;
  }

  @Override
  public void hold(UUID holder, List<UUID> ids) {
    sampled("a hold", g -> {
      g.hold(holder, ids);
      return null;
    });
  }

  @Override
  public void abandon(org.gridrmi.runtime.wire.Requester requester, List<UUID> ids) {
    sampled("an abandon", g -> {
      g.abandon(requester, ids);
      return null;
    });
  }

  @Override
  public boolean vouches(String owner, UUID key) {
    return call("a requester check", callNanos(), g -> g.vouches(owner, key));
  }

  @Override
  public void release(UUID holder, List<Release> releases) {
    sampled("a release", g -> {
      g.release(holder, releases);
      return null;
    });
  }

  @Override public long renew(UUID holder) { return sampled("a lease renewal", g -> g.renew(holder)); }

  @Override
  public boolean cancel(UUID holder, UUID id) {
    return sampled("a cancel", g -> g.cancel(holder, id));
  }

  @Override public NodeStats stats() { return sampled("stats", CallGateway::stats); }

  @Override
  public BatchReceipt submit(UUID holder, Introduction introduction, List<Command> commands) {
    return sampled("a batch of " + commands.size() + " commands", g -> g.submit(holder, introduction, commands));
  }

  @Override
  public PlainResult invokePlain(String service, String method, Object[] args, long timeoutNanos, String trace) {
    return call("the plain call " + method, timeoutNanos, g -> g.invokePlain(service, method, args, trace));
  }

  @Override public List<String> services() { return call("services", callNanos(), CallGateway::services); }

  @Override
  public List<org.gridrmi.runtime.cost.LinkCost> probeLinks(List<String> peers, long timeoutNanos) {
    return call("a link probe", timeoutNanos, g -> g.probeLinks(peers));
  }

  @Override public String toString() { return "RMI client of " + address; }
}
