package org.gridrmi.cli.telemetry;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdkBuilder;
import io.opentelemetry.sdk.resources.Resource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The OpenTelemetry SDK of one command-line JVM ({@code gridrmi server}, {@code lookup}, {@code demo}, the benchmarks),
 * configured the standard way: the SDK's autoconfiguration reads the {@code OTEL_*} environment variables (and
 * {@code otel.*} system properties), and {@code --metrics-port} adds a Prometheus endpoint. Bad input never stops the
 * command: a port in use, a malformed setting or a collector that does not answer is one warning naming the setting,
 * and the command goes on without that part.
 *
 * <p>Defaults that differ from the SDK's, so that a command run with no settings stays quiet: nothing is exported
 * unless asked ({@code OTEL_TRACES_EXPORTER}, {@code OTEL_METRICS_EXPORTER}, or an {@code OTEL_EXPORTER_OTLP_*ENDPOINT},
 * which means OTLP for traces and metrics), and with no setting and no {@code --metrics-port} no SDK is made at all, so
 * the core's telemetry stays the free no-op. The service name defaults to the command's ({@code gridrmi-server}...).
 */
public final class TelemetrySetup implements AutoCloseable {
  /** No SDK: the core records nothing. */
  public static final TelemetrySetup NONE = new TelemetrySetup(null, null);

  private static final AttributeKey<String> INSTANCE =
      AttributeKey.stringKey("service.instance.id");
  private static final Pattern PROPERTY = Pattern.compile("otel\\.[a-z0-9._-]*[a-z0-9]");
  private static final int MAX_ATTEMPTS = 8;

  private final OpenTelemetrySdk sdk;
  private final PrometheusEndpoint prometheus;

  private TelemetrySetup(OpenTelemetrySdk sdk, PrometheusEndpoint prometheus) {
    this.sdk = sdk;
    this.prometheus = prometheus;
  }

  /**
   * What a command asks for.
   *
   * @param serviceName the default {@code service.name}, such as {@code gridrmi-server}
   * @param instance the default {@code service.instance.id} (a server's name), or null
   * @param metricsHost where {@code /metrics} listens
   * @param metricsPort the port of {@code /metrics}, or null for none
   */
  public record Request(
      String serviceName, String instance, String metricsHost, Integer metricsPort) {}

  /**
   * Configures the SDK for this JVM from its environment and system properties and registers it as the global
   * OpenTelemetry, which Grids and servers built afterwards use. If an SDK is registered already (the Java agent),
   * that one is used.
   *
   * @param warn gets each warning, one line naming the setting
   */
  public static TelemetrySetup forJvm(Request request, Consumer<String> warn) {
    if (GlobalOpenTelemetry.isSet())
      return NONE; // the Java agent (or the program) configured one: it stands
    quietAutoconfigure();
    TelemetrySetup setup = configure(request, System.getenv(), System.getProperties(), true, warn);
    if (setup.sdk != null) GlobalOpenTelemetry.set(setup.sdk);
    return setup;
  }

  /** java.util.logging keeps loggers weakly: a level set on one that is collected is lost. */
  private static final java.util.logging.Logger AUTOCONFIGURE =
      java.util.logging.Logger.getLogger("io.opentelemetry.sdk.autoconfigure");

  /**
   * The SDK logs at INFO that it closes what it had configured when a setting fails; the warning above says what
   * matters, in the user's terms. Unless the user configured java.util.logging, that logger says only warnings.
   */
  private static void quietAutoconfigure() {
    if (System.getProperty("java.util.logging.config.file") == null
        && System.getProperty("java.util.logging.config.class") == null
        && AUTOCONFIGURE.getLevel() == null) {
      AUTOCONFIGURE.setLevel(java.util.logging.Level.WARNING);
    }
  }

  /**
   * Configures an SDK from {@code env} and {@code props} (as if they were this JVM's), without registering it.
   *
   * @param shutdownHook whether the SDK flushes and closes when the JVM exits
   */
  static TelemetrySetup configure(
      Request request,
      Map<String, String> env,
      Properties props,
      boolean shutdownHook,
      Consumer<String> warn) {
    OtelSettings settings = new OtelSettings(env, props);
    if ("true".equalsIgnoreCase(settings.get("otel.sdk.disabled"))) return NONE;
    if (!settings.any() && request.metricsPort() == null) return NONE;
    PrometheusEndpoint prometheus =
        new PrometheusEndpoint(request.metricsHost(), request.metricsPort(), warn);
    Map<String, String> overrides = new HashMap<>();
    for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      try {
        OpenTelemetrySdk sdk = builder(request, settings, overrides, prometheus, shutdownHook)
            .build()
            .getOpenTelemetrySdk();
        prometheus.serve();
        new CollectorProbe(settings, overrides, warn).check();
        return new TelemetrySetup(sdk, prometheus);
      } catch (RuntimeException e) {
        String property = culprit(e, settings, overrides);
        if (property == null) {
          warn.accept("OpenTelemetry cannot be configured from "
              + settings.all().keySet().stream().map(settings::named).sorted().toList() + ": "
              + message(e) + "; going on without spans and metrics");
          break;
        }
        if (property.startsWith("otel.exporter.otlp.") && property.endsWith("endpoint")) {
          warn.accept(settings.describe(property) + ": " + message(e)
              + "; ignored: nothing is exported over OTLP; " + "going on");
          overrides.put(property, "");
          withoutOtlp(settings, overrides);
        } else {
          warn.accept(
              settings.describe(property) + ": " + message(e) + "; ignored, going on without it");
          overrides.put(property, property.endsWith(".exporter") ? "none" : "");
        }
      }
    }
    prometheus.close();
    return NONE;
  }

  private static AutoConfiguredOpenTelemetrySdkBuilder builder(
      Request request,
      OtelSettings settings,
      Map<String, String> overrides,
      PrometheusEndpoint prometheus,
      boolean shutdownHook) {
    Map<String, String> defaults = new HashMap<>();
    defaults.put("otel.service.name", request.serviceName());
    boolean otlp = settings.all().keySet().stream()
        .anyMatch(k -> k.startsWith("otel.exporter.otlp.") && k.endsWith("endpoint"));
    defaults.put("otel.traces.exporter", otlp ? "otlp" : "none");
    defaults.put("otel.metrics.exporter", otlp ? "otlp" : "none");
    defaults.put("otel.logs.exporter", "none");
    defaults.putAll(
        settings.all()); // what the user set wins over the defaults (the SDK reads it too)
    AutoConfiguredOpenTelemetrySdkBuilder b = AutoConfiguredOpenTelemetrySdk.builder()
        .addPropertiesSupplier(() -> defaults)
        .addPropertiesCustomizer(c -> overrides)
        .addResourceCustomizer(
            (resource, c) -> request.instance() == null || resource.getAttribute(INSTANCE) != null
                ? resource
                : resource.merge(Resource.create(Attributes.of(INSTANCE, request.instance()))));
    b.addMeterProviderCustomizer((m, c) -> {
      prometheus.register(m);
      return m;
    });
    if (!shutdownHook) b.disableShutdownHook();
    return b;
  }

  /** Takes OTLP out of every signal's exporters (an OTLP endpoint that cannot be used). */
  private static void withoutOtlp(OtelSettings settings, Map<String, String> overrides) {
    for (String signal : List.of("traces", "metrics", "logs")) {
      String property = "otel." + signal + ".exporter";
      String value = overrides.getOrDefault(property, settings.get(property));
      List<String> kept = value == null
          ? List.of()
          : java.util.Arrays.stream(value.split(","))
              .map(String::strip)
              .filter(x -> !x.isEmpty() && !x.equals("otlp"))
              .toList();
      overrides.put(property, kept.isEmpty() ? "none" : String.join(",", kept));
    }
  }

  /**
   * The setting an SDK failure is about, one not overridden yet: the property its message names, else the setting
   * whose value it quotes (an endpoint that is not a URL says only the URL); null if neither.
   */
  private static String culprit(
      RuntimeException e, OtelSettings settings, Map<String, String> overrides) {
    List<String> messages = new ArrayList<>();
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      messages.add(String.valueOf(t.getMessage()));
    }
    for (String message : messages) {
      Matcher m = PROPERTY.matcher(message);
      while (m.find()) {
        if (!overrides.containsKey(m.group())) return m.group();
      }
    }
    for (Map.Entry<String, String> s : settings.all().entrySet()) {
      String v = s.getValue().strip();
      if (v.length() < 2 || overrides.containsKey(s.getKey())) continue;
      if (messages.stream().anyMatch(m -> m.contains(v))) return s.getKey();
    }
    return null;
  }

  /** The innermost message, which says what was wrong. */
  static String message(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) root = root.getCause();
    String m = root.getMessage() == null ? root.toString() : root.getMessage();
    return m.replaceAll("\\s+", " ").strip();
  }

  /** The SDK, or the no-op OpenTelemetry if none was made. */
  public OpenTelemetry openTelemetry() {
    return sdk == null ? OpenTelemetry.noop() : sdk;
  }

  /** Whether an SDK was made. */
  public boolean configured() {
    return sdk != null;
  }

  /** {@code http://HOST:PORT/metrics}, or null if there is no Prometheus endpoint. */
  public String metricsUrl() {
    return prometheus == null ? null : prometheus.url();
  }

  /** Flushes what is buffered and stops the SDK and the Prometheus endpoint. */
  @Override
  public void close() {
    if (sdk != null) sdk.close();
    if (prometheus != null) prometheus.close();
  }
}
