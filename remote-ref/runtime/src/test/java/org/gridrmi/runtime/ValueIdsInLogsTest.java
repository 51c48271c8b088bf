package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.telemetry.FetchSpan;
import org.gridrmi.runtime.telemetry.Telemetry;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;
import org.gridrmi.runtime.wire.ValueIds;
import org.junit.jupiter.api.Test;

/**
 * A value id is a read capability: whoever has it may fetch the value. Logs and traces carry its short form only
 * ({@link ValueIds#shortForm}), enough to tell values apart.
 */
class ValueIdsInLogsTest {
  @Test
  void theShortFormIsTheFirstEightHexDigitsMarkedAsCut() {
    UUID id = UUID.fromString("0123abcd-0000-4000-8000-00000000beef");
    assertThat(ValueIds.shortForm(id)).isEqualTo("0123abcd…");
  }

  @Test
  void aRefusedFetchLogsTheValueIdsShortFormOnly() {
    List<String> logged = new CopyOnWriteArrayList<>();
    Logger log = Logger.getLogger(KnownPeers.class.getName());
    Handler h = new Handler() {
      @Override
      public void publish(LogRecord r) {
        logged.add(r.getMessage());
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    log.addHandler(h);
    SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
    try (NodeRuntime runtime = new NodeRuntime(
        "t",
        mock(Transport.class),
        policy,
        RuntimeSettings.DEFAULT.withTimeouts(Timeouts.DEFAULT))) {
      Fetcher fetcher = new Fetcher(
          runtime,
          () -> new org.gridrmi.runtime.wire.Borrower("rmi://me:2", UUID.randomUUID()),
          (id, v, holders) -> {},
          new KnownPeers(() -> "rmi://me:2", List.of()));
      UUID id = UUID.randomUUID();
      fetcher.await("rmi://stranger:1", id, null, CompletableFuture.completedFuture(null), null);
      assertThat(String.join("\n", logged))
          .contains(ValueIds.shortForm(id))
          .doesNotContain(id.toString());
    } finally {
      log.removeHandler(h);
    }
  }

  @Test
  void aFetchSpanCarriesTheShortForm() {
    InMemorySpanExporter spans = InMemorySpanExporter.create();
    try (OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
        .setTracerProvider(SdkTracerProvider.builder()
            .addSpanProcessor(SimpleSpanProcessor.create(spans))
            .build())
        .build()) {
      Telemetry telemetry = Telemetry.of(sdk);
      UUID id = UUID.randomUUID();
      FetchSpan f = telemetry.fetching("rmi://owner:1", id, "me");
      f.fetched(10, null, null);
      FetchSpan s = telemetry.serving(null, "rmi://me:2", id, null, "owner");
      s.served(null);
      assertThat(spans.getFinishedSpanItems()).hasSize(2).allSatisfy(span -> {
        String all = span.getAttributes().toString();
        assertThat(all).contains(ValueIds.shortForm(id)).doesNotContain(id.toString());
      });
    }
  }
}
