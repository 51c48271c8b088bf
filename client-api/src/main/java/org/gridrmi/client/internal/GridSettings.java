package org.gridrmi.client.internal;

import io.opentelemetry.api.OpenTelemetry;
import java.time.Duration;
import java.util.List;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.RuntimeSettings;
import org.gridrmi.runtime.Ticker;
import org.gridrmi.runtime.net.GridSecret;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.store.StoreBudget;
import org.gridrmi.runtime.telemetry.Telemetry;
import org.gridrmi.runtime.transport.Timeouts;

/**
 * What a Grid's builder set, fixed when the Grid is built: its {@link Session} reads its settings from here and
 * nowhere else. The builder checked every value; see {@code Grid.Builder} for their meanings and defaults.
 *
 * @param tls the stores of mutual TLS on every connection, or null for plain connections
 * @param secret the grid secret plain connections prove, or null (TLS, an in-process network, or insecure)
 * @param network the in-process network the Grid lives on, or null for RMI
 * @param host the address servers use to reach the Grid's own node
 * @param link the emulated link of its connections ({@link LinkPlan#NONE}: none)
 * @param allow more classes its streams may carry (class patterns)
 * @param timeouts how long its remote calls may take
 * @param fetchWait the longest one fetch long-poll waits at the value's owner
 * @param referenceTransit how long a reference it writes inside an argument keeps its value held here
 * @param discoveryTimeout how long {@code build()} waits for a lookup service
 * @param store the budget of its own node, which keeps the values it puts
 * @param collectOnServerPressure whether this JVM collects garbage when a server's store is more than half full
 * @param openTelemetry where its spans and metrics go, or null for the global instance
 * @param ticker where its runtime reads the time (leases, pins, retries): {@link Ticker#SYSTEM} but in tests
 */
public record GridSettings(
    TlsStores tls,
    GridSecret secret,
    InProcessNetwork network,
    String host,
    LinkPlan link,
    List<String> allow,
    Timeouts timeouts,
    Duration fetchWait,
    Duration referenceTransit,
    Duration discoveryTimeout,
    StoreBudget store,
    boolean collectOnServerPressure,
    OpenTelemetry openTelemetry,
    Ticker ticker) {
  public GridSettings {
    allow = List.copyOf(allow);
  }

  /** The settings of the Grid's {@code NodeRuntime}: its timeouts and waits, the runtime's own pools. */
  RuntimeSettings runtime() {
    return RuntimeSettings.DEFAULT
        .withTimeouts(timeouts)
        .withFetchWait(fetchWait)
        .withReferenceTransit(referenceTransit)
        .withTicker(ticker);
  }

  /** Where the Grid's spans and metrics go: the given instance, else the global one (none if no SDK set it). */
  Telemetry telemetry() {
    return openTelemetry == null ? Telemetry.global() : Telemetry.of(openTelemetry);
  }
}
