package org.gridrmi.lookup.internal;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.ServiceID;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.discovery.LookupDiscoveryManager;

/**
 * Brings unicast discovery back quickly after a lookup service restarts.
 *
 * <p>Why: River's LookupLocatorDiscovery retries a lost locator after 5, 10, 20, 30, 60 s ... up
 * to 15 minutes, and at least 20 s for one lost soon after it was found; a lookup service down
 * for a while would then be re-joined minutes after it is back. This watchdog probes the
 * locator itself (every second while nothing is discovered, every 10 s otherwise to catch a
 * restarted Reggie whose old proxy is still held) and, when the lookup service answers with a
 * registrar River does not hold, re-adds the locator so discovery starts over at once.
 */
final class LocatorWatchdog implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(LocatorWatchdog.class.getName());
  private static final long TICK_MILLIS = 1000;
  private static final int HEALTHY_EVERY = 10;
  private static final int PROBE_TIMEOUT_MILLIS = 2000;

  private final LookupDiscoveryManager discovery;
  private final LookupLocator locator;
  private final ScheduledExecutorService timer;
  private int ticks;

  LocatorWatchdog(LookupDiscoveryManager discovery, LookupLocator locator) {
    this.discovery = discovery;
    this.locator = locator;
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t =
          new Thread(r, "gridrmi-lookup-watchdog-" + locator.getHost() + ":" + locator.getPort());
      t.setDaemon(true);
      return t;
    });
    timer.scheduleWithFixedDelay(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
  }

  private void tick() {
    try {
      ServiceRegistrar[] held = discovery.getRegistrars();
      ticks++;
      if (held.length > 0 && ticks % HEALTHY_EVERY != 0) {
        return;
      }
      ServiceRegistrar live;
      try {
        live = locator.getRegistrar(PROBE_TIMEOUT_MILLIS);
      } catch (Exception unreachable) {
        return; // still down; try again next tick
      }
      Set<ServiceID> heldIds = new HashSet<>();
      for (ServiceRegistrar r : held) {
        heldIds.add(r.getServiceID());
      }
      if (!heldIds.contains(live.getServiceID())) {
        for (ServiceRegistrar stale : held) {
          discovery.discard(stale);
        }
        LookupLocator[] one = {locator};
        discovery.removeLocators(one);
        discovery.addLocators(one);
      }
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.DEBUG, "lookup watchdog of " + locator + " failed once", e);
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
