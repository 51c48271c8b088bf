package org.gridrmi.lookup.internal;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.InternalStubs;

/**
 * The lookup services this JVM follows (directories, joins, probes), against which a registrar's reference is checked
 * before it is made ({@link RegistrarHandle}). River reads the registrar's proxy on its own threads (unicast discovery,
 * its discovery managers, Reggie's replies and events), so the check cannot know which lookup service answered; it
 * admits a reference to the host of any lookup service followed now. Only the host can be checked: the registrar's
 * port is one of Reggie's RMI exports, not the {@code jini://} port.
 *
 * <p>Where the lookup service's host is an address of this machine (one of its interfaces', loopback included), any
 * address of this machine's interfaces is admitted too: a lookup service started without {@code --host} advertises
 * the machine's address, which users reach as {@code jini://localhost:4160}, and one started with
 * {@code --host 127.0.0.1} may be reached at the machine's address. The same machine, any of whose ports such a
 * lookup service could name anyway (the port is not checked). Other loopback addresses (127.0.0.2) are other hosts.
 */
final class FollowedLookups {
  /** One lookup service followed: its host (null: any, multicast discovery), and whether its calls use TLS. */
  private record Followed(String host, Boolean tls, String address) {}

  private static final List<Followed> FOLLOWED = new CopyOnWriteArrayList<>();

  private FollowedLookups() {}

  /**
   * Admits registrar references to {@code host} until the returned handle is closed.
   *
   * @param host the lookup service's host, null for any host (multicast discovery: whoever answers)
   * @param tls whether its calls must use TLS; null for either (a join, whose JVM's sockets decide)
   * @param address the lookup service's address (or groups), for messages
   */
  static AutoCloseable follow(String host, Boolean tls, String address) {
    Followed f = new Followed(host, tls, address);
    FOLLOWED.add(f);
    return () -> FOLLOWED.remove(f);
  }

  /**
   * Checks that a registrar reference points at a lookup service this JVM follows, through GridRMI's sockets with its
   * TLS setting. A JVM that follows none through GridRMI (a plain Jini client that has GridRMI's classes, calling
   * River itself) admits any host, as any Jini client does.
   *
   * @throws GridException PERMISSION_DENIED naming where it points and what this JVM follows
   */
  static void check(InternalStubs.Target to) {
    if (FOLLOWED.isEmpty()) return;
    boolean hostFollowed = false;
    for (Followed f : FOLLOWED) {
      if (f.host() == null || sameHost(f.host(), to.host())) {
        hostFollowed = true;
        if (f.tls() == null || f.tls() == to.tls()) return;
      }
    }
    List<String> followed = FOLLOWED.stream().map(Followed::address).distinct().toList();
    if (hostFollowed) {
      // the lookup service runs with TLS and this program without, or the other way round: said as
      // a GridRMI connection says it, with the fix, not as an address to distrust
      throw new GridException(
          Status.PERMISSION_DENIED,
          "its registrar at " + to.host() + ":" + to.port()
              + (to.tls()
                  ? TLS_PEER
                      + ": give it --tls (with the grid's keys), or start that lookup service"
                      + " and the rest of its grid without --tls"
                  : PLAIN_PEER
                      + ": drop --tls here, or start that lookup service and the rest of its"
                      + " grid with --tls")
              + " (refused before any connection)");
    }
    throw new GridException(
        Status.PERMISSION_DENIED,
        "its registrar proxy's calls go to " + to.host() + ":" + to.port()
            + ", not to the host of a lookup service this program follows ("
            + String.join(", ", followed)
            + "): refused before any connection");
  }

  private static final String PLAIN_PEER = " runs without TLS, and this program uses TLS (--tls)";
  private static final String TLS_PEER = " uses TLS, and this program has no TLS settings";

  /** Whether a refusal of {@link #check} is TLS on one side only (not an address to distrust). */
  static boolean tlsOnOneSide(String refusal) {
    return refusal.contains(PLAIN_PEER) || refusal.contains(TLS_PEER);
  }

  /** Whether {@code a} is the address of one of this machine's interfaces (not merely in 127/8). */
  private static boolean thisMachines(InetAddress a) throws SocketException {
    return NetworkInterface.getByInetAddress(a) != null;
  }

  private static boolean sameHost(String followed, String named) {
    if (followed.equalsIgnoreCase(named)) return true;
    try {
      InetAddress f = InetAddress.getByName(followed);
      InetAddress n = InetAddress.getByName(named);
      return f.equals(n) || thisMachines(f) && thisMachines(n);
    } catch (UnknownHostException | SocketException e) {
      return false;
    }
  }
}
