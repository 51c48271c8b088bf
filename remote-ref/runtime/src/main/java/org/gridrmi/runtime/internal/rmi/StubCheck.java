package org.gridrmi.runtime.internal.rmi;

import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.rmi.server.RemoteObject;
import java.rmi.server.RemoteObjectInvocationHandler;
import java.rmi.server.RemoteRef;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * Checks that the stub a node's registry returned points where it was looked up: the same host (by address) and
 * port, through GridRMI's sockets with the same TLS setting. A stub decides where every later call goes (its endpoint,
 * and the host its socket factory pins), so a registry that answers at an address must not send the calls elsewhere,
 * nor in the clear where TLS was asked for.
 *
 * <p>The JDK offers no public accessor of a stub's endpoint; {@link RemoteRef#remoteToString()} is its documented
 * description, whose form ({@code [endpoint:[host:port,factory](remote),objID:...]}) has been stable since JDK 1.2.
 */
final class StubCheck {
  private static final Pattern ENDPOINT =
      Pattern.compile("endpoint:\\[(.+?):(\\d+)(?:,(.*?))?\\]\\((?:remote|local)\\)");
  private static final Pattern PINNED =
      Pattern.compile("GridSocketFactory\\[(TLS|plain)(?:, (.+))?\\]");

  private StubCheck() {}

  /**
   * @param factory the description of the socket factory the lookup used ({@code GridSocketFactory[TLS]} or
   *     {@code [plain]}): the stub's must have the same TLS setting
   * @throws GridException PERMISSION_DENIED naming both places, if the stub points elsewhere
   */
  static void pointsAt(Object stub, String host, int port, String factory, String address) {
    String where = describe(stub);
    Matcher m = ENDPOINT.matcher(where);
    if (!m.find()) throw redirect(address, "a stub of unknown form " + where);
    Matcher f = PINNED.matcher(m.group(3) == null ? "" : m.group(3));
    if (!f.matches()) {
      throw redirect(address, "a stub whose calls bypass GridRMI's sockets (" + m.group(3) + ")");
    }
    boolean wantTls = factory.contains("[TLS");
    if (f.group(1).equals("TLS") != wantTls) {
      throw redirect(
          address,
          "a stub whose calls go " + (wantTls ? "without" : "with") + " TLS, looked up "
              + (wantTls ? "with" : "without"));
    }
    String target = f.group(2) != null ? f.group(2) : m.group(1);
    int targetPort = Integer.parseInt(m.group(2));
    if (targetPort != port || !sameHost(target, host)) {
      throw redirect(address, "a stub for " + target + ":" + targetPort);
    }
  }

  private static String describe(Object stub) {
    RemoteRef ref = null;
    if (stub instanceof Proxy
        && Proxy.getInvocationHandler(stub) instanceof RemoteObjectInvocationHandler h) {
      ref = h.getRef();
    } else if (stub instanceof RemoteObject r) {
      ref = r.getRef();
    }
    return ref == null ? String.valueOf(stub) : ref.remoteToString();
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

  private static GridException redirect(String address, String what) {
    return new GridException(
        Status.PERMISSION_DENIED,
        "the RMI registry at " + address + " returned " + what
            + ": refused, a node's calls go only to the "
            + "address it was looked up at, as it was looked up (check that " + address
            + " is the GridRMI node you meant)");
  }
}
