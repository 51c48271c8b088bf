package org.gridrmi.runtime.telemetry;

import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.metrics.Meter;
import java.util.List;

/**
 * The synchronous instruments GridRMI records on: the standard RPC durations (OpenTelemetry's semantic conventions,
 * in seconds) and GridRMI's own under {@code gridrmi.*}. Made once per {@link Telemetry}; with the same
 * OpenTelemetry, instruments of the same name are one instrument.
 */
final class Instruments {
  /**
   * Bucket boundaries in seconds: the conventions' advice, extended down to 100 us, since a call on a LAN takes
   * well under the conventions' smallest (5 ms).
   */
  static final List<Double> SECONDS = List.of(
      0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75,
      1.0, 2.5, 5.0, 7.5, 10.0, 30.0, 60.0);

  final DoubleHistogram clientCall;
  final DoubleHistogram serverCall;
  final DoubleHistogram waiting;
  final DoubleHistogram queued;
  final DoubleHistogram fetch;
  final LongCounter fetchBytes;
  final LongCounter batches;
  final LongHistogram commandsPerBatch;

  Instruments(Meter meter) {
    clientCall = seconds(
        meter,
        "rpc.client.call.duration",
        "Duration of outbound calls: a plain call until its "
            + "answer, an async call until the server accepted the batch carrying it");
    serverCall = seconds(
        meter,
        "rpc.server.call.duration",
        "Duration of calls on the server: from their arrival "
            + "(waiting for arguments, queued, computing) until their value or failure is set");
    waiting = seconds(
        meter, "gridrmi.call.waiting.duration", "Time an async call waited for its arguments");
    queued = seconds(
        meter, "gridrmi.call.queued.duration", "Time an async call waited for a compute thread");
    fetch = seconds(
        meter, "gridrmi.fetch.duration", "Duration of fetches of values from their owner, by peer");
    fetchBytes = meter
        .counterBuilder("gridrmi.fetch.bytes")
        .setUnit("By")
        .setDescription("Bytes of values fetched from their owner, by peer")
        .build();
    batches = meter
        .counterBuilder("gridrmi.batches")
        .setUnit("{batch}")
        .setDescription("Batches of async calls received")
        .build();
    commandsPerBatch = meter
        .histogramBuilder("gridrmi.batch.commands")
        .ofLongs()
        .setUnit("{command}")
        .setDescription("Commands (calls and replicas) per batch received")
        .setExplicitBucketBoundariesAdvice(
            List.of(1L, 2L, 4L, 8L, 16L, 32L, 64L, 128L, 256L, 1024L))
        .build();
  }

  private static DoubleHistogram seconds(Meter meter, String name, String description) {
    return meter
        .histogramBuilder(name)
        .setUnit("s")
        .setDescription(description)
        .setExplicitBucketBoundariesAdvice(SECONDS)
        .build();
  }
}
