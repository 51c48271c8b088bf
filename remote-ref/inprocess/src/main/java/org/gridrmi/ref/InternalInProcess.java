package org.gridrmi.ref;

import java.io.ObjectInputFilter;
import org.gridrmi.inprocess.internal.InProcessTransport;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;

/**
 * The gate through which GridRMI's own modules (the client's and the server's builders, tests) reach the in-process
 * transport behind an {@link InProcessNetwork}: its implementation stays in {@code org.gridrmi.inprocess.internal},
 * which no other module imports. Not for users' code: build on {@link InProcessNetwork} through the builders'
 * {@code inProcess(net)} instead. (gRPC keeps such gates as {@code Internal*} classes the same way.)
 */
public final class InternalInProcess {
  private InternalInProcess() {}

  /**
   * A transport for the node {@code name} on {@code network}, at {@code inproc://name}.
   *
   * @param timeouts the bounds of its calls
   * @param filter what the node deserializes: every argument and result is copied through it, as between JVMs
   */
  public static Transport transport(
      InProcessNetwork network, String name, Timeouts timeouts, ObjectInputFilter filter) {
    return new InProcessTransport(network.hub(), name, timeouts, filter);
  }
}
