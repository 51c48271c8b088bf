package org.gridrmi.runtime.internal.rmi;

import java.net.SocketTimeoutException;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.net.HandshakeRefusedException;
import org.gridrmi.runtime.net.TlsRequiredException;
import org.gridrmi.runtime.serial.SerialFilters;

/** Turns what a transport call threw into the one {@link GridException} callers see, naming the node. */
final class RemoteFailures {
  private RemoteFailures() {}

  /**
   * @param node the node's address
   * @param what the call, for the message ({@code "submit"}, {@code "fetch of value ..."})
   * @param timeoutNanos the bound the call had (0: none)
   */
  static GridException of(String node, String what, Throwable e, long timeoutNanos) {
    return of(node, what, e, timeoutNanos, false);
  }

  /**
   * @param tls whether this side speaks TLS: a refused handshake may then show only as a closed connection (TLS 1.3
   *     sends the alert after the client thinks it is done), so the message says where to look
   */
  static GridException of(String node, String what, Throwable e, long timeoutNanos, boolean tls) {
    if (e instanceof GridException g) return g;
    GridException refused = SerialFilters.refusal(e);
    if (refused != null) {
      return new GridException(
          refused.status(),
          what + " with " + node + " refused a stream: " + refused.description(),
          e);
    }
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof TlsRequiredException t) {
        return new GridException(Status.PERMISSION_DENIED, what + ": " + t.getMessage(), e);
      }
      if (c instanceof HandshakeRefusedException h) {
        return new GridException(h.status(), what + ": " + h.getMessage(), e);
      }
      if (c instanceof javax.net.ssl.SSLException) {
        return new GridException(
            Status.PERMISSION_DENIED,
            "TLS connection to the GridRMI node at " + node
                + " was refused: " + c.getMessage()
                + " (both sides need a certificate from the Grid's CA; see "
                + "./gridrmi keys)",
            e);
      }
      if (c instanceof OutOfMemoryError
          || c instanceof java.rmi.ServerError && c.getCause() instanceof OutOfMemoryError) {
        return new GridException(
            Status.RESOURCE_EXHAUSTED,
            "the GridRMI node at " + node + " ran out of memory " + "serving " + what
                + " (it is still up): give it more heap (-Xmx) or keep less in memory (--max-store)",
            e);
      }
      if (c instanceof SocketTimeoutException) {
        return new GridException(
            Status.UNAVAILABLE,
            "the GridRMI node at " + node + " did not answer " + what + " within "
                + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                + " ms (stopped, overloaded or cut off)",
            e);
      }
    }
    return new GridException(
        Status.UNAVAILABLE,
        "the GridRMI node at " + node + " is unreachable (" + what + "): "
            + rootMessage(e)
            + (tls
                ? " (this side uses TLS: if that node refused its certificate, its log has a line "
                    + "'GridRMI TLS refused a connection from' this host)"
                : ""),
        e);
  }

  /** The innermost message of an exception chain, for one-line errors. */
  static String rootMessage(Throwable t) {
    Throwable c = t;
    while (c.getCause() != null && c.getCause() != c) c = c.getCause();
    return c == t ? String.valueOf(t.getMessage()) : t.getClass().getSimpleName() + ": " + c;
  }
}
