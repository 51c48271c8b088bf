package org.gridrmi.client.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import java.util.UUID;
import org.gridrmi.client.inprocess.Work;
import org.gridrmi.client.inprocess.WorkImpl;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.InternalInProcess;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.ValueIds;
import org.gridrmi.runtime.wire.ValueReader;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A trace context that arrives malformed (from a foreign or broken peer) is ignored: the call and fetch go on. */
class MalformedTraceContextTest {
  final InProcessNetwork net = new InProcessNetwork();
  final InMemoryTelemetry otel = new InMemoryTelemetry();
  final GridServer server = GridServer.builder()
      .name("S1")
      .inProcess(net)
      .openTelemetry(otel.sdk)
      .export(Work.class, new WorkImpl())
      .start();
  final NodeClient raw = InternalInProcess.transport(
          net,
          "raw-peer",
          Timeouts.DEFAULT,
          new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of()).filter())
      .client(server.address());

  @AfterEach
  void close() {
    server.close();
    otel.close();
  }

  static List<String> malformed() {
    return List.of(
        "garbage",
        "traceparent=00-zzzz-yyyy-01",
        "traceparent=\u0000\u00ff\n\n=",
        "traceparent=00-00000000000000000000000000000000-0000000000000000-00",
        "tracestate=" + "x".repeat(20_000));
  }

  @ParameterizedTest
  @MethodSource("malformed")
  void aCallAndAFetchWithAMalformedContextRunAsNewTraces(String bad) {
    UUID holder = UUID.randomUUID();
    UUID id = ValueIds.forCall();
    raw.submit(
        holder,
        null,
        List.of(new Command.Call(
            id,
            Work.class.getName(),
            "append(java.lang.String,java.lang.String)",
            new Object[] {"a", "b"},
            0,
            "Work.append",
            bad)));
    FetchResult r = raw.fetch(id, 5_000, null, false, bad);
    assertThat(r.state()).isEqualTo(FetchResult.State.READY);
    assertThat(r.value().value(ValueReader.unbound(SerialPolicy.current()))).isEqualTo("ab");
    SpanData call = ended(Work.class.getName() + "/append", SpanKind.SERVER);
    assertThat(call.getParentSpanContext().isValid())
        .as("no parent: a trace of its own")
        .isFalse();
    assertThat(call.getTraceId()).isNotEqualTo("00000000000000000000000000000000");
    SpanData served = ended("gridrmi/fetch", SpanKind.SERVER);
    assertThat(served.getParentSpanContext().isValid()).isFalse();
  }

  /** The span once it has ended: a server's call span ends just after its value is set, which the fetch may see first. */
  private SpanData ended(String name, SpanKind kind) {
    SpanData[] found = new SpanData[1];
    org.awaitility.Awaitility.await()
        .atMost(java.time.Duration.ofSeconds(5))
        .untilAsserted(() -> found[0] = ChainTracingTest.named(otel.spans(), name, kind));
    return found[0];
  }
}
