package org.gridrmi.client.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.client.Grid;
import org.gridrmi.client.inprocess.Work;
import org.gridrmi.client.inprocess.WorkAsync;
import org.gridrmi.client.inprocess.WorkImpl;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Traces and metrics of a chain over two servers, each node with an SDK of its own (as separate JVMs would have), on
 * an in-process network: the trace context travels only in the batches and fetches.
 */
class ChainTracingTest {
  final InProcessNetwork net = new InProcessNetwork();
  final InMemoryTelemetry client = new InMemoryTelemetry();
  final InMemoryTelemetry one = new InMemoryTelemetry();
  final InMemoryTelemetry two = new InMemoryTelemetry();
  final List<AutoCloseable> open = new ArrayList<>(List.of(client, one, two));

  @AfterEach
  void close() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) open.get(i).close();
  }

  GridServer server(String name, InMemoryTelemetry otel) {
    GridServer s = GridServer.builder()
        .name(name)
        .inProcess(net)
        .openTelemetry(otel.sdk)
        .export(Work.class, new WorkImpl())
        .start();
    open.add(s);
    return s;
  }

  Grid grid(GridServer... servers) {
    Grid g = Grid.builder()
        .servers(java.util.Arrays.stream(servers).map(GridServer::address).toArray(String[]::new))
        .inProcess(net)
        .openTelemetry(client.sdk)
        .build();
    open.add(g);
    return g;
  }

  static SpanData named(List<SpanData> spans, String name, SpanKind kind) {
    return spans.stream()
        .filter(s -> s.getName().equals(name) && s.getKind() == kind)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " span " + name + " in " + spans));
  }

  @Test
  void aChainOverTwoServersIsOneTraceWithTheFetchBetweenThemAChildOfTheCallThatNeedsIt() {
    Grid grid = grid(server("S1", one), server("S2", two));
    WorkAsync on1 = grid.async(WorkAsync.class, grid.server("S1"));
    WorkAsync on2 = grid.async(WorkAsync.class, grid.server("S2"));
    Span chain = client.sdk.getTracer("test").spanBuilder("chain").startSpan();
    String result;
    try (Scope s = chain.makeCurrent()) {
      RemoteReference<String> a = on1.append(grid.put("x"), "1");
      result = on2.append(a, "2").get(Duration.ofSeconds(5));
    } finally {
      chain.end();
    }
    assertThat(result).isEqualTo("x12");
    String append = Work.class.getName() + "/append";
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() ->
            one.spans().size() >= 2 && two.spans().size() >= 2 && client.spans().size() >= 4);

    String trace = chain.getSpanContext().getTraceId();
    List<SpanData> all = new ArrayList<>();
    List.of(client, one, two).forEach(t -> all.addAll(t.spans()));
    assertThat(all).extracting(SpanData::getTraceId).containsOnly(trace);

    List<SpanData> calls =
        client.spans().stream().filter(s -> s.getName().equals(append)).toList();
    assertThat(calls).hasSize(2).allSatisfy(c -> {
      assertThat(c.getKind()).isEqualTo(SpanKind.CLIENT);
      assertThat(c.getParentSpanId()).isEqualTo(chain.getSpanContext().getSpanId());
    });
    SpanData onOne = named(one.spans(), append, SpanKind.SERVER);
    SpanData onTwo = named(two.spans(), append, SpanKind.SERVER);
    assertThat(calls)
        .extracting(SpanData::getSpanId)
        .contains(onOne.getParentSpanId(), onTwo.getParentSpanId());
    assertThat(onTwo.getEvents())
        .extracting(e -> e.getName())
        .containsExactly("arguments ready", "running");

    // S2 fetched S1's value for its call: a child of S2's call, linked to the call on S1 that made
    // the value
    SpanData fetch = named(two.spans(), "gridrmi/fetch", SpanKind.CLIENT);
    assertThat(fetch.getParentSpanId()).isEqualTo(onTwo.getSpanId());
    assertThat(fetch.getLinks())
        .extracting(LinkData::getSpanContext)
        .extracting(c -> c.getSpanId())
        .containsExactly(onOne.getSpanId());
    // and S1 served it in a server span under S2's fetch
    SpanData served = named(one.spans(), "gridrmi/fetch", SpanKind.SERVER);
    assertThat(served.getParentSpanId()).isEqualTo(fetch.getSpanId());

    // the client's get() fetched the result from S2 under the chain's span
    SpanData got = named(client.spans(), "gridrmi/fetch", SpanKind.CLIENT);
    assertThat(got.getParentSpanId()).isEqualTo(chain.getSpanContext().getSpanId());
    assertThat(got.getLinks())
        .extracting(l -> l.getSpanContext().getSpanId())
        .containsExactly(onTwo.getSpanId());
  }

  @Test
  void callsAreCountedByTheStandardDurationsOnClientAndServers() {
    Grid grid = grid(server("S1", one), server("S2", two));
    WorkAsync on1 = grid.async(WorkAsync.class, grid.server("S1"));
    Work plain2 = grid.plain(Work.class, grid.server("S2"));
    for (int i = 0; i < 5; i++) on1.append(grid.put("v" + i), "!").get(Duration.ofSeconds(5));
    for (int i = 0; i < 3; i++) plain2.append("p" + i, "?");
    // a call is counted when its value is set (server) or its batch accepted (client): maybe after
    // get() returned
    await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
      assertThat(one.histogramCount("rpc.server.call.duration")).isEqualTo(5);
      assertThat(two.histogramCount("rpc.server.call.duration")).isEqualTo(3);
      assertThat(client.histogramCount("rpc.client.call.duration")).isEqualTo(8);
    });
    assertThat(one.metric("rpc.server.call.duration").get(0).getHistogramData().getPoints())
        .allSatisfy(p -> assertThat(p.getAttributes().asMap().toString())
            .contains(
                "rpc.system.name=gridrmi",
                "rpc.method=" + Work.class.getName() + "/append",
                "rpc.response.status_code=OK"));
    assertThat(one.histogramCount("gridrmi.call.queued.duration")).isEqualTo(5);
    assertThat(one.metric("gridrmi.values.held")).isNotEmpty();
  }

  @Test
  void plainCallsAreTracedToo() {
    Grid grid = grid(server("S1", one));
    Work plain = grid.plain(Work.class, grid.server("S1"));
    assertThat(plain.append("a", "b")).isEqualTo("ab");
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> !one.spans().isEmpty() && !client.spans().isEmpty());
    SpanData call = named(client.spans(), Work.class.getName() + "/append", SpanKind.CLIENT);
    SpanData served = named(one.spans(), Work.class.getName() + "/append", SpanKind.SERVER);
    assertThat(served.getTraceId()).isEqualTo(call.getTraceId());
    assertThat(served.getParentSpanId()).isEqualTo(call.getSpanId());
  }
}
