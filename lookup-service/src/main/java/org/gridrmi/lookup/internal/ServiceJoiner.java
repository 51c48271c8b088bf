package org.gridrmi.lookup.internal;

import java.io.IOException;
import java.net.URI;
import java.rmi.Remote;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import net.jini.config.Configuration;
import net.jini.config.ConfigurationException;
import net.jini.core.discovery.LookupLocator;
import net.jini.core.entry.Entry;
import net.jini.core.lookup.ServiceID;
import net.jini.discovery.LookupDiscoveryManager;
import net.jini.lease.LeaseRenewalManager;
import net.jini.lookup.JoinManager;
import org.gridrmi.lookup.JiniUrls;
import org.gridrmi.lookup.LookupRegistration;
import org.gridrmi.lookup.ServerRecord;

/**
 * {@link LookupRegistration} on River's JoinManager: one JoinManager per service type, sharing
 * one discovery manager (unicast to one locator) and one lease renewal manager. JoinManager is
 * what brings a registration back after the lookup service restarts: when a renewal fails it
 * discards the registrar, discovery finds the lookup service again, and it registers anew
 * under the same service id.
 */
public final class ServiceJoiner implements LookupRegistration {
  private static final System.Logger LOG = System.getLogger(ServiceJoiner.class.getName());

  private final ServerRecord server;
  private final Supplier<Map<String, String>> dynamic;
  private final LookupDiscoveryManager discovery;
  private final LeaseRenewalManager leases;
  private final List<JoinManager> joins = new ArrayList<>();
  private final List<Map<String, String>> published = new ArrayList<>();
  private final ScheduledExecutorService refresher;
  private LocatorWatchdog watchdog;
  /** Admits the registrar references of its lookup service ({@link FollowedLookups}) until closed. */
  private AutoCloseable followed;

  private boolean closed;
  /** Where it registers, and whether it was registered at the last refresh (each change is one log line). */
  private URI lookup;

  private boolean wasRegistered;

  private ServiceJoiner(
      ServerRecord server,
      Supplier<Map<String, String>> dynamic,
      LookupDiscoveryManager discovery,
      LeaseRenewalManager leases) {
    this.server = server;
    this.dynamic = dynamic;
    this.discovery = discovery;
    this.leases = leases;
    this.refresher = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "gridrmi-lookup-refresh-" + server.name());
      t.setDaemon(true);
      return t;
    });
  }

  /**
   * See {@link LookupRegistration#join(URI, Remote, ServerRecord, Duration, Duration, Supplier)}; each service
   * type is registered under {@code proxyOf.apply(type)}.
   */
  public static ServiceJoiner join(
      URI lookup,
      Function<String, ?> proxyOf,
      ServerRecord server,
      Duration lease,
      Duration refresh,
      Supplier<Map<String, String>> dynamicAttributes) {
    RiverLogging.quietByDefault();
    LookupLocator locator = JiniUrls.toLocator(lookup);
    Objects.requireNonNull(proxyOf, "proxyOf");
    Objects.requireNonNull(server, "server");
    Objects.requireNonNull(dynamicAttributes, "dynamicAttributes");
    if (lease == null || lease.toMillis() <= 0) {
      throw new IllegalArgumentException("lease must be positive, not " + lease);
    }
    if (refresh == null || refresh.toMillis() <= 0) {
      throw new IllegalArgumentException("refresh interval must be positive, not " + refresh);
    }
    Configuration config = RiverConfigs.join(lease);
    RegisteredObjects.guard();
    // the TLS setting of the registrar's calls is the JVM's sockets' business: a server's instance
    // uses one
    AutoCloseable followed = FollowedLookups.follow(
        locator.getHost(), null, JiniUrls.format(locator.getHost(), locator.getPort()));
    ServiceJoiner joiner;
    try {
      joiner = new ServiceJoiner(
          server,
          dynamicAttributes,
          new LookupDiscoveryManager(new String[0], new LookupLocator[] {locator}, null, config),
          new LeaseRenewalManager(config));
      joiner.start(proxyOf, config);
    } catch (IOException | ConfigurationException e) {
      CachingDirectory.unfollow(followed);
      throw new IllegalStateException("cannot join the lookup service at " + lookup + ": " + e, e);
    }
    joiner.followed = followed;
    joiner.lookup = lookup;
    joiner.watchdog = new LocatorWatchdog(joiner.discovery, locator);
    joiner.refresher.scheduleWithFixedDelay(
        joiner::refresh, refresh.toMillis(), refresh.toMillis(), TimeUnit.MILLISECONDS);
    return joiner;
  }

  private synchronized void start(Function<String, ?> proxyOf, Configuration config)
      throws IOException, ConfigurationException {
    Map<String, String> now = dynamic.get();
    for (String type : server.services()) {
      Entry[] entries = AttributeCodec.encode(server, type, now);
      UUID id = UUID.randomUUID();
      // Our own id, stable for the life of this registration: after a lookup restart the
      // same service comes back under the same id, so caches see one service, not two.
      ServiceID serviceId =
          new ServiceID(id.getMostSignificantBits(), id.getLeastSignificantBits());
      joins.add(
          new JoinManager(proxyOf.apply(type), entries, serviceId, discovery, leases, config));
      published.add(AttributeCodec.decode(entries));
    }
  }

  /** Re-reads load and dynamic attributes; publishes only what changed (each change is an event for every client). */
  private synchronized void refresh() {
    if (closed) {
      return;
    }
    logRegistration();
    try {
      Map<String, String> now = dynamic.get();
      for (int i = 0; i < joins.size(); i++) {
        Entry[] entries = AttributeCodec.encode(server, server.services().get(i), now);
        Map<String, String> decoded = AttributeCodec.decode(entries);
        if (!decoded.equals(published.get(i))) {
          joins.get(i).setAttributes(entries);
          published.set(i, decoded);
        }
      }
    } catch (RuntimeException e) {
      // A refresh that fails must not kill the refresher thread: try again next time.
      LOG.log(System.Logger.Level.WARNING, "cannot refresh the attributes of " + server.name(), e);
    }
  }

  /** One line when the server becomes registered with the lookup service, and one when it no longer is. */
  private void logRegistration() {
    boolean now = isRegistered();
    if (now == wasRegistered) return;
    wasRegistered = now;
    if (now) {
      LOG.log(
          System.Logger.Level.INFO,
          "{0} registered with the lookup service {1}",
          server.name(),
          lookup);
    } else {
      LOG.log(
          System.Logger.Level.WARNING,
          "{0} is no longer registered with the lookup service {1}: registering "
              + "again as soon as it answers",
          server.name(),
          lookup);
    }
  }

  @Override
  public synchronized boolean isRegistered() {
    if (closed) {
      return false;
    }
    for (JoinManager join : joins) {
      if (join.getJoinSet().length == 0) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean awaitRegistered(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!isRegistered()) {
      if (System.nanoTime() >= deadline) {
        return false;
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    // the log line says so now, with the caller's own line (a server's "ready"), not at the next
    // refresh
    synchronized (this) {
      logRegistration();
    }
    return true;
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    refresher.shutdownNow();
    watchdog.close();
    joins.forEach(JoinManager::terminate); // cancels the leases: the registrations go at once
    discovery.terminate();
    leases.clear();
    CachingDirectory.unfollow(followed);
  }

  @Override
  public String toString() {
    return "LookupRegistration[" + server.name() + " " + server.services() + "]";
  }
}
