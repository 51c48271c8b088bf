package org.gridrmi.lookup.internal;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import net.jini.config.Configuration;
import net.jini.core.discovery.LookupLocator;
import net.jini.export.Exporter;
import org.gridrmi.runtime.net.NetContext;

/**
 * The River configurations GridRMI uses, generated in code (users never write a Jini .config).
 * The common thread: every component that would export an object over JERI gets a
 * {@link JrmpExporter} instead, which is what lets every JVM run without flags on Java 17.
 */
final class RiverConfigs {
  private static final String REGGIE = "com.sun.jini.reggie";
  private static final String JOIN = "net.jini.lookup.JoinManager";
  private static final String SDM = "net.jini.lookup.ServiceDiscoveryManager";
  private static final String LRM = "net.jini.lease.LeaseRenewalManager";
  /** River's own default for {@code roundTripTime}: meant for leases of minutes. */
  private static final long RIVER_ROUND_TRIP_MILLIS = 10_000;
  /** The event lease River's ServiceDiscoveryManager asks Reggie for. */
  private static final long SDM_EVENT_LEASE_MILLIS = 600_000;

  private static final AtomicLong SHORTEST_LEASE_MILLIS = new AtomicLong(Long.MAX_VALUE);

  private RiverConfigs() {}

  /** Reggie: transient, unicast on {@code port}, advertising {@code host}, joining nothing itself. */
  static Configuration reggie(String host, int port, String[] memberGroups, NetContext net) {
    Supplier<Exporter> exporter = () -> new JrmpExporter(0, host, true, net);
    return new MapConfiguration()
        .put(REGGIE, "serverExporter", exporter)
        .put(REGGIE, "initialMemberGroups", memberGroups.clone())
        .put(REGGIE, "initialUnicastDiscoveryPort", port)
        .put(REGGIE, "unicastDiscoveryHost", host)
        // Reggie could itself register with other lookup services; a GridRMI lookup does not.
        .put(REGGIE, "initialLookupGroups", new String[0])
        .put(REGGIE, "initialLookupLocators", new LookupLocator[0])
        // Announce often enough that multicast clients notice a restarted Reggie quickly.
        .put(REGGIE, "multicastAnnouncementInterval", 10_000L);
  }

  /**
   * JoinManager: the lease it asks for (and so how fast a dead server disappears), and a lease renewal manager that
   * renews it at about half its length.
   */
  static Configuration join(Duration lease) {
    return new MapConfiguration()
        .put(JOIN, "maxLeaseDuration", lease.toMillis())
        .put(LRM, "roundTripTime", renewalRoundTripMillis(lease.toMillis()));
  }

  /** ServiceDiscoveryManager: each lookup cache exports a listener for Reggie's events (leases of 10 minutes). */
  static Configuration discovery(NetContext net) {
    Supplier<Exporter> exporter = () -> new JrmpExporter(0, null, net);
    return new MapConfiguration()
        .put(SDM, "eventListenerExporter", exporter)
        .put(LRM, "roundTripTime", renewalRoundTripMillis(SDM_EVENT_LEASE_MILLIS));
  }

  /**
   * The {@code roundTripTime} to give a River LeaseRenewalManager made in this JVM that renews leases of
   * {@code leaseMillis}: a quarter of the shortest lease any GridRMI component of this JVM asked for so far, at most
   * River's default.
   *
   * <p>Why: the manager renews a lease {@code roundTripTime} before it ends once at most two round trips are left, and
   * half-way through it when at most eight are. With River's default of 10 s, any lease of 20 s or less was renewed as
   * soon as each renewal returned: a 10 s join lease cost ~1,000 renewals (and new threads) a second in the server and
   * half a core in the lookup service. A quarter of the lease renews it every half lease (a 10 s lease every 5 s, so
   * a failed renewal is retried before it lapses); longer leases get River's own rules (an eighth of the lease before
   * it ends). River keeps this value in a static field, set by every manager constructed with the entry, so it is one
   * value per JVM: hence the shortest lease, and it only ever goes down.
   */
  static long renewalRoundTripMillis(long leaseMillis) {
    long shortest = SHORTEST_LEASE_MILLIS.accumulateAndGet(leaseMillis, Math::min);
    return Math.max(1, Math.min(RIVER_ROUND_TRIP_MILLIS, shortest / 4));
  }
}
