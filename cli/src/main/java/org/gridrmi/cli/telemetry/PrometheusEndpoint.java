package org.gridrmi.cli.telemetry;

import io.opentelemetry.exporter.prometheus.PrometheusMetricReader;
import io.opentelemetry.sdk.metrics.SdkMeterProviderBuilder;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code --metrics-port}: Prometheus text at {@code http://HOST:PORT/metrics}, through OpenTelemetry's Prometheus
 * exporter ({@link PrometheusMetricReader}) on the Prometheus client's HTTP server, as OpenTelemetry's
 * {@code PrometheusHttpServer} does. The port is bound once, before the SDK is built; each attempt to build the SDK
 * gets a reader of its own (a failed attempt shuts down the readers it registered), and the one of the SDK that was
 * built is served.
 */
final class PrometheusEndpoint implements AutoCloseable {
  /** Resource attributes every series carries, so that series of several servers stay apart in one Prometheus. */
  private static final Set<String> LABELS = Set.of("service.name", "service.instance.id");

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final HTTPServer http;
  private final String url;
  private PrometheusMetricReader reader;

  /** Binds {@code host:port}; if it cannot, {@code warn} gets one line naming {@code --metrics-port}. */
  PrometheusEndpoint(String host, Integer port, Consumer<String> warn) {
    HTTPServer h = null;
    if (port != null) {
      try {
        h = HTTPServer.builder().hostname(host).port(port).registry(registry).buildAndStart();
      } catch (java.io.IOException | RuntimeException e) {
        warn.accept("--metrics-port " + port + ": cannot serve /metrics on " + host + " ("
            + TelemetrySetup.message(e) + "); going on without it");
      }
    }
    this.http = h;
    this.url = h == null ? null : "http://" + host + ":" + h.getPort() + "/metrics";
  }

  /** Adds a reader for this endpoint to a meter provider being built. */
  void register(SdkMeterProviderBuilder meters) {
    if (http == null) return;
    reader = PrometheusMetricReader.builder()
        .setAllowedResourceAttributesFilter(LABELS::contains)
        .build();
    meters.registerMetricReader(reader);
  }

  /** Serves the reader of the SDK that was built. */
  void serve() {
    if (http != null && reader != null) registry.register(reader);
  }

  /** {@code http://HOST:PORT/metrics}, or null if the port could not be bound (or none was asked for). */
  String url() {
    return url;
  }

  @Override
  public void close() {
    if (http != null) http.close();
  }
}
