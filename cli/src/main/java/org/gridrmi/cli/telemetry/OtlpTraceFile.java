package org.gridrmi.cli.telemetry;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Spans read from OTLP JSON ({@code ExportTraceServiceRequest} objects, {@code {"resourceSpans":[...]}}) as the SDK's
 * OTLP JSON exporters write them: one object per line ({@code experimental-otlp/stdout}, the OTLP file format), also
 * inside log lines ({@code logging-otlp}, whose lines start with the logger's prefix) or mixed with other output (a
 * server's log), or one object filling the file (a collector's file exporter, pretty-printed).
 */
public final class OtlpTraceFile {
  private static final String MARK = "{\"resourceSpans\"";
  private static final JsonFactory JSON = new JsonFactory();

  private OtlpTraceFile() {}

  /** A span event: its name and time. */
  public record Event(String name, long nanos) {}

  /**
   * One span.
   *
   * @param kind 1 internal, 2 server, 3 client (OTLP's numbers)
   * @param attributes its attributes as text
   * @param resource its resource's attributes as text ({@code service.name}, {@code service.instance.id})
   * @param links the span ids it links to
   */
  public record Span(
      String traceId,
      String spanId,
      String parentSpanId,
      String name,
      int kind,
      long startNanos,
      long endNanos,
      Map<String, String> attributes,
      List<Event> events,
      List<String> links,
      Map<String, String> resource) {
    public static final int SERVER = 2;
    public static final int CLIENT = 3;

    /** The time of its first event called {@code name}, or -1. */
    public long event(String name) {
      return events.stream()
          .filter(e -> e.name().equals(name))
          .mapToLong(Event::nanos)
          .findFirst()
          .orElse(-1);
    }
  }

  /**
   * Every span in the files.
   *
   * @throws IOException if a file cannot be read, or holds no OTLP JSON trace data (naming it)
   */
  public static List<Span> read(List<Path> files) throws IOException {
    List<Span> spans = new ArrayList<>();
    for (Path f : files) {
      String text = Files.readString(f, StandardCharsets.UTF_8);
      int before = spans.size();
      boolean found = false;
      for (String line : text.split("\\R")) {
        int at = line.indexOf(MARK);
        if (at < 0) continue;
        found = true;
        spans(parse(line.substring(at)), spans);
      }
      if (!found && text.strip().startsWith("{")) {
        Object whole = parse(text);
        if (whole instanceof Map<?, ?> m && m.containsKey("resourceSpans")) {
          found = true;
          spans(whole, spans);
        }
      }
      if (!found)
        throw new IOException(
            f + " holds no OTLP JSON trace data (objects {\"resourceSpans\": ...})");
      if (spans.size() == before) throw new IOException(f + " holds OTLP JSON, but no span");
    }
    return spans;
  }

  private static Object parse(String json) throws IOException {
    try (JsonParser p = JSON.createParser(json)) {
      p.nextToken();
      return value(p);
    }
  }

  /** A JSON value as maps, lists, strings, numbers, booleans and null. */
  private static Object value(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    switch (t) {
      case START_OBJECT -> {
        Map<String, Object> m = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          p.nextToken();
          m.put(name, value(p));
        }
        return m;
      }
      case START_ARRAY -> {
        List<Object> l = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) l.add(value(p));
        return l;
      }
      case VALUE_STRING -> {
        return p.getText();
      }
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
        return p.getNumberValue();
      }
      case VALUE_TRUE -> {
        return true;
      }
      case VALUE_FALSE -> {
        return false;
      }
      case VALUE_NULL -> {
        return null;
      }
      default -> throw new IOException("unexpected JSON " + t + " at " + p.currentLocation());
    }
  }

  private static void spans(Object request, List<Span> out) {
    for (Object rs : list(map(request).get("resourceSpans"))) {
      Map<String, String> resource = attributes(map(map(rs).get("resource")).get("attributes"));
      for (Object ss : list(map(rs).get("scopeSpans"))) {
        for (Object o : list(map(ss).get("spans"))) {
          Map<String, Object> s = map(o);
          List<Event> events = new ArrayList<>();
          for (Object e : list(s.get("events")))
            events.add(new Event(text(map(e).get("name")), nanos(map(e).get("timeUnixNano"))));
          List<String> links = new ArrayList<>();
          for (Object l : list(s.get("links"))) links.add(text(map(l).get("spanId")));
          out.add(new Span(
              text(s.get("traceId")),
              text(s.get("spanId")),
              text(s.get("parentSpanId")),
              text(s.get("name")),
              kind(s.get("kind")),
              nanos(s.get("startTimeUnixNano")),
              nanos(s.get("endTimeUnixNano")),
              attributes(s.get("attributes")),
              events,
              links,
              resource));
        }
      }
    }
  }

  /** OTLP's key-value list, each value as text whatever its type. */
  private static Map<String, String> attributes(Object list) {
    Map<String, String> m = new LinkedHashMap<>();
    for (Object kv : list(list)) {
      Map<String, Object> v = map(map(kv).get("value"));
      Object first = v.isEmpty() ? "" : v.values().iterator().next();
      m.put(text(map(kv).get("key")), text(first));
    }
    return m;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(Object o) {
    return o instanceof List<?> l ? (List<Object>) l : List.of();
  }

  private static String text(Object o) {
    return o == null ? "" : o.toString();
  }

  /** A span kind as OTLP's number, written as a number or as its enum name ({@code SPAN_KIND_SERVER}). */
  private static int kind(Object o) {
    if (o instanceof Number n) return n.intValue();
    return switch (text(o)) {
      case "SPAN_KIND_INTERNAL" -> 1;
      case "SPAN_KIND_SERVER" -> 2;
      case "SPAN_KIND_CLIENT" -> 3;
      case "SPAN_KIND_PRODUCER" -> 4;
      case "SPAN_KIND_CONSUMER" -> 5;
      default -> (int) nanos(o);
    };
  }

  /** OTLP JSON writes 64-bit integers as strings. */
  private static long nanos(Object o) {
    if (o instanceof Number n) return n.longValue();
    if (o == null || o.toString().isEmpty()) return 0;
    try {
      return Long.parseLong(o.toString());
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
