package org.gridrmi.cli.telemetry;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The OpenTelemetry settings a JVM was started with, as the SDK's autoconfiguration reads them: {@code OTEL_*}
 * environment variables and {@code otel.*} system properties (which win), by property name. Keeps where each came
 * from, so that a warning names the setting as the user wrote it.
 */
final class OtelSettings {
  private final Map<String, String> values = new HashMap<>();
  private final Map<String, String> written = new HashMap<>();

  OtelSettings(Map<String, String> env, Properties props) {
    env.forEach((k, v) -> {
      if (k.startsWith("OTEL_")) {
        String name = k.toLowerCase(Locale.ROOT).replace('_', '.');
        values.put(name, v);
        written.put(name, k);
      }
    });
    for (String k : props.stringPropertyNames()) {
      if (k.startsWith("otel.")) {
        values.put(key(k), props.getProperty(k));
        written.put(key(k), "-D" + k);
      }
    }
  }

  /** Whether the user set anything for OpenTelemetry at all. */
  boolean any() {
    return !values.isEmpty();
  }

  String get(String property) {
    return values.get(key(property));
  }

  /** As the SDK normalizes names: lower case, dashes as dots. */
  private static String key(String property) {
    return property.toLowerCase(Locale.ROOT).replace('-', '.');
  }

  Map<String, String> all() {
    return values;
  }

  /** The setting as the user wrote it: {@code OTEL_METRICS_EXPORTER}, or {@code -Dotel.metrics.exporter}. */
  String named(String property) {
    String w = written.get(key(property));
    return w != null ? w : property.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
  }

  /** The setting with its value as the user wrote it, for a warning: {@code OTEL_METRICS_EXPORTER=bogus}. */
  String describe(String property) {
    String v = values.get(key(property));
    return named(property) + (v == null ? "" : "=" + v);
  }
}
