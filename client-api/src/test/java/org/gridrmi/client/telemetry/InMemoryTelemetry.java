package org.gridrmi.client.telemetry;

import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;

/** An OpenTelemetry SDK of one node (as if it were a JVM of its own), recording spans and metrics in memory. */
final class InMemoryTelemetry implements AutoCloseable {
  final InMemorySpanExporter spans = InMemorySpanExporter.create();
  final InMemoryMetricReader metrics = InMemoryMetricReader.create();
  final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
      .setTracerProvider(SdkTracerProvider.builder()
          .addSpanProcessor(SimpleSpanProcessor.create(spans))
          .build())
      .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
      .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
      .build();

  List<SpanData> spans() {
    return spans.getFinishedSpanItems();
  }

  /** How many values the histogram {@code name} counted, over every series. */
  long histogramCount(String name) {
    return metric(name).stream()
        .flatMap(m -> m.getHistogramData().getPoints().stream())
        .mapToLong(HistogramPointData::getCount)
        .sum();
  }

  List<MetricData> metric(String name) {
    return metrics.collectAllMetrics().stream()
        .filter(m -> m.getName().equals(name))
        .toList();
  }

  @Override
  public void close() {
    sdk.close();
  }
}
