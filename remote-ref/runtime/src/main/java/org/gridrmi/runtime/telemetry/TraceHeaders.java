package org.gridrmi.runtime.telemetry;

import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A trace context as it travels in a batch's call, a fetch and a plain call: the propagator's headers (W3C
 * {@code traceparent}, {@code tracestate}, and whatever else it writes, such as {@code baggage}) in one string, one
 * {@code name=value} per line. One string, not a map, so that a call without one costs a byte on the wire and one
 * with one no class descriptor.
 *
 * <p>What arrives is never trusted: a string that is too long, a line that is not {@code name=value}, a name that is
 * not a header name, or more headers than a propagator writes are dropped, and the propagator then ignores whatever
 * it cannot parse (a malformed {@code traceparent} gives no parent). A bad trace context never fails a call.
 */
public final class TraceHeaders {
  /** Longer than any propagator writes for one context (W3C allows 512 bytes of tracestate, baggage 8 KB). */
  static final int MAX_LENGTH = 16 * 1024;

  static final int MAX_HEADERS = 8;
  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_.-]{0,63}");

  private TraceHeaders() {}

  /** The headers {@code propagator} writes for {@code context}, or null if it writes none (nothing to carry). */
  public static String inject(TextMapPropagator propagator, Context context) {
    StringBuilder b = new StringBuilder(128);
    propagator.inject(context, b, (sb, name, value) -> {
      if (name.indexOf('\n') >= 0 || value.indexOf('\n') >= 0) return; // cannot be carried
      if (sb.length() > 0) sb.append('\n');
      sb.append(name).append('=').append(value);
    });
    return b.length() == 0 || b.length() > MAX_LENGTH ? null : b.toString();
  }

  /** The context {@code headers} carry, with {@code propagator}; the root context for null or malformed ones. */
  public static Context extract(TextMapPropagator propagator, String headers) {
    List<String[]> pairs = parse(headers);
    if (pairs.isEmpty()) return Context.root();
    try {
      return propagator.extract(Context.root(), pairs, GETTER);
    } catch (
        RuntimeException
            e) { // a propagator that throws on what it cannot parse: no parent, the call goes on
      return Context.root();
    }
  }

  /** The well-formed {@code name=value} lines of {@code headers}; none if it is null, too long or has too many. */
  static List<String[]> parse(String headers) {
    if (headers == null || headers.isEmpty() || headers.length() > MAX_LENGTH) return List.of();
    String[] lines = headers.split("\n");
    if (lines.length > MAX_HEADERS) return List.of(); // more than any propagator writes: not ours
    List<String[]> pairs = new ArrayList<>(lines.length);
    for (String line : lines) {
      int eq = line.indexOf('=');
      if (eq <= 0) continue;
      String name = line.substring(0, eq);
      if (NAME.matcher(name).matches()) pairs.add(new String[] {name, line.substring(eq + 1)});
    }
    return pairs;
  }

  private static final TextMapGetter<List<String[]>> GETTER = new TextMapGetter<>() {
    @Override
    public Iterable<String> keys(List<String[]> carrier) {
      return carrier.stream().map(p -> p[0]).toList();
    }

    @Override
    public String get(List<String[]> carrier, String key) {
      if (carrier == null) return null;
      for (String[] p : carrier) {
        if (p[0].equalsIgnoreCase(key)) return p[1];
      }
      return null;
    }
  };
}
