package org.gridrmi.runtime.telemetry;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import java.util.UUID;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.ValueIds;

/**
 * A fetch of a value from its owner, on both ends. The fetching node's client span is a child of what was current
 * when the fetch was asked for (the call waiting for the value, or the client's own span around {@code get()}); its
 * context travels with every poll, and the owner serves each poll in a server span under it. Both link to the span of
 * the call that made the value, which the owner knows and sends back with the value. The fetching end records
 * {@code gridrmi.fetch.duration} and {@code gridrmi.fetch.bytes} by peer.
 */
public final class FetchSpan {
  /** The span name of fetches, the {@code rpc.method} of a node's fetch. */
  public static final String NAME = "gridrmi/fetch";

  private final Telemetry telemetry;
  private final Span span;
  private final String peer;
  private final long startNanos = System.nanoTime();
  private final String headers;

  private FetchSpan(Telemetry telemetry, Span span, String peer, String headers) {
    this.telemetry = telemetry;
    this.span = span;
    this.peer = peer;
    this.headers = headers;
  }

  /** The fetch node {@code self} starts for value {@code id} of {@code owner}, under the current context. */
  static FetchSpan fetching(Telemetry telemetry, String owner, UUID id, String self) {
    Span span = telemetry
        .tracer
        .spanBuilder(NAME)
        .setSpanKind(SpanKind.CLIENT)
        .setAttribute(Telemetry.RPC_SYSTEM, Telemetry.SYSTEM)
        .setAttribute(Telemetry.RPC_METHOD, NAME)
        .setAttribute(Telemetry.PEER, owner)
        .setAttribute(Telemetry.VALUE, ValueIds.shortForm(id))
        .setAttribute(Telemetry.NODE, self)
        .startSpan();
    return new FetchSpan(
        telemetry,
        span,
        owner,
        TraceHeaders.inject(telemetry.propagator, Context.root().with(span)));
  }

  /** One poll of a fetch served by {@code self}, under the context the poll carried. */
  static FetchSpan serving(
      Telemetry telemetry,
      String headers,
      String requester,
      UUID id,
      SpanContext producer,
      String self) {
    var b = telemetry
        .tracer
        .spanBuilder(NAME)
        .setSpanKind(SpanKind.SERVER)
        .setParent(TraceHeaders.extract(telemetry.propagator, headers))
        .setAttribute(Telemetry.RPC_SYSTEM, Telemetry.SYSTEM)
        .setAttribute(Telemetry.RPC_METHOD, NAME)
        .setAttribute(Telemetry.VALUE, ValueIds.shortForm(id))
        .setAttribute(Telemetry.NODE, self);
    if (requester != null) b.setAttribute(Telemetry.PEER, requester);
    if (producer != null && producer.isValid()) b.addLink(producer);
    return new FetchSpan(telemetry, b.startSpan(), requester, null);
  }

  /** The context each poll of this fetch carries (null if there is none). */
  public String headers() {
    return headers;
  }

  /**
   * The fetching end is done: the value came ({@code failure} null, {@code bytes} as it travelled) or the fetch
   * failed or stopped.
   *
   * @param producer the context of the span that made the value, as the owner sent it back, or null
   */
  public void fetched(long bytes, Throwable failure, String producer) {
    Status status = Telemetry.statusOf(failure);
    Attributes a = Attributes.of(
        Telemetry.PEER, peer, Telemetry.RPC_STATUS, status == null ? "OK" : status.name());
    telemetry.instruments.fetch.record((System.nanoTime() - startNanos) / 1e9, a);
    if (bytes > 0) {
      telemetry.instruments.fetchBytes.add(bytes, Attributes.of(Telemetry.PEER, peer));
      span.setAttribute(Telemetry.BYTES, bytes);
    }
    SpanContext made =
        Span.fromContext(TraceHeaders.extract(telemetry.propagator, producer)).getSpanContext();
    if (made.isValid()) span.addLink(made);
    Telemetry.end(span, status, failure);
  }

  /** The serving end answered one poll ({@code failure}: how the value failed, if it did). */
  public void served(Throwable failure) {
    Telemetry.end(span, Telemetry.statusOf(failure), failure);
  }
}
