package org.gridrmi.runtime.telemetry;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.FailureCarrier;

/**
 * What one Grid or server reports through OpenTelemetry: its tracer, meter and propagator, and the instruments it
 * records on. Built from the {@link OpenTelemetry} its builder was given, else the global one an SDK or the Java agent
 * registered ({@link GlobalOpenTelemetry#getOrNoop()}, which never sets one itself). Without an SDK that is the
 * no-op instance and this is {@link #OFF}: the call paths then ask {@link #on()} once and record nothing, carry no
 * trace context and allocate nothing for telemetry.
 */
public final class Telemetry {
  /** The instrumentation scope of every span and instrument. */
  public static final String SCOPE = "org.gridrmi";

  public static final Telemetry OFF = new Telemetry(OpenTelemetry.noop(), false);

  static final AttributeKey<String> RPC_SYSTEM = AttributeKey.stringKey("rpc.system.name");
  static final AttributeKey<String> RPC_METHOD = AttributeKey.stringKey("rpc.method");
  static final AttributeKey<String> RPC_STATUS = AttributeKey.stringKey("rpc.response.status_code");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
  static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
  /** The node that records: a server's name, or a Grid's client name. */
  public static final AttributeKey<String> NODE = AttributeKey.stringKey("gridrmi.node");
  /** The other node of a fetch or transfer, {@code rmi://host:port} (or {@code host:port}). */
  public static final AttributeKey<String> PEER = AttributeKey.stringKey("gridrmi.peer");
  /** A call as users read it, {@code MatrixOps.times}. */
  public static final AttributeKey<String> CALL = AttributeKey.stringKey("gridrmi.call");

  static final AttributeKey<String> VALUE = AttributeKey.stringKey("gridrmi.value.id");
  static final AttributeKey<Long> BYTES = AttributeKey.longKey("gridrmi.fetch.bytes");
  static final String SYSTEM = "gridrmi";

  private final OpenTelemetry otel;
  private final boolean on;
  final Tracer tracer;
  final Meter meter;
  final TextMapPropagator propagator;
  final Instruments instruments;
  private final Map<String, MethodAttributes> methods = new ConcurrentHashMap<>();

  private Telemetry(OpenTelemetry otel, boolean on) {
    this.otel = otel;
    this.on = on;
    this.tracer = otel.getTracer(SCOPE);
    this.meter = otel.getMeter(SCOPE);
    TextMapPropagator p = otel.getPropagators().getTextMapPropagator();
    // W3C trace context is what GridRMI carries: an SDK built without propagators still gets it
    this.propagator = p.fields().isEmpty() ? W3CTraceContextPropagator.getInstance() : p;
    this.instruments = on ? new Instruments(meter) : null;
  }

  /** Telemetry through {@code otel}; {@link #OFF} for null or the no-op instance. */
  public static Telemetry of(OpenTelemetry otel) {
    return otel == null || otel == OpenTelemetry.noop() ? OFF : new Telemetry(otel, true);
  }

  /** Telemetry through the instance an SDK or the Java agent registered globally, else {@link #OFF}. */
  public static Telemetry global() {
    return of(GlobalOpenTelemetry.getOrNoop());
  }

  /** Whether anything is recorded: false without an SDK, and then nothing need be asked of this. */
  public boolean on() {
    return on;
  }

  public OpenTelemetry openTelemetry() {
    return otel;
  }

  /** A call this client makes now, as a client span under the current context; null when off. */
  public ClientCall clientCall(String service, String methodKey, String label, String server) {
    return on ? new ClientCall(this, method(service, methodKey, label), server) : null;
  }

  /** A call arriving on server {@code node}, as a server span under the context {@code headers} carry; null when off. */
  public ServerCall serverCall(
      String headers, String service, String methodKey, String label, String node) {
    return on ? new ServerCall(this, headers, method(service, methodKey, label), node) : null;
  }

  /** A fetch of value {@code id} from {@code owner} that node {@code self} starts, under the current context; null when off. */
  public FetchSpan fetching(String owner, java.util.UUID id, String self) {
    return on ? FetchSpan.fetching(this, owner, id, self) : null;
  }

  /**
   * One poll of a fetch of value {@code id} that node {@code self} serves, under the context the poll carried, linked
   * to {@code producer} (the span of the call that made the value, or null); null when off.
   */
  public FetchSpan serving(
      String headers, String requester, java.util.UUID id, SpanContext producer, String self) {
    return on ? FetchSpan.serving(this, headers, requester, id, producer, self) : null;
  }

  /** The context of {@code span} as it travels (null when off or invalid). */
  public String headersOf(SpanContext span) {
    return on && span != null && span.isValid()
        ? TraceHeaders.inject(propagator, Context.root().with(Span.wrap(span)))
        : null;
  }

  /** A batch of {@code commands} commands received. */
  public void batchReceived(int commands) {
    if (!on) return;
    instruments.batches.add(1);
    instruments.commandsPerBatch.record(commands);
  }

  /** The status a call's outcome reports: null for success, else its failure's. */
  static Status statusOf(Throwable failure) {
    if (failure == null) return null;
    if (failure instanceof GridException g) return g.status();
    return FailureCarrier.unwrap(failure, null).status();
  }

  /** Ends {@code span} with the outcome's status: null for success, else its failure's. */
  static void end(Span span, Status status, Throwable failure) {
    if (status != null) {
      span.setAttribute(RPC_STATUS, status.name());
      span.setAttribute(ERROR_TYPE, status.name());
      span.setStatus(StatusCode.ERROR, failure.getMessage());
    } else {
      span.setAttribute(RPC_STATUS, "OK");
    }
    span.end();
  }

  private MethodAttributes method(String service, String methodKey, String label) {
    String key = service + '#' + methodKey;
    MethodAttributes m = methods.get(key);
    if (m != null) return m;
    return methods.computeIfAbsent(key, k -> new MethodAttributes(service, methodKey, label));
  }

  /**
   * What the spans and metrics of one method carry, made once: {@code rpc.method} is
   * {@code full.service.Name/method}, as the conventions ask, and the metrics' attributes per outcome.
   */
  static final class MethodAttributes {
    final String rpcMethod;
    final String label;
    private final Attributes[] byStatus = new Attributes[Status.values().length + 1];

    MethodAttributes(String service, String methodKey, String label) {
      int paren = methodKey.indexOf('(');
      this.rpcMethod = service + "/" + (paren < 0 ? methodKey : methodKey.substring(0, paren));
      this.label = label;
      byStatus[0] = attributes("OK");
      for (Status s : Status.values()) byStatus[s.ordinal() + 1] = attributes(s.name());
    }

    private Attributes attributes(String status) {
      return Attributes.of(RPC_SYSTEM, SYSTEM, RPC_METHOD, rpcMethod, RPC_STATUS, status);
    }

    /** The metrics' attributes for an outcome (null: success). */
    Attributes of(Status status) {
      return byStatus[status == null ? 0 : status.ordinal() + 1];
    }
  }
}
