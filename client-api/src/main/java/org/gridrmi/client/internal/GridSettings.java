package org.gridrmi.client.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.RuntimeSettings;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.store.StoreBudget;
import org.gridrmi.runtime.transport.Timeouts;

/** What a Grid's builder sets, read by its {@link Session}. Not thread-safe: filled in before the Grid is built. */
public class GridSettings {
  public TlsStores tls;
  public InProcessNetwork network;
  public String host = "127.0.0.1";
  public Duration discoveryTimeout = Duration.ofSeconds(5);
  public final List<String> allow = new ArrayList<>();
  LinkPlan link = LinkPlan.NONE;
  Timeouts timeouts = Timeouts.DEFAULT;
  public Duration fetchWait = RuntimeSettings.DEFAULT.fetchWait();
  public Duration referenceTransit = RuntimeSettings.DEFAULT.referenceTransit();
  /** Whether this JVM collects garbage when a server's store is more than half full (see serverUnderPressure). */
  public boolean collectOnServerPressure = true;
  /** The budget of this Grid's own node, which keeps the values it puts. */
  public StoreBudget store = StoreBudget.defaults();
  /** Where its spans and metrics go; null: the global instance, if an SDK registered one. */
  public io.opentelemetry.api.OpenTelemetry openTelemetry;
  /** The longest between two renewals of a lease, whatever the server grants. */
  long maxRenewMillis = 15_000;

  public void link(String profile) {
    try {
      link = LinkPlan.parse(profile);
    } catch (IllegalArgumentException e) {
      throw new GridException(Status.INVALID_ARGUMENT, e.getMessage(), e);
    }
  }

  /** @throws GridException INVALID_ARGUMENT naming {@code what} unless {@code d} is positive */
  public static Duration positive(Duration d, String what) {
    if (d == null || d.isNegative() || d.isZero()) {
      throw new GridException(Status.INVALID_ARGUMENT, what + " must be positive: " + d);
    }
    return d;
  }

  public void callTimeout(Duration d) {
    timeouts = new Timeouts(d, timeouts.fetchSlack(), timeouts.connect());
  }
}
