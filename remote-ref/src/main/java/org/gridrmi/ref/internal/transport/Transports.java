package org.gridrmi.ref.internal.transport;

import java.io.ObjectInputFilter;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.ref.internal.net.LinkPlan;
import org.gridrmi.ref.internal.net.NetContext;

/** The transport a Grid or server's builder asks for: an in-process network if it gave one, else RMI. */
public final class Transports {
  private Transports() {}

  /**
   * @param network the in-process network, or null for RMI
   * @param name the instance's name (its address on an in-process network)
   * @param tls mutual TLS stores, or null for plain sockets
   * @param link the emulated link plan
   * @param host the address RMI sockets listen on and advertise
   * @param filter what the instance deserializes
   */
  public static Transport create(InProcessNetwork network, String name, TlsStores tls, LinkPlan link,
      Timeouts timeouts, String host, ObjectInputFilter filter) {
    if (network != null) return new InProcessTransport(network.hub(), name, timeouts, filter);
    return new RmiTransport(new NetContext(tls, link, (int) timeouts.connect().toMillis(), host), timeouts, filter);
  }
}
