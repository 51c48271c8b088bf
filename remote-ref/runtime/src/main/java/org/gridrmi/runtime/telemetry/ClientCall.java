package org.gridrmi.runtime.telemetry;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import org.gridrmi.ref.Status;

/**
 * One call as its client sees it: a client span (child of the caller's current span) whose context travels with the
 * call, and {@code rpc.client.call.duration}. A plain call ends when its answer arrives; an async call when the server
 * accepted the batch carrying it (its value comes later, from whoever asks for it).
 */
public final class ClientCall {
  private final Telemetry telemetry;
  private final Telemetry.MethodAttributes method;
  private final Span span;
  private final long startNanos = System.nanoTime();

  ClientCall(Telemetry telemetry, Telemetry.MethodAttributes method, String server) {
    this.telemetry = telemetry;
    this.method = method;
    this.span = telemetry
        .tracer
        .spanBuilder(method.rpcMethod)
        .setSpanKind(SpanKind.CLIENT)
        .setAttribute(Telemetry.RPC_SYSTEM, Telemetry.SYSTEM)
        .setAttribute(Telemetry.RPC_METHOD, method.rpcMethod)
        .setAttribute(Telemetry.CALL, method.label)
        .setAttribute(Telemetry.SERVER_ADDRESS, server)
        .startSpan();
  }

  /** The trace context the call carries to its server (null if there is none to carry). */
  public String headers() {
    return TraceHeaders.inject(telemetry.propagator, Context.current().with(span));
  }

  /** Ends the call: {@code failure} null for success. */
  public void end(Throwable failure) {
    Status status = Telemetry.statusOf(failure);
    telemetry.instruments.clientCall.record(
        (System.nanoTime() - startNanos) / 1e9, method.of(status));
    Telemetry.end(span, status, failure);
  }
}
