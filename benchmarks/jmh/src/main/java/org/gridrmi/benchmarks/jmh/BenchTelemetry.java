package org.gridrmi.benchmarks.jmh;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.exporter.prometheus.PrometheusHttpServer;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;

/**
 * The telemetry a call benchmark runs with: {@code api}, the OpenTelemetry API alone (what every Grid and server has
 * without an SDK); {@code sdk}, an SDK recording every span (always sampled, batched to an exporter that drops them,
 * so the figure is GridRMI's recording and the SDK's, not a network's) and every metric, read by a Prometheus
 * endpoint on a free port.
 */
final class BenchTelemetry {
  private BenchTelemetry() {}

  static OpenTelemetry of(String mode) {
    return switch (mode) {
      case "api" -> OpenTelemetry.noop();
      case "sdk" -> sdk();
      default -> throw new IllegalArgumentException("telemetry " + mode + ": expected api or sdk");
    };
  }

  private static OpenTelemetrySdk sdk() {
    SpanExporter drop = new SpanExporter() {
      @Override
      public CompletableResultCode export(Collection<SpanData> spans) {
        return CompletableResultCode.ofSuccess();
      }

      @Override
      public CompletableResultCode flush() {
        return CompletableResultCode.ofSuccess();
      }

      @Override
      public CompletableResultCode shutdown() {
        return CompletableResultCode.ofSuccess();
      }
    };
    return OpenTelemetrySdk.builder()
        .setTracerProvider(SdkTracerProvider.builder()
            .addSpanProcessor(BatchSpanProcessor.builder(drop).build())
            .build())
        .setMeterProvider(SdkMeterProvider.builder()
            .registerMetricReader(
                PrometheusHttpServer.builder().setHost("127.0.0.1").setPort(0).build())
            .build())
        .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
        .build();
  }

  /** Stops what {@link #of} made. */
  static void close(OpenTelemetry otel) {
    if (otel instanceof OpenTelemetrySdk sdk) sdk.close();
  }
}
