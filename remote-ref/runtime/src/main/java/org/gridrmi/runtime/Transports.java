package org.gridrmi.runtime;

import java.io.ObjectInputFilter;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.internal.rmi.CallGateway;
import org.gridrmi.runtime.internal.rmi.RmiTransport;
import org.gridrmi.runtime.net.GridSecret;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;

/** Makes the product's transport, RMI; the in-process one comes from {@code gridrmi-inprocess}. */
public final class Transports {
  /**
   * Data connections a node serves at once by default (each a thread while it lasts), half of them for one peer
   * address.
   */
  public static final int MAX_DATA_CONNECTIONS = RmiTransport.MAX_DATA_CONNECTIONS;

  private Transports() {}

  /**
   * An RMI transport on sockets of its own.
   *
   * @param tls mutual TLS stores, or null for plain sockets
   * @param secret the grid secret plain connections prove, or null for none (an explicit opt-out)
   * @param link the emulated link plan
   * @param timeouts the bounds of its calls
   * @param host the address RMI sockets listen on and advertise
   * @param filter what the instance deserializes
   * @param maxDataConnections data connections each of its nodes serves at once (default
   *     {@value #MAX_DATA_CONNECTIONS}), half of them (at least one) for any one peer address
   */
  public static Transport rmi(
      TlsStores tls,
      GridSecret secret,
      LinkPlan link,
      Timeouts timeouts,
      String host,
      ObjectInputFilter filter,
      int maxDataConnections) {
    return new RmiTransport(
        new NetContext(tls, secret, link, (int) timeouts.connect().toMillis(), host),
        timeouts,
        filter,
        maxDataConnections);
  }

  /**
   * The RMI stub of the node at {@code host}:{@code port}, as the RMI transport's clients get it: looked up through
   * {@code net}'s sockets and made only if it points there. For tools that talk to a node below the transport (bench
   * hostile's hand-written calls name the stub's object id).
   *
   * @throws org.gridrmi.ref.GridException PERMISSION_DENIED if the node's registry hands out a stub that points
   *     elsewhere; UNAVAILABLE if no GridRMI node is bound there
   * @throws java.rmi.RemoteException if the registry could not be reached or its reply read
   */
  public static java.rmi.Remote nodeStub(NetContext net, String host, int port)
      throws java.rmi.RemoteException {
    return CallGateway.lookup(host, port, net.clientFactory(null));
  }
}
