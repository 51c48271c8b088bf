package org.gridrmi.runtime;

import java.io.ObjectInputFilter;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.internal.rmi.RmiTransport;
import org.gridrmi.runtime.net.GridSecret;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;

/** Makes the product's transport, RMI; the in-process one comes from {@code gridrmi-inprocess}. */
public final class Transports {
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
   */
  public static Transport rmi(
      TlsStores tls,
      GridSecret secret,
      LinkPlan link,
      Timeouts timeouts,
      String host,
      ObjectInputFilter filter) {
    return new RmiTransport(
        new NetContext(tls, secret, link, (int) timeouts.connect().toMillis(), host),
        timeouts,
        filter);
  }
}
