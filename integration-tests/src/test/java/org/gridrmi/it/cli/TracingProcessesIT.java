package org.gridrmi.it.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gridrmi.cli.CommandRunner;
import org.gridrmi.cli.GridRmiCli;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.cli.telemetry.OtlpTraceFile;
import org.gridrmi.cli.telemetry.OtlpTraceFile.Span;
import org.gridrmi.client.Grid;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.testing.JvmProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Telemetry across real processes: S1, S2 ({@code gridrmi server}) and a client, each a JVM with its SDK configured
 * from OTEL_* and exporting spans as OTLP JSON on its stdout (its log file). The Fig. 2 chain is one trace across the
 * three, with S2's fetch from S1 under S2's call; each server's {@code /metrics} counts the calls it ran; and bad
 * telemetry settings are warnings, never a server that does not serve.
 */
class TracingProcessesIT {
  static final Path DIR = Path.of("target", "it-tracing").toAbsolutePath();
  static final Map<String, String> TRACES = Map.of(
      "OTEL_TRACES_EXPORTER",
      "experimental-otlp/stdout",
      "OTEL_METRICS_EXPORTER",
      "none",
      "OTEL_BSP_SCHEDULE_DELAY",
      "100");
  final List<JvmProcess> started = new ArrayList<>();

  @AfterEach
  void stop() {
    started.forEach(JvmProcess::kill);
  }

  JvmProcess java(String name, Map<String, String> env, String main, String... args)
      throws IOException {
    List<String> cmd = new ArrayList<>(List.of(
        Procs.javaBin(),
        "-Xmx256m",
        "-XX:+UseSerialGC",
        "-cp",
        System.getProperty("java.class.path"),
        main));
    cmd.addAll(List.of(args));
    Path log = DIR.resolve(name + ".log");
    Files.deleteIfExists(log);
    JvmProcess p = JvmProcess.start(name, cmd, env, log);
    started.add(p);
    return p;
  }

  /** A server of the command line; returns its address once it serves. */
  String server(String name, Map<String, String> env, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("--name", name, "--port", "0"));
    args.addAll(List.of(more));
    JvmProcess p = java(name, env, ServerCommand.class.getName(), args.toArray(String[]::new));
    return p.awaitLine("ready at (rmi://\\S+)", Duration.ofSeconds(60)).group(1);
  }

  static String get(String url) throws Exception {
    return HttpClient.newHttpClient()
        .send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString())
        .body();
  }

  /** The sum of the counts of {@code rpc_server_call_duration_seconds} on a server's /metrics. */
  static long serverCalls(int port) throws Exception {
    return get("http://127.0.0.1:" + port + "/metrics")
        .lines()
        .filter(l -> l.startsWith("rpc_server_call_duration_seconds_count{"))
        .mapToLong(l -> (long) Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
        .sum();
  }

  static Span one(List<Span> spans, String what, java.util.function.Predicate<Span> p) {
    List<Span> found = spans.stream().filter(p).toList();
    assertThat(found)
        .as(what + " in "
            + spans.stream().map(s -> s.name() + "@" + s.resource()).toList())
        .hasSize(1);
    return found.get(0);
  }

  /** The value of a gauge without labels on a /metrics page, or -1 if it is not there. */
  static double gauge(String page, String name) {
    return page.lines()
        .filter(l -> l.startsWith(name + " ") || l.startsWith(name + "{"))
        .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
        .findFirst()
        .orElse(-1);
  }

  @Test
  void theLookupServicesMetricsCountTheServersAndServicesRegistered() throws Exception {
    int metrics = Procs.freePort();
    JvmProcess lookup = java(
        "lookup-metrics",
        Map.of(),
        org.gridrmi.cli.LookupCommand.class.getName(),
        "--port",
        "0",
        "--metrics-port",
        "" + metrics);
    String url =
        lookup.awaitLine("ready at (jini://\\S+)", Duration.ofSeconds(60)).group(1);
    server("M1", Map.of(), "--lookup", url);
    server("M2", Map.of(), "--lookup", url);

    String[] page = new String[1];
    await()
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(200))
        .untilAsserted(() -> {
          page[0] = get("http://127.0.0.1:" + metrics + "/metrics");
          assertThat(gauge(page[0], "gridrmi_lookup_servers")).isEqualTo(2);
        });
    // the stock server registers MatrixOps, Fig2Ops and MatmulWorker: three each
    assertThat(gauge(page[0], "gridrmi_lookup_services")).as(page[0]).isEqualTo(6);
  }

  @Test
  void theFig2ChainIsOneTraceAcrossThreeJvmsAndMetricsCountTheCalls() throws Exception {
    int m1 = Procs.freePort();
    int m2 = Procs.freePort();
    String s1 = server("S1", TRACES, "--metrics-port", "" + m1);
    String s2 = server("S2", TRACES, "--metrics-port", "" + m2);
    JvmProcess client = java(
        "client",
        Map.of(
            "OTEL_TRACES_EXPORTER",
            "experimental-otlp/stdout",
            "OTEL_METRICS_EXPORTER",
            "none",
            "OTEL_SERVICE_NAME",
            "fig2-client"),
        TracedFig2Client.class.getName(),
        s1,
        s2,
        "7",
        "5");
    assertThat(client.exitCode(Duration.ofSeconds(90)))
        .as(String.join("\n", client.output()))
        .isZero();
    assertThat(client.output()).contains("client done: y has 16 bytes; S1 ran 8 calls, S2 ran 6");

    // /metrics: the calls each server ran, by the standard RPC duration (a server counts a call
    // when its value is set)
    assertThat(serverCalls(m1)).isEqualTo(8);
    assertThat(serverCalls(m2)).isEqualTo(6);

    List<Path> logs =
        List.of(DIR.resolve("client.log"), DIR.resolve("S1.log"), DIR.resolve("S2.log"));
    String[] trace = new String[1];
    await()
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(200))
        .untilAsserted(() -> {
          List<Span> spans = OtlpTraceFile.read(logs);
          trace[0] = one(spans, "the chain's span", s -> s.name().equals("Fig. 2 improved"))
              .traceId();
          assertThat(spans.stream()
                  .filter(s -> s.traceId().equals(trace[0]))
                  .map(TracingProcessesIT::jvm)
                  .distinct())
              .containsExactlyInAnyOrder("fig2-client", "S1", "S2");
          assertThat(spans)
              .anyMatch(s -> s.traceId().equals(trace[0])
                  && jvm(s).equals("S1")
                  && s.name()
                      .equals(
                          "gridrmi/fetch")); // S1 served S2's fetch (its spans are flushed last)
        });
    List<Span> chain = OtlpTraceFile.read(logs).stream()
        .filter(s -> s.traceId().equals(trace[0]))
        .toList();
    Span method1 = one(
        chain,
        "method1 on S1",
        s ->
            jvm(s).equals("S1") && s.kind() == Span.SERVER && s.name().endsWith("Fig2Ops/method1"));
    Span method2 = one(
        chain,
        "method2 on S2",
        s ->
            jvm(s).equals("S2") && s.kind() == Span.SERVER && s.name().endsWith("Fig2Ops/method2"));
    Span fetch = one(
        chain,
        "S2's fetch",
        s -> jvm(s).equals("S2") && s.name().equals("gridrmi/fetch") && s.kind() == Span.CLIENT);
    Span served =
        one(chain, "S1 serving it", s -> jvm(s).equals("S1") && s.name().equals("gridrmi/fetch"));
    assertThat(served.kind()).isEqualTo(Span.SERVER);
    assertThat(fetch.parentSpanId())
        .as("S2's fetch is a child of S2's call")
        .isEqualTo(method2.spanId());
    assertThat(fetch.links())
        .as("and links to S1's call that made the value")
        .containsExactly(method1.spanId());
    assertThat(fetch.attributes())
        .containsEntry("gridrmi.peer", s1)
        .containsKey("gridrmi.fetch.bytes");
    assertThat(served.parentSpanId()).isEqualTo(fetch.spanId());
    List<String> clientCalls = chain.stream()
        .filter(s -> jvm(s).equals("fig2-client")
            && s.kind() == Span.CLIENT
            && !s.name().equals("gridrmi/fetch"))
        .map(Span::spanId)
        .toList();
    assertThat(clientCalls).hasSize(2).contains(method1.parentSpanId(), method2.parentSpanId());
    assertThat(method2.event("arguments ready"))
        .isGreaterThanOrEqualTo(fetch.endNanos() - 5_000_000);

    // and the trace command draws it
    Path png = DIR.resolve("fig2-trace.png");
    Files.deleteIfExists(png);
    StringWriter err = new StringWriter();
    int exit = CommandRunner.execute(
        new PrintWriter(new StringWriter()),
        new PrintWriter(err),
        GridRmiCli.commandLine(),
        "trace",
        logs.get(0).toString(),
        logs.get(1).toString(),
        logs.get(2).toString(),
        "--chain",
        "Fig. 2 improved",
        "--out",
        png.toString());
    assertThat(exit).as(err.toString()).isZero();
    assertThat(Files.size(png)).isGreaterThan(5_000);
  }

  /** Which JVM a span is from: a server's instance id, else the service name. */
  static String jvm(Span s) {
    return Optional.ofNullable(s.resource().get("service.instance.id"))
        .orElse(s.resource().get("service.name"));
  }

  @Test
  void badTelemetrySettingsAreWarningsNamingThemAndTheServerServes() throws Exception {
    try (ServerSocket taken =
        new ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"))) {
      int closed = Procs.freePort();
      String s = server(
          "S9",
          Map.of(
              "OTEL_METRICS_EXPORTER",
              "bogus",
              "OTEL_TRACES_EXPORTER",
              "otlp",
              "OTEL_EXPORTER_OTLP_ENDPOINT",
              "http://127.0.0.1:" + closed),
          "--metrics-port",
          "" + taken.getLocalPort());
      List<String> log = Files.readAllLines(DIR.resolve("S9.log"));
      assertThat(log).anyMatch(l -> l.contains("WARNING OTEL_METRICS_EXPORTER=bogus: "));
      assertThat(log)
          .anyMatch(l -> l.contains("WARNING OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:" + closed
              + ": no OpenTelemetry collector answers there"));
      assertThat(log)
          .anyMatch(l -> l.contains("WARNING --metrics-port " + taken.getLocalPort()
              + ": cannot serve /metrics on 127.0.0.1"));
      try (Grid grid = Grid.connect(s)) {
        grid.plain(Fig2Ops.class).noop(); // it serves
        assertThat(grid.plain(Fig2Ops.class).echo(new byte[] {1, 2, 3})).containsExactly(1, 2, 3);
      }
    }
  }
}
