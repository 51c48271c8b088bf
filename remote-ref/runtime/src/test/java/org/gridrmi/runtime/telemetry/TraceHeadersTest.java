package org.gridrmi.runtime.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.baggage.propagation.W3CBaggagePropagator;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TraceHeadersTest {
  static final TextMapPropagator W3C = TextMapPropagator.composite(
      W3CTraceContextPropagator.getInstance(), W3CBaggagePropagator.getInstance());
  static final SpanContext SPAN = SpanContext.create(
      "0af7651916cd43dd8448eb211c80319c",
      "b7ad6b7169203331",
      TraceFlags.getSampled(),
      TraceState.builder().put("vendor", "x").build());

  @Test
  void aContextTravelsAsHeaderLinesAndComesBack() {
    String headers = TraceHeaders.inject(W3C, Context.root().with(Span.wrap(SPAN)));
    assertThat(headers)
        .isEqualTo("traceparent=00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01\n"
            + "tracestate=vendor=x");
    SpanContext back = Span.fromContext(TraceHeaders.extract(W3C, headers)).getSpanContext();
    assertThat(back.getTraceId()).isEqualTo(SPAN.getTraceId());
    assertThat(back.getSpanId()).isEqualTo(SPAN.getSpanId());
    assertThat(back.isRemote()).isTrue();
    assertThat(back.getTraceState().get("vendor")).isEqualTo("x");
  }

  @Test
  void nothingToCarryIsNull() {
    assertThat(TraceHeaders.inject(W3C, Context.root())).isNull();
    assertThat(TraceHeaders.inject(TextMapPropagator.noop(), Context.root().with(Span.wrap(SPAN))))
        .isNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "garbage",
        "traceparent=",
        "traceparent=00-zzzz-yyyy-01",
        "traceparent=00-00000000000000000000000000000000-b7ad6b7169203331-01",
        "traceparent=ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
        "=value",
        "TRACEPARENT\n=\n\n",
        "traceparent=00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01\na=1\nb=2\nc=3\nd=4\ne=5\nf=6\ng=7\nh=8"
      })
  void aMalformedContextGivesNoParent(String headers) {
    assertThat(Span.fromContext(TraceHeaders.extract(W3C, headers))
            .getSpanContext()
            .isValid())
        .isFalse();
  }

  @Test
  void anOversizeContextIsDroppedWholeAndANullOneIsNone() {
    String good = "traceparent=00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    assertThat(
            Span.fromContext(TraceHeaders.extract(W3C, good)).getSpanContext().isValid())
        .isTrue();
    String huge = good + "\nbaggage=" + "k=v,".repeat(TraceHeaders.MAX_LENGTH / 4);
    assertThat(TraceHeaders.extract(W3C, huge)).isSameAs(Context.root());
    assertThat(TraceHeaders.extract(W3C, null)).isSameAs(Context.root());
  }

  @Test
  void aPropagatorThatThrowsGivesNoParent() {
    TextMapPropagator throwing = new TextMapPropagator() {
      @Override
      public java.util.Collection<String> fields() {
        return java.util.List.of("x");
      }

      @Override
      public <C> void inject(
          Context c, C carrier, io.opentelemetry.context.propagation.TextMapSetter<C> s) {}

      @Override
      public <C> Context extract(
          Context c, C carrier, io.opentelemetry.context.propagation.TextMapGetter<C> g) {
        throw new IllegalArgumentException("cannot parse");
      }
    };
    assertThat(TraceHeaders.extract(throwing, "x=1")).isSameAs(Context.root());
  }
}
