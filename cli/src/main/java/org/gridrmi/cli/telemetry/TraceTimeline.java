package org.gridrmi.cli.telemetry;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.gridrmi.runtime.telemetry.FetchSpan;
import org.gridrmi.runtime.telemetry.ServerCall;

/**
 * One trace of GridRMI spans as a timeline, like the task streams of Ray's and Dask's dashboards: one row per JVM
 * (its {@code service.instance.id}, else its {@code service.name}), in the order the trace reaches them, and in it what each call did when: a client's
 * calls until their server accepted them (async) or answered (plain), a server call's waiting for its arguments,
 * queued for a compute thread and computing (read from its events), and fetches of values from other nodes. Items
 * that overlap in time are put in lanes of their row.
 */
public final class TraceTimeline {
  /** What a stretch of time was spent on. */
  public enum Phase {
    CALLING("calling (client)"),
    WAITING("waiting for arguments"),
    FETCHING("fetching a value"),
    QUEUED("queued for a thread"),
    COMPUTING("computing");

    final String label;

    Phase(String label) {
      this.label = label;
    }
  }

  /** A stretch of one phase, in nanoseconds since the trace's first span, in a lane of a row. */
  public record Segment(Phase phase, long from, long to, String what, int lane) {}

  /** One JVM's row: its segments and how many lanes they take. */
  public record Row(String name, List<Segment> segments, int lanes) {
    /**
     * Nanoseconds during which at least one item of this row was in {@code phase}: the union of their stretches,
     * so that calls in flight together count once (a sum of overlapping calls can exceed the trace itself).
     */
    public long total(Phase phase) {
      List<Segment> of = segments.stream()
          .filter(s -> s.phase() == phase)
          .sorted(Comparator.comparingLong(Segment::from))
          .toList();
      long total = 0;
      long coveredTo = Long.MIN_VALUE;
      for (Segment s : of) {
        long from = Math.max(s.from(), coveredTo);
        if (s.to() > from) total += s.to() - from;
        coveredTo = Math.max(coveredTo, s.to());
      }
      return total;
    }
  }

  private final String traceId;
  private final long start;
  private final long end;
  private final List<Row> rows;
  private final int spans;

  private TraceTimeline(String traceId, long start, long end, List<Row> rows, int spans) {
    this.traceId = traceId;
    this.start = start;
    this.end = end;
    this.rows = rows;
    this.spans = spans;
  }

  /**
   * The timeline of one trace: {@code traceId}, else the last trace with a span whose name contains {@code chain}
   * (the span around a chain, such as {@code SVD solver improved}), else the trace with the most GridRMI spans.
   *
   * @throws IllegalArgumentException if there is no such trace, naming the traces there are
   */
  public static TraceTimeline of(List<OtlpTraceFile.Span> all, String traceId, String chain) {
    Map<String, List<OtlpTraceFile.Span>> byTrace = all.stream()
        .filter(s -> "gridrmi".equals(s.attributes().get("rpc.system.name")))
        .collect(Collectors.groupingBy(OtlpTraceFile.Span::traceId));
    if (byTrace.isEmpty())
      throw new IllegalArgumentException("no GridRMI span (rpc.system.name=gridrmi) in the files");
    String id = traceId;
    if (id == null && chain != null) {
      id = all.stream()
          .filter(s -> s.name().contains(chain) && byTrace.containsKey(s.traceId()))
          .max(Comparator.comparingLong(OtlpTraceFile.Span::startNanos))
          .map(OtlpTraceFile.Span::traceId)
          .orElseThrow(() ->
              new IllegalArgumentException("no span named like '" + chain + "' in a trace with "
                  + "GridRMI spans; spans there: "
                  + all.stream()
                      .map(OtlpTraceFile.Span::name)
                      .distinct()
                      .sorted()
                      .limit(20)
                      .toList()));
    }
    if (id == null) {
      id = byTrace.entrySet().stream()
          .max(Comparator.comparingInt(e -> e.getValue().size()))
          .orElseThrow()
          .getKey();
    }
    List<OtlpTraceFile.Span> spans = byTrace.get(id);
    if (spans == null) {
      throw new IllegalArgumentException(
          "no GridRMI span of trace " + id + "; the files have " + byTrace.keySet());
    }
    long start = spans.stream().mapToLong(OtlpTraceFile.Span::startNanos).min().orElseThrow();
    long end = spans.stream().mapToLong(OtlpTraceFile.Span::endNanos).max().orElseThrow();
    // rows in the order their JVM appears in the trace: the client first, then the servers as the
    // chain reaches them
    Map<String, List<OtlpTraceFile.Span>> byRow = spans.stream()
        .sorted(Comparator.comparingLong(OtlpTraceFile.Span::startNanos))
        .collect(
            Collectors.groupingBy(TraceTimeline::row, LinkedHashMap::new, Collectors.toList()));
    List<Row> rows = new ArrayList<>();
    byRow.forEach((name, ofRow) -> rows.add(row(name, ofRow, start)));
    return new TraceTimeline(id, start, end, rows, spans.size());
  }

  /** The row of a span: its JVM. */
  static String row(OtlpTraceFile.Span s) {
    String instance = s.resource().get("service.instance.id");
    if (instance != null && !instance.isEmpty()) return instance;
    String service = s.resource().get("service.name");
    return service != null && !service.isEmpty()
        ? service
        : s.attributes().getOrDefault("gridrmi.node", "?");
  }

  private static Row row(String name, List<OtlpTraceFile.Span> spans, long t0) {
    List<List<Segment>> items = new ArrayList<>();
    for (OtlpTraceFile.Span s : spans.stream()
        .sorted(Comparator.comparingLong(OtlpTraceFile.Span::startNanos))
        .toList()) {
      List<Segment> item = segments(s, t0);
      if (!item.isEmpty()) items.add(item);
    }
    List<Long> laneEnds = new ArrayList<>();
    List<Segment> placed = new ArrayList<>();
    for (List<Segment> item : items) {
      long from = item.get(0).from();
      long to = item.get(item.size() - 1).to();
      int lane = 0;
      while (lane < laneEnds.size() && laneEnds.get(lane) > from) lane++;
      if (lane == laneEnds.size()) laneEnds.add(to);
      else laneEnds.set(lane, to);
      for (Segment s : item) placed.add(new Segment(s.phase(), s.from(), s.to(), s.what(), lane));
    }
    return new Row(name, placed, Math.max(1, laneEnds.size()));
  }

  /** What one span shows: a server call its three phases, a fetch or a client's call one stretch. */
  static List<Segment> segments(OtlpTraceFile.Span s, long t0) {
    long from = s.startNanos() - t0;
    long to = s.endNanos() - t0;
    String what = s.attributes().getOrDefault("gridrmi.call", s.name());
    if (s.name().equals(FetchSpan.NAME)) {
      return s.kind() == OtlpTraceFile.Span.CLIENT
          ? List.of(new Segment(
              Phase.FETCHING,
              from,
              to,
              "fetch from " + s.attributes().getOrDefault("gridrmi.peer", "?"),
              0))
          : List.of(); // the owner's side: not a phase
    }
    if (s.kind() == OtlpTraceFile.Span.CLIENT)
      return List.of(new Segment(Phase.CALLING, from, to, what, 0));
    if (s.kind() != OtlpTraceFile.Span.SERVER) return List.of();
    long ready = s.event(ServerCall.ARGUMENTS_READY);
    long running = s.event(ServerCall.RUNNING);
    List<Segment> out = new ArrayList<>();
    long at = from;
    if (ready >= 0) {
      out.add(new Segment(Phase.WAITING, at, ready - t0, what, 0));
      at = ready - t0;
    }
    if (running >= 0) {
      if (running - t0 > at) out.add(new Segment(Phase.QUEUED, at, running - t0, what, 0));
      at = running - t0;
      out.add(new Segment(Phase.COMPUTING, at, to, what, 0));
    } else {
      out.add(new Segment(
          ready >= 0 ? Phase.QUEUED : Phase.WAITING, at, to, what, 0)); // failed before it ran
    }
    return out;
  }

  public String traceId() {
    return traceId;
  }

  public List<Row> rows() {
    return rows;
  }
  /** GridRMI spans in the trace. */
  public int spans() {
    return spans;
  }
  /** Nanoseconds from the first span's start to the last one's end. */
  public long duration() {
    return end - start;
  }
}
