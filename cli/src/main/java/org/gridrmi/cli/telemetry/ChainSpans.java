package org.gridrmi.cli.telemetry;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import java.util.function.Supplier;

/**
 * A span around a chain of calls the examples make (a Fig. 2 composition, one SVD solve), so that the chain's calls,
 * on the client and on every server, are one trace under it. Through the global OpenTelemetry: without an SDK a
 * no-op that costs nothing.
 */
public final class ChainSpans {
  private ChainSpans() {}

  /** Runs {@code body} as the chain {@code name}. */
  public static <T> T in(String name, Supplier<T> body) {
    Span span = GlobalOpenTelemetry.getOrNoop()
        .getTracer("org.gridrmi.examples")
        .spanBuilder(name)
        .startSpan();
    try (Scope scope = span.makeCurrent()) {
      return body.get();
    } catch (RuntimeException | Error e) {
      span.setStatus(StatusCode.ERROR, String.valueOf(e.getMessage()));
      throw e;
    } finally {
      span.end();
    }
  }
}
