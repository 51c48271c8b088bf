package org.gridrmi.lookup.internal;

import java.time.Duration;
import java.util.function.Supplier;
import net.jini.config.Configuration;
import net.jini.core.discovery.LookupLocator;
import net.jini.export.Exporter;

/**
 * The River configurations GridRMI uses, generated in code (users never write a Jini .config).
 * The common thread: every component that would export an object over JERI gets a
 * {@link JrmpExporter} instead, which is what lets every JVM run without flags on Java 17.
 */
final class RiverConfigs {
  private static final String REGGIE = "com.sun.jini.reggie";
  private static final String JOIN = "net.jini.lookup.JoinManager";
  private static final String SDM = "net.jini.lookup.ServiceDiscoveryManager";

  private RiverConfigs() {}

  /** Reggie: transient, unicast on {@code port}, advertising {@code host}, joining nothing itself. */
  static Configuration reggie(String host, int port, String[] memberGroups) {
    Supplier<Exporter> exporter = () -> new JrmpExporter(0, host, true);
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

  /** JoinManager: the lease it asks for (and so how fast a dead server disappears). */
  static Configuration join(Duration lease) {
    return new MapConfiguration().put(JOIN, "maxLeaseDuration", lease.toMillis());
  }

  /** ServiceDiscoveryManager: each lookup cache exports a listener for Reggie's events. */
  static Configuration discovery() {
    Supplier<Exporter> exporter = () -> new JrmpExporter(0, null);
    return new MapConfiguration().put(SDM, "eventListenerExporter", exporter);
  }
}
