package org.gridrmi.runtime.telemetry;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;
import org.gridrmi.ref.Status;

/**
 * One call on a server: a server span, child of the client's call span whose context the call carried, from the
 * call's arrival until its value or failure is set. Its phases are events on it, {@value #ARGUMENTS_READY} and
 * {@value #RUNNING}, so that a timeline reads waiting (arrival to arguments ready), queued (to running) and computing
 * (to the end) from one span; fetches for its arguments are child spans. Records {@code rpc.server.call.duration}
 * and, for async calls, the time waiting for arguments and for a compute thread.
 */
public final class ServerCall {
  /** The event when the last argument arrived: the call is queued for a compute thread. */
  public static final String ARGUMENTS_READY = "arguments ready";
  /** The event when a compute thread starts the call. */
  public static final String RUNNING = "running";

  private final Telemetry telemetry;
  private final Telemetry.MethodAttributes method;
  private final Span span;
  private final long arrivedNanos = System.nanoTime();
  private volatile long readyNanos;

  ServerCall(Telemetry telemetry, String headers, Telemetry.MethodAttributes method, String node) {
    this.telemetry = telemetry;
    this.method = method;
    this.span = telemetry
        .tracer
        .spanBuilder(method.rpcMethod)
        .setSpanKind(SpanKind.SERVER)
        .setParent(TraceHeaders.extract(telemetry.propagator, headers))
        .setAttribute(Telemetry.RPC_SYSTEM, Telemetry.SYSTEM)
        .setAttribute(Telemetry.RPC_METHOD, method.rpcMethod)
        .setAttribute(Telemetry.CALL, method.label)
        .setAttribute(Telemetry.NODE, node)
        .startSpan();
  }

  /** Makes the call's span current, so that what starts meanwhile (its fetches) becomes its child. */
  public Scope makeCurrent() {
    return span.makeCurrent();
  }

  /** The call's span, what a fetch of its value links to. */
  public SpanContext spanContext() {
    return span.getSpanContext();
  }

  /** Its arguments are all here. */
  public void argumentsReady() {
    long now = System.nanoTime();
    readyNanos = now;
    telemetry.instruments.waiting.record((now - arrivedNanos) / 1e9, method.of(null));
    span.addEvent(ARGUMENTS_READY);
  }

  /** A compute thread runs it now. */
  public void running() {
    long ready = readyNanos;
    if (ready != 0)
      telemetry.instruments.queued.record((System.nanoTime() - ready) / 1e9, method.of(null));
    span.addEvent(RUNNING);
  }

  /** Its value ({@code failure} null) or failure is set. */
  public void end(Throwable failure) {
    Status status = Telemetry.statusOf(failure);
    telemetry.instruments.serverCall.record(
        (System.nanoTime() - arrivedNanos) / 1e9, method.of(status));
    Telemetry.end(span, status, failure);
  }
}
