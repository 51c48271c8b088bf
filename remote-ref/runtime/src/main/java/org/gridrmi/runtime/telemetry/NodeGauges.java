package org.gridrmi.runtime.telemetry;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.BatchCallback;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.metrics.ObservableLongMeasurement;
import java.util.Map;
import java.util.function.Supplier;
import org.gridrmi.runtime.wire.NodeStats;

/**
 * A node's state as asynchronous instruments, read from its {@code stats()} only when a reader collects (a scrape of
 * {@code /metrics}, an export): values held and pending, store bytes in memory and spilled, calls queued, holds
 * released by cause, lease renewals and lapses, and bytes moved per peer. Each carries the node's name, since
 * several nodes may share a JVM. Closing it stops the readings (a node that closes).
 */
public final class NodeGauges implements AutoCloseable {
  private static final AttributeKey<String> CAUSE = AttributeKey.stringKey("gridrmi.release.cause");
  private static final AttributeKey<String> DIRECTION =
      AttributeKey.stringKey("network.io.direction");
  private final BatchCallback callback;

  private NodeGauges(Telemetry telemetry, String node, Supplier<NodeStats> stats) {
    Meter m = telemetry.meter;
    ObservableLongMeasurement values =
        gauge(m, "gridrmi.values.held", "{value}", "Values the node holds");
    ObservableLongMeasurement pending =
        gauge(m, "gridrmi.values.pending", "{value}", "Values not yet computed");
    ObservableLongMeasurement memory =
        gauge(m, "gridrmi.store.memory", "By", "Bytes of values in memory");
    ObservableLongMeasurement spilled =
        gauge(m, "gridrmi.store.spilled", "By", "Bytes of values spilled to disk");
    ObservableLongMeasurement queued =
        gauge(m, "gridrmi.calls.queued", "{call}", "Calls waiting for a compute thread");
    ObservableLongMeasurement releases =
        counter(m, "gridrmi.releases", "{hold}", "Holds on values that ended, by cause");
    ObservableLongMeasurement renewals =
        counter(m, "gridrmi.lease.renewals", "{renewal}", "Lease renewals received");
    ObservableLongMeasurement lapses =
        counter(m, "gridrmi.lease.lapses", "{lease}", "Holders whose lease lapsed");
    ObservableLongMeasurement bytes =
        counter(m, "gridrmi.transport.bytes", "By", "Bytes moved, by peer and direction");
    Attributes self = Attributes.of(Telemetry.NODE, node);
    this.callback = m.batchCallback(
        () -> {
          NodeStats s = stats.get();
          values.record(s.values(), self);
          pending.record(s.pending(), self);
          memory.record(s.store().memoryBytes(), self);
          spilled.record(s.store().spilledBytes(), self);
          queued.record(s.activity().queued(), self);
          releases.record(
              s.store().explicit(), self.toBuilder().put(CAUSE, "explicit").build());
          releases.record(
              s.store().collected(), self.toBuilder().put(CAUSE, "collected").build());
          releases.record(
              s.store().lapsed(), self.toBuilder().put(CAUSE, "lapsed").build());
          renewals.record(s.activity().leaseRenewals(), self);
          lapses.record(s.activity().leasesLapsed(), self);
          for (Map.Entry<String, long[]> e : s.perPeer().entrySet()) {
            Attributes peer = self.toBuilder().put(Telemetry.PEER, e.getKey()).build();
            bytes.record(
                e.getValue()[0], peer.toBuilder().put(DIRECTION, "transmit").build());
            bytes.record(
                e.getValue()[1], peer.toBuilder().put(DIRECTION, "receive").build());
          }
        },
        values,
        pending,
        memory,
        spilled,
        queued,
        releases,
        renewals,
        lapses,
        bytes);
  }

  /** Reports node {@code node}'s {@code stats} through {@code telemetry} until closed; null when it is off. */
  public static NodeGauges observe(Telemetry telemetry, String node, Supplier<NodeStats> stats) {
    return telemetry.on() ? new NodeGauges(telemetry, node, stats) : null;
  }

  private static ObservableLongMeasurement gauge(
      Meter m, String name, String unit, String description) {
    return m.gaugeBuilder(name)
        .ofLongs()
        .setUnit(unit)
        .setDescription(description)
        .buildObserver();
  }

  private static ObservableLongMeasurement counter(
      Meter m, String name, String unit, String description) {
    return m.counterBuilder(name).setUnit(unit).setDescription(description).buildObserver();
  }

  @Override
  public void close() {
    callback.close();
  }
}
