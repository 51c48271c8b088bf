package org.gridrmi.cli.telemetry;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Tries, once at start, to connect to each OTLP collector the SDK will export to, so that one that does not answer is
 * a warning naming the setting now, rather than an export error a minute later (the SDK keeps trying, and exports
 * once it answers).
 */
final class CollectorProbe {
  static final int TIMEOUT_MILLIS = 1000;
  private final OtelSettings settings;
  private final Map<String, String> overrides;
  private final Consumer<String> warn;

  CollectorProbe(OtelSettings settings, Map<String, String> overrides, Consumer<String> warn) {
    this.settings = settings;
    this.overrides = overrides;
    this.warn = warn;
  }

  void check() {
    Map<String, String> endpoints = new LinkedHashMap<>(); // endpoint -> the setting it comes from
    for (String signal : List.of("traces", "metrics", "logs")) {
      String exporters = value("otel." + signal + ".exporter");
      if (exporters == null || !List.of(exporters.split("\\s*,\\s*")).contains("otlp")) continue;
      String own = "otel.exporter.otlp." + signal + ".endpoint";
      String property = value(own) != null ? own : "otel.exporter.otlp.endpoint";
      String endpoint = value(property);
      if (endpoint == null || endpoint.isBlank()) endpoint = defaultEndpoint(signal);
      endpoints.putIfAbsent(endpoint, property);
    }
    endpoints.forEach(this::probe);
  }

  private String value(String property) {
    String o = overrides.get(property);
    if (o != null) return o;
    String v = settings.get(property);
    if (v != null || !property.endsWith(".exporter")) return v;
    // the default of TelemetrySetup: OTLP when an endpoint was given, else nothing
    boolean endpointGiven = settings.all().keySet().stream()
        .anyMatch(k -> k.startsWith("otel.exporter.otlp.") && k.endsWith("endpoint"));
    return endpointGiven && !property.equals("otel.logs.exporter") ? "otlp" : null;
  }

  private String defaultEndpoint(String signal) {
    String own = value("otel.exporter.otlp." + signal + ".protocol");
    String protocol = own != null ? own : value("otel.exporter.otlp.protocol");
    return "grpc".equals(protocol) ? "http://localhost:4317" : "http://localhost:4318";
  }

  private void probe(String endpoint, String property) {
    String setting = settings.get(property) != null
        ? settings.describe(property)
        : settings.named(property) + " (unset: " + endpoint + ")";
    URI uri;
    try {
      uri = URI.create(endpoint);
    } catch (IllegalArgumentException e) {
      return; // the SDK refused it already, naming the setting
    }
    if (uri.getHost() == null) return;
    int port = uri.getPort() != -1 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(uri.getHost(), port), TIMEOUT_MILLIS);
    } catch (IOException e) {
      warn.accept(
          setting + ": no OpenTelemetry collector answers there (" + TelemetrySetup.message(e)
              + "); what is " + "exported to it is dropped until one does; going on");
    }
  }
}
