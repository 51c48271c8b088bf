package org.gridrmi.runtime.internal.rmi;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.internal.rmi.stubform.StubForm;

/**
 * Checks that the stub a node's registry handed out points where it was looked up: the same host (by address) and
 * port, through GridRMI's sockets with the same TLS setting. A stub decides where every later call goes (its endpoint,
 * and the host its socket factory pins), so a registry that answers at an address must not send the calls elsewhere,
 * nor in the clear where TLS was asked for. The check reads the stub's bytes ({@link StubForm}) before the stub is
 * made, since making it already connects to its endpoint (see {@link GatewayHandle}).
 */
final class StubCheck {
  private StubCheck() {}

  /**
   * @param factory the description of the socket factory the lookup used ({@code GridSocketFactory[TLS]} or
   *     {@code [plain]}): the stub's must have the same TLS setting
   * @throws GridException PERMISSION_DENIED naming both places, if the stub points elsewhere
   */
  static void pointsAt(
      StubForm.Endpoint to, String host, int port, String factory, String address) {
    if (!to.gridSockets()) {
      throw redirect(address, "a stub whose calls bypass GridRMI's sockets (" + to.factory() + ")");
    }
    boolean wantTls = factory.contains("[TLS");
    if (to.tls() != wantTls) {
      throw redirect(
          address,
          "a stub whose calls go " + (wantTls ? "without" : "with") + " TLS, looked up "
              + (wantTls ? "with" : "without"));
    }
    String target = to.target();
    if (to.port() != port || !sameHost(target, host)) {
      throw redirect(address, "a stub for " + target + ":" + to.port());
    }
  }

  private static boolean sameHost(String a, String b) {
    if (a.equalsIgnoreCase(b)) return true;
    try {
      return Arrays.equals(
          InetAddress.getByName(a).getAddress(), InetAddress.getByName(b).getAddress());
    } catch (UnknownHostException e) {
      return false;
    }
  }

  static GridException redirect(String address, String what) {
    return new GridException(
        Status.PERMISSION_DENIED,
        "the RMI registry at " + address + " returned " + what
            + ": refused, a node's calls go only to the "
            + "address it was looked up at, as it was looked up (check that " + address
            + " is the GridRMI node you meant)");
  }
}
