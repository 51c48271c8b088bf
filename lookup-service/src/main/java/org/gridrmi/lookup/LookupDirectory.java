package org.gridrmi.lookup;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.gridrmi.lookup.internal.CachingDirectory;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.net.NetContexts;

/**
 * A live view of the GridRMI servers registered in Jini lookup services.
 *
 * <p>Contract: the factories return once a lookup service has been reached and the view holds
 * what it had registered at that moment; from then on the view follows registrations as they
 * come, change and go (by Reggie's events), and it keeps following them across restarts of the
 * lookup service. Reads are cheap (no remote call). Only registrations made by
 * {@link LookupRegistration} (those with a {@link org.gridrmi.lookup.entry.GridServerInfo}
 * entry) are seen, and only those whose proxy and attributes carry no remote reference (an RMI stub in one is refused
 * before it is read, since reading it would make this JVM connect to the address it names; such a registration counts
 * as {@link #unloadable()}); registrations sharing an address are one server.
 */
public interface LookupDirectory extends AutoCloseable {

  /**
   * Follows the lookup service at {@code lookup} ({@code jini://host:port}, unicast discovery).
   *
   * @throws IllegalArgumentException if the address is malformed, naming it
   * @throws org.gridrmi.ref.GridException with status UNAVAILABLE, naming the address, if it
   *     cannot be reached within {@code timeout}
   */
  static LookupDirectory unicast(URI lookup, Duration timeout) {
    return CachingDirectory.unicast(lookup, timeout, NetContexts.defaultPlain());
  }

  /** As {@link #unicast(URI, Duration)}, over mutual TLS with these stores. */
  static LookupDirectory unicast(URI lookup, Duration timeout, TlsStores tls) {
    return CachingDirectory.unicast(
        lookup, timeout, new NetContext(tls, LinkPlan.NONE, 5_000, null));
  }

  /** As {@link #unicast(URI, Duration)}, over the sockets of {@code net} (a Grid's: its TLS, link and counts). */
  static LookupDirectory unicast(URI lookup, Duration timeout, NetContext net) {
    return CachingDirectory.unicast(lookup, timeout, net);
  }

  /** As {@link #multicast(Duration, String...)}, over the sockets of {@code net}. */
  static LookupDirectory multicast(Duration timeout, NetContext net, String... groups) {
    return CachingDirectory.multicast(timeout, net, groups);
  }

  /**
   * Follows every lookup service of the given groups that answers multicast discovery (none:
   * every group). Works where the network passes multicast to this host (see RIVER-ON-JAVA17.md).
   *
   * @throws org.gridrmi.ref.GridException with status UNAVAILABLE, naming the groups, if no
   *     lookup service answers within {@code timeout}
   */
  static LookupDirectory multicast(Duration timeout, String... groups) {
    return CachingDirectory.multicast(timeout, NetContexts.defaultPlain(), groups);
  }

  /** Every server now known, sorted by name then address. */
  List<ServerRecord> servers();

  /**
   * The servers registered when this directory was opened whose proxies this JVM could not load, each with the
   * service types it could not load (their interfaces, or classes they need, are not on this JVM's class path; a Jini
   * client sees only services it can load), sorted by name then address; their {@code proxy} is null. Taken once,
   * with the first query, and not followed: for messages such as "2 servers registered whose service interfaces are
   * not on this class path". A server with services of both kinds is in this list and in {@link #servers()}.
   */
  List<ServerRecord> unloadable();

  /**
   * One clause naming {@code unloadable} servers for a message, {@code "2 servers registered whose service interfaces
   * are not on this class path: U1 [acme.Shapes], U2 [acme.Shapes]"}; empty for none.
   */
  static String describeUnloadable(List<ServerRecord> unloadable) {
    if (unloadable.isEmpty()) return "";
    return unloadable.size() + (unloadable.size() == 1 ? " server" : " servers")
        + " registered whose service interfaces are not on this class path: "
        + String.join(
            ", ", unloadable.stream().map(s -> s.name() + " " + s.services()).toList());
  }

  /** The servers offering the named service type (a fully qualified interface name). */
  List<ServerRecord> servers(String serviceTypeName);

  /** Adds a listener; it is first told APPEARED for each server already known. */
  void addListener(ServerListener listener);

  void removeListener(ServerListener listener);

  /** Stops following; idempotent. */
  @Override
  void close();
}
