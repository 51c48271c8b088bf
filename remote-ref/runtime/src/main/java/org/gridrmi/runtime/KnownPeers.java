package org.gridrmi.runtime;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.transport.Caller;
import org.gridrmi.runtime.wire.Introduction;

/**
 * The nodes a server may fetch values from. A reference names its owner's address, and a server that connected to any
 * address a reference names could be made to reach any host and read its answer; so a server fetches only from:
 * <ul>
 *   <li>itself, and the peers it was configured with;
 *   <li>nodes that called it, at the address they declared, if the call came from that address's host;
 *   <li>the servers of a client's Grid, as the client introduced them with its batches (a Jini client's Grid is what
 *       its lookup service lists; a client connected by address names its servers itself).
 * </ul>
 * A reference naming any other owner fails with PERMISSION_DENIED naming it, before any connection is made. The check
 * never waits (it runs in a server's call dispatch) and needs no lookup service (a Grid keeps working while its lookup
 * service is down). Under TLS every fetch is also authenticated both ways, so only members of the Grid answer one; a
 * Grid without TLS trusts its clients to name its servers, as it trusts them with everything else.
 *
 * <p>What it learns from callers is bounded ({@value #MAX_LEARNED} peers by default), the least recently used (named
 * or fetched from) forgotten first, so a flood of introductions costs a bounded table; the server itself and its
 * configured peers are never forgotten.
 */
public final class KnownPeers {
  /** How many peers a server learns from its callers at most, by default: the least recently used go first. */
  public static final int MAX_LEARNED = 4096;

  /** Itself aside: given by the operator, never forgotten. */
  private final Set<String> configured;

  /** Learned from callers (introductions, callers' own addresses), in order of last use; guarded by itself. */
  private final LinkedHashMap<String, Boolean> learned;

  private final java.util.function.Supplier<String> self;

  /**
   * @param self this node's address (known once it is exported)
   * @param configured peers given to the server ({@code --peers})
   */
  public KnownPeers(java.util.function.Supplier<String> self, Collection<String> configured) {
    this(self, configured, MAX_LEARNED);
  }

  /** As above, learning at most {@code maxLearned} peers from callers (at least 1). */
  public KnownPeers(
      java.util.function.Supplier<String> self, Collection<String> configured, int maxLearned) {
    this.self = self;
    this.configured = Set.copyOf(configured);
    this.learned = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
        return size() > maxLearned;
      }
    };
  }

  /** What a caller said with its batch: its own address (checked against the connection) and its Grid's servers. */
  public void introduce(Introduction in, Caller caller) {
    if (in == null) return;
    if (in.callerAddress() != null) calledFrom(in.callerAddress(), caller);
    synchronized (learned) {
      for (String server : in.gridServers()) learn(server);
    }
  }

  /** A node that called this one declared {@code address}: known if the call came from that address's host. */
  public void calledFrom(String address, Caller caller) {
    if (address == null || known(address)) return;
    if (onHostOf(address, caller)) {
      synchronized (learned) {
        learn(address);
      }
    }
  }

  /**
   * Whether {@code caller} may speak for the node at {@code address}: that node is a known peer, and the call came
   * from its host (under TLS also from a member of the Grid, which every connection proves). What a node checks before
   * it takes a value that node pushed (it learns nothing from it).
   */
  public boolean speaksFor(String address, Caller caller) {
    return address != null && known(address) && onHostOf(address, caller);
  }

  private static boolean onHostOf(String address, Caller caller) {
    return address.equals(caller.host()) || hostOf(address).equals(caller.host());
  }

  private void learn(String address) {
    if (!configured.contains(address)) learned.put(address, Boolean.TRUE);
  }

  /** Whether this server may fetch from {@code owner} (never blocks); a learned peer becomes the most recently used. */
  public boolean known(String owner) {
    if (configured.contains(owner) || owner.equals(self.get())) return true;
    synchronized (learned) {
      return learned.get(owner) != null;
    }
  }

  /** How many peers it learned from callers (at most its limit). */
  int learned() {
    synchronized (learned) {
      return learned.size();
    }
  }

  /** Fetches refused because their owner is not a known peer, for the log. */
  private static final org.gridrmi.runtime.serial.RefusalLog REFUSALS =
      new org.gridrmi.runtime.serial.RefusalLog(KnownPeers.class.getName(), 10, 1000);

  /** @throws GridException PERMISSION_DENIED naming the owner, if it is not known */
  public void check(String owner, String node, String what) {
    if (known(owner)) return;
    String why = what + ": its owner " + owner + " is not a known peer of " + node
        + " (no client introduced it as a "
        + "server of its Grid, it was not configured with --peers, and it never called " + node
        + "): refused to "
        + "connect there";
    REFUSALS.refused(why);
    throw new GridException(Status.PERMISSION_DENIED, why);
  }

  /** The IP address of an address's host, as a connection from it shows it; the host itself if it does not resolve. */
  static String hostOf(String address) {
    try {
      String host = URI.create(address).getHost();
      if (host == null) return address;
      return InetAddress.getByName(host).getHostAddress();
    } catch (IllegalArgumentException | UnknownHostException e) {
      return address;
    }
  }
}
