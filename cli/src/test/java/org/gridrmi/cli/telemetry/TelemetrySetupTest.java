package org.gridrmi.cli.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.gridrmi.client.Grid;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.fig2.Fig2OpsImpl;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The command line's SDK from OTEL_* settings and --metrics-port (given here as maps, as if they were the JVM's): what
 * it serves, and that bad input is one warning naming the setting and never stops the command.
 */
class TelemetrySetupTest {
  final List<String> warnings = new ArrayList<>();
  final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) open.get(i).close();
  }

  TelemetrySetup setup(Map<String, String> env, Integer metricsPort) {
    TelemetrySetup t = TelemetrySetup.configure(
        new TelemetrySetup.Request("gridrmi-test", "S1", "127.0.0.1", metricsPort),
        env,
        new Properties(),
        false,
        warnings::add);
    open.add(t);
    return t;
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  static String get(String url) throws Exception {
    return HttpClient.newHttpClient()
        .send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString())
        .body();
  }

  @Test
  void withoutSettingsThereIsNoSdk() {
    assertThat(setup(Map.of(), null).configured()).isFalse();
    assertThat(setup(Map.of("OTEL_SDK_DISABLED", "true", "OTEL_TRACES_EXPORTER", "otlp"), 5)
            .configured())
        .isFalse();
    assertThat(warnings).isEmpty();
  }

  @Test
  void metricsPortServesTheCallsOfAServerAsPrometheusText() throws Exception {
    int port = freePort();
    TelemetrySetup t = setup(Map.of(), port);
    assertThat(t.metricsUrl()).isEqualTo("http://127.0.0.1:" + port + "/metrics");
    GridServer server = GridServer.builder()
        .name("S1")
        .port(0)
        .openTelemetry(t.openTelemetry())
        .export(Fig2Ops.class, new Fig2OpsImpl())
        .start();
    open.add(server);
    Grid grid = Grid.builder()
        .servers(server.address())
        .openTelemetry(io.opentelemetry.api.OpenTelemetry.noop())
        .build();
    open.add(grid);
    Fig2Ops plain = grid.plain(Fig2Ops.class);
    for (int i = 0; i < 7; i++) plain.noop();
    String text = get(t.metricsUrl());
    assertThat(text)
        .contains("rpc_server_call_duration_seconds_count{")
        .contains("service_name=\"gridrmi-test\"")
        .contains("service_instance_id=\"S1\"");
    long count = text.lines()
        .filter(l -> l.startsWith("rpc_server_call_duration_seconds_count{"))
        .mapToLong(l -> (long) Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
        .sum();
    assertThat(count).isEqualTo(7);
    assertThat(text).contains("gridrmi_values_held");
    assertThat(warnings).isEmpty();
  }

  @Test
  void aMetricsPortInUseIsAWarningNamingItAndTheRestGoesOn() throws Exception {
    try (ServerSocket taken =
        new ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"))) {
      TelemetrySetup t = setup(Map.of("OTEL_SERVICE_NAME", "x"), taken.getLocalPort());
      assertThat(t.configured()).isTrue();
      assertThat(t.metricsUrl()).isNull();
      assertThat(warnings)
          .singleElement()
          .asString()
          .startsWith(
              "--metrics-port " + taken.getLocalPort() + ": cannot serve /metrics on 127.0.0.1")
          .endsWith("going on without it");
    }
  }

  @Test
  void aMalformedSettingIsAWarningNamingItAndTheRestGoesOn() throws Exception {
    int port = freePort();
    TelemetrySetup t = setup(
        Map.of(
            "OTEL_METRICS_EXPORTER",
            "bogus",
            "OTEL_BSP_SCHEDULE_DELAY",
            "soon",
            "OTEL_TRACES_EXPORTER",
            "logging-otlp"),
        port);
    assertThat(t.configured()).isTrue();
    assertThat(warnings).hasSize(2);
    assertThat(warnings)
        .anySatisfy(w -> assertThat(w)
            .startsWith("OTEL_METRICS_EXPORTER=bogus: ")
            .endsWith("ignored, going on without it"));
    assertThat(warnings)
        .anySatisfy(w -> assertThat(w).startsWith("OTEL_BSP_SCHEDULE_DELAY=soon: "));
    t.openTelemetry().getMeter("test").counterBuilder("probe").build().add(3);
    assertThat(get(t.metricsUrl())).contains("probe_total{").contains("target_info");
  }

  @Test
  void aCollectorThatDoesNotAnswerIsAWarningNamingTheEndpointSetting() throws Exception {
    int closed = freePort();
    TelemetrySetup t = setup(
        Map.of(
            "OTEL_TRACES_EXPORTER",
            "otlp",
            "OTEL_EXPORTER_OTLP_ENDPOINT",
            "http://127.0.0.1:" + closed),
        null);
    assertThat(t.configured()).isTrue();
    assertThat(warnings)
        .singleElement()
        .asString()
        .startsWith("OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:" + closed
            + ": no OpenTelemetry collector answers");
  }

  @Test
  void anEndpointThatIsNotAUrlIsAWarningNamingIt() {
    TelemetrySetup t = setup(
        Map.of("OTEL_TRACES_EXPORTER", "otlp", "OTEL_EXPORTER_OTLP_ENDPOINT", "not a url"), null);
    assertThat(t.configured()).as("%s", warnings).isTrue();
    assertThat(warnings)
        .singleElement()
        .asString()
        .startsWith("OTEL_EXPORTER_OTLP_ENDPOINT=not a url: ")
        .endsWith("ignored: nothing is exported over OTLP; going on");
  }
}
