package org.gridrmi.lookup.internal;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import net.jini.config.Configuration;
import net.jini.config.ConfigurationException;
import net.jini.core.discovery.LookupLocator;
import net.jini.core.entry.Entry;
import net.jini.core.lookup.ServiceItem;
import net.jini.core.lookup.ServiceMatches;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.core.lookup.ServiceTemplate;
import net.jini.discovery.DiscoveryEvent;
import net.jini.discovery.DiscoveryListener;
import net.jini.discovery.LookupDiscovery;
import net.jini.discovery.LookupDiscoveryManager;
import net.jini.lease.LeaseRenewalManager;
import net.jini.lookup.LookupCache;
import net.jini.lookup.ServiceDiscoveryEvent;
import net.jini.lookup.ServiceDiscoveryListener;
import net.jini.lookup.ServiceDiscoveryManager;
import org.gridrmi.lookup.JiniUrls;
import org.gridrmi.lookup.LookupDirectory;
import org.gridrmi.lookup.PortProbe;
import org.gridrmi.lookup.ServerListener;
import org.gridrmi.lookup.ServerRecord;
import org.gridrmi.lookup.entry.GridServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.net.HandshakeRefusedException;
import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.net.NetContexts;
import org.gridrmi.runtime.net.TlsRequiredException;
import org.gridrmi.runtime.serial.JvmFilter;
import org.gridrmi.runtime.serial.SerialFilters;

/**
 * {@link LookupDirectory} on River's ServiceDiscoveryManager and one LookupCache: the cache
 * registers for Reggie's events and re-queries after a lookup service comes back, and feeds a
 * {@link ServerTable}.
 */
public final class CachingDirectory implements LookupDirectory {
  /** Every GridRMI registration: it has a GridServerInfo entry (all fields wildcards). */
  static final ServiceTemplate ALL_GRID_SERVERS =
      new ServiceTemplate(null, null, new Entry[] {new GridServerInfo()});

  private static final long PROBE_RETRY_MILLIS = 100;

  /** The most registrations the first query reads (each a proxy and a few entries). */
  private static final int MAX_CENSUS = 10_000;

  /**
   * How long the first discovery attempt waits for an answer: a lookup service answers in milliseconds (0.3 to
   * 0.9 s from a fresh JVM); later attempts wait for the rest of the timeout.
   */
  private static final long FIRST_ANSWER_MILLIS = 1_000;

  private final LookupDiscoveryManager discovery;
  private final ServiceDiscoveryManager sdm;
  private final LookupCache cache;
  private final ServerTable table;
  private final List<ServerRecord> unloadable;
  private LocatorWatchdog watchdog; // unicast only
  /** Admits the registrar references of the lookup services it follows ({@link FollowedLookups}) until closed. */
  private AutoCloseable followed;

  private boolean closed;

  private CachingDirectory(
      LookupDiscoveryManager discovery,
      ServiceDiscoveryManager sdm,
      LookupCache cache,
      ServerTable table,
      List<ServerRecord> unloadable) {
    this.discovery = discovery;
    this.sdm = sdm;
    this.cache = cache;
    this.table = table;
    this.unloadable = unloadable;
  }

  /**
   * What a first query found: registrations this JVM can read, and those whose proxy it cannot load (their attributes
   * are GridRMI's own entries, which it can read).
   */
  private record Census(int readable, List<ServiceItem> unloadable) {
    static final Census NONE = new Census(0, List.of());

    Census plus(Census other) {
      List<ServiceItem> both = new ArrayList<>(unloadable);
      both.addAll(other.unloadable);
      return new Census(readable + other.readable, both);
    }
  }

  /** See {@link LookupDirectory#unicast(URI, Duration)}; the sockets are those of {@code net}. */
  public static CachingDirectory unicast(URI lookup, Duration timeout, NetContext net) {
    guardReads();
    return NetContexts.with(net, () -> unicastIn(lookup, timeout, net));
  }

  /**
   * Before anything is read: GridRMI's JVM-wide filter in force (also in a JVM without a Grid), refusing remote
   * references in registrants' objects ({@link RegisteredObjects}).
   */
  private static void guardReads() {
    RegisteredObjects.guard();
    JvmFilter.install();
  }

  private static CachingDirectory unicastIn(URI lookup, Duration timeout, NetContext net) {
    RiverLogging.quietByDefault();
    LookupLocator locator = JiniUrls.toLocator(lookup);
    long deadline = deadline(timeout);
    String address = JiniUrls.format(locator.getHost(), locator.getPort());
    String what = "lookup service " + address;
    AutoCloseable followed = FollowedLookups.follow(locator.getHost(), net.tls(), address);
    try {
      // Probe first, ourselves: River's discovery would retry silently for ever, we owe the
      // caller an error naming the address within the timeout.
      Census census = census(probe(locator, deadline, timeout, what), what, net);
      LookupDiscoveryManager discovery = new LookupDiscoveryManager(
          new String[0], new LookupLocator[] {locator}, null, RiverConfigs.discovery(net));
      CachingDirectory directory = open(discovery, census, deadline, what, net);
      directory.watchdog = new LocatorWatchdog(discovery, locator);
      directory.followed = followed;
      return directory;
    } catch (IOException | ConfigurationException e) {
      unfollow(followed);
      throw new GridException(Status.UNAVAILABLE, "cannot follow the " + what + ": " + e, e);
    } catch (RuntimeException | Error e) {
      unfollow(followed);
      throw e;
    }
  }

  /**
   * Admits, until closed, the registrar reference of the lookup service at {@code host:port} with either TLS setting:
   * for a probe that asks only whether one answers there ({@link PortProbe}).
   */
  public static AutoCloseable probing(String host, int port) {
    return FollowedLookups.follow(host, null, JiniUrls.format(host, port));
  }

  static void unfollow(AutoCloseable followed) {
    if (followed == null) return;
    try {
      followed.close();
    } catch (Exception e) {
      throw new IllegalStateException("cannot happen: removing from a list", e);
    }
  }

  /** See {@link LookupDirectory#multicast(Duration, String...)}; the sockets are those of {@code net}. */
  public static CachingDirectory multicast(Duration timeout, NetContext net, String... groups) {
    guardReads();
    return NetContexts.with(net, () -> multicastIn(timeout, net, groups));
  }

  private static CachingDirectory multicastIn(Duration timeout, NetContext net, String... groups) {
    RiverLogging.quietByDefault();
    long deadline = deadline(timeout);
    String[] wanted =
        groups == null || groups.length == 0 ? LookupDiscovery.ALL_GROUPS : groups.clone();
    String what =
        "lookup services of groups " + (wanted == null ? "(all)" : Arrays.toString(wanted));
    // whoever answers multicast discovery is a lookup service of these groups: only the sockets can
    // be checked
    AutoCloseable followed = FollowedLookups.follow(null, net.tls(), what);
    try {
      CachingDirectory directory = discoverIn(timeout, net, deadline, wanted, what);
      directory.followed = followed;
      return directory;
    } catch (RuntimeException | Error e) {
      unfollow(followed);
      throw e;
    }
  }

  private static CachingDirectory discoverIn(
      Duration timeout, NetContext net, long deadline, String[] wanted, String what) {
    CountDownLatch found = new CountDownLatch(1);
    LookupDiscoveryManager discovery;
    try {
      discovery = new LookupDiscoveryManager(
          wanted,
          null,
          new DiscoveryListener() {
            @Override
            public void discovered(DiscoveryEvent e) {
              found.countDown();
            }

            @Override
            public void discarded(DiscoveryEvent e) {}
          },
          RiverConfigs.discovery(net));
    } catch (IOException | ConfigurationException e) {
      throw new GridException(
          Status.UNAVAILABLE, "cannot start multicast discovery of " + what + ": " + e, e);
    }
    try {
      if (!found.await(remainingMillis(deadline), TimeUnit.MILLISECONDS)) {
        discovery.terminate();
        throw new GridException(
            Status.UNAVAILABLE,
            "no " + what + " answered multicast discovery within " + seconds(timeout)
                + " (is multicast routed to this host?)");
      }
      Census census = Census.NONE;
      for (ServiceRegistrar registrar : discovery.getRegistrars()) {
        census = census.plus(census(registrar, what, net));
      }
      return open(discovery, census, deadline, what, net);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      discovery.terminate();
      throw new GridException(Status.CANCELLED, "interrupted while discovering " + what, e);
    } catch (IOException | ConfigurationException e) {
      discovery.terminate();
      throw new GridException(Status.UNAVAILABLE, "cannot follow the " + what + ": " + e, e);
    }
  }

  private static CachingDirectory open(
      LookupDiscoveryManager discovery, Census census, long deadline, String what, NetContext net)
      throws IOException, ConfigurationException {
    Configuration config = RiverConfigs.discovery(net);
    ServiceDiscoveryManager sdm =
        new ServiceDiscoveryManager(discovery, new LeaseRenewalManager(config), config);
    ServerTable table = new ServerTable(what);
    LookupCache cache =
        sdm.createLookupCache(ALL_GRID_SERVERS, null, new ServiceDiscoveryListener() {
          @Override
          public void serviceAdded(ServiceDiscoveryEvent e) {
            table.put(e.getPostEventServiceItem());
          }

          @Override
          public void serviceChanged(ServiceDiscoveryEvent e) {
            table.put(e.getPostEventServiceItem());
          }

          @Override
          public void serviceRemoved(ServiceDiscoveryEvent e) {
            table.remove(e.getPreEventServiceItem().serviceID);
          }
        });
    // Let the cache catch up with what the probe saw, so servers() is right on return.
    while (table.registrations() < census.readable() && remainingMillis(deadline) > 0) {
      sleep(5);
    }
    return new CachingDirectory(
        discovery, sdm, cache, table, ServerTable.group(census.unloadable(), false));
  }

  private static ServiceRegistrar probe(
      LookupLocator locator, long deadline, Duration timeout, String what) {
    Exception last = null;
    boolean askedWhatIsThere = false;
    do {
      // Until something that accepted the connection has failed to answer, an attempt waits at most
      // FIRST_ANSWER_MILLIS: a port of another kind (a GridRMI server's) then waits for discovery's
      // request to end, and would keep us until the timeout.
      long bound = askedWhatIsThere
          ? remainingMillis(deadline)
          : Math.min(FIRST_ANSWER_MILLIS, remainingMillis(deadline));
      try {
        return locator.getRegistrar((int) Math.max(1, Math.min(Integer.MAX_VALUE, bound)));
      } catch (IOException | ClassNotFoundException | RuntimeException e) {
        GridException refused = SerialFilters.refusal(e);
        if (refused != null && refused.status() == Status.PERMISSION_DENIED) {
          String why = refused.description();
          throw new GridException(
              Status.PERMISSION_DENIED,
              "the " + what + " answered discovery, but " + why
                  + (FollowedLookups.tlsOnOneSide(why)
                      ? ""
                      : ". Use the address the lookup service prints ('lookup service ready at"
                          + " jini://...': one started with --host H takes its clients at H), and check that"
                          + " no other program answers at "
                          + JiniUrls.format(locator.getHost(), locator.getPort())),
              e);
        }
        last = e;
        if (!askedWhatIsThere && !(rootCause(e) instanceof java.net.ConnectException)) {
          askedWhatIsThere = true;
          refuseOtherProtocol(locator, deadline);
        }
      }
      sleep(Math.min(PROBE_RETRY_MILLIS, Math.max(0, remainingMillis(deadline))));
    } while (remainingMillis(deadline) > 0);
    throw new GridException(
        Status.UNAVAILABLE, what + " unreachable within " + seconds(timeout) + ": " + last, last);
  }

  /**
   * Something accepted the connection but did not answer discovery: if it is a GridRMI server (it speaks Java RMI),
   * the address has the wrong scheme, and waiting longer would not help.
   */
  private static void refuseOtherProtocol(LookupLocator locator, long deadline) {
    String host = locator.getHost();
    int port = locator.getPort();
    Duration bound =
        Duration.ofMillis(Math.max(1, Math.min(FIRST_ANSWER_MILLIS, remainingMillis(deadline))));
    if (PortProbe.answersJavaRmi(host, port, bound)) {
      String hostPort = JiniUrls.format(host, port).substring("jini://".length());
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "jini://" + hostPort
              + " is a GridRMI server's port (it speaks Java RMI, not Jini discovery):"
              + " connect to that server with rmi://" + hostPort
              + ", or give the lookup service's address (its 'lookup service ready at jini://...' line)");
    }
  }

  private static Throwable rootCause(Throwable t) {
    Throwable c = t;
    while (c.getCause() != null && c.getCause() != c) c = c.getCause();
    return c;
  }

  /**
   * The GridRMI registrations a registrar holds (one query, at most {@link #MAX_CENSUS} items read): the first call
   * through its proxy, so a lookup service that answers discovery but not calls (TLS on one side only, a firewall)
   * is reported here, once.
   */
  private static Census census(ServiceRegistrar registrar, String what, NetContext net) {
    try {
      ServiceMatches matches = registrar.lookup(ALL_GRID_SERVERS, MAX_CENSUS);
      List<ServiceItem> unloadable = new ArrayList<>();
      if (matches.items != null) {
        for (ServiceItem item : matches.items) {
          // River leaves the service null where its proxy cannot be unmarshalled here: its
          // interface (or a class
          // it needs) is not on this JVM's class path
          if (item != null && item.service == null) unloadable.add(item);
        }
      }
      return new Census(matches.totalMatches - unloadable.size(), unloadable);
    } catch (IOException e) {
      for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
        if (c instanceof TlsRequiredException t) {
          throw new GridException(
              Status.PERMISSION_DENIED,
              "the " + what + " answered discovery, but " + t.getMessage(),
              e);
        }
        if (c instanceof HandshakeRefusedException h) {
          throw new GridException(
              h.status(), "the " + what + " answered discovery, but " + h.getMessage(), e);
        }
        if (c
            instanceof
            javax.net.ssl.SSLException) { // a TLS lookup service refused this JVM: say so now
          throw new GridException(
              Status.PERMISSION_DENIED,
              "the " + what + " refused this client's TLS connection: " + c.getMessage()
                  + " (a client needs a key store from the Grid's CA: ./gridrmi keys)",
              e);
        }
      }
      throw new GridException(
          Status.UNAVAILABLE,
          "the " + what + " answered discovery but not a query: "
              + e.getMessage()
              + (net.tls()
                  ? " (this client uses TLS: if the lookup service refused its certificate, its"
                      + " log has a line 'GridRMI TLS refused a connection from' this host)"
                  : ""),
          e);
    }
  }

  @Override
  public List<ServerRecord> servers() {
    return table.servers();
  }

  @Override
  public List<ServerRecord> unloadable() {
    return unloadable;
  }

  @Override
  public List<ServerRecord> servers(String serviceTypeName) {
    Objects.requireNonNull(serviceTypeName, "serviceTypeName");
    return table.servers().stream().filter(s -> s.offers(serviceTypeName)).toList();
  }

  @Override
  public void addListener(ServerListener listener) {
    table.addListener(Objects.requireNonNull(listener, "listener"));
  }

  @Override
  public void removeListener(ServerListener listener) {
    table.removeListener(listener);
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (watchdog != null) {
      watchdog.close();
    }
    cache.terminate();
    sdm.terminate();
    discovery.terminate();
    table.close();
    unfollow(followed);
  }

  private static long deadline(Duration timeout) {
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive, not " + timeout);
    }
    return System.nanoTime() + timeout.toNanos();
  }

  private static long remainingMillis(long deadline) {
    return TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
  }

  private static String seconds(Duration d) {
    return d.toMillis() / 1000.0 + " s";
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GridException(Status.CANCELLED, "interrupted", e);
    }
  }
}
