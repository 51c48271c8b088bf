package org.gridrmi.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gridrmi.client.CallLatency;
import org.gridrmi.client.Grid;
import org.gridrmi.client.PeerBytes;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.ServerStats;
import org.gridrmi.ref.GridException;

/**
 * {@code gridrmi status --watch}: a compact table of every server, refreshed in place: calls per second and their
 * p50/p99 over the last interval, calls queued for a compute thread, values pending and held, the store in memory and
 * spilled, and under each server the bytes per second it moved with each peer. Read from each server's
 * {@code stats()} (no metrics backend needed); rates are the difference of two readings.
 */
final class StatusWatch {
  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");
  private static final String ROW = "%-10s %8s %9s %9s %6s %7s %7s %10s %10s%n";
  private final Grid grid;
  private final PrintWriter out;
  private final Duration interval;
  private final boolean redraw;
  private Map<String, Reading> last = new HashMap<>();

  /** One server's stats, and when they were read. */
  record Reading(long nanos, ServerStats stats) {}

  /** @param redraw whether each table replaces the last on the terminal (ANSI), else tables follow each other */
  StatusWatch(Grid grid, PrintWriter out, Duration interval, boolean redraw) {
    this.grid = grid;
    this.out = out;
    this.interval = interval;
    this.redraw = redraw;
  }

  /** Prints a table every interval, {@code count} times (0: until interrupted), the first after one interval. */
  void run(int count, String source) throws InterruptedException {
    last = read();
    for (int i = 0; count <= 0 || i < count; i++) {
      Thread.sleep(interval.toMillis());
      Map<String, Reading> now = read();
      if (redraw) out.print("\033[H\033[2J");
      out.print(table(last, now, source));
      out.flush();
      last = now;
    }
  }

  private Map<String, Reading> read() {
    Map<String, Reading> m = new HashMap<>();
    for (ServerInfo s : grid.servers()) {
      try {
        m.put(s.name(), new Reading(System.nanoTime(), grid.stats(s)));
      } catch (GridException e) {
        m.put(s.name(), null); // unreachable now: a row says so
      }
    }
    return m;
  }

  /** The table of the interval between two readings. */
  String table(Map<String, Reading> before, Map<String, Reading> now, String source) {
    StringBuilder b = new StringBuilder();
    b.append(String.format(
        Locale.ROOT,
        "GridRMI status %s: %d server(s) of %s, every %s (Ctrl-C to stop)%n",
        LocalTime.now().format(CLOCK),
        now.size(),
        source,
        seconds(interval)));
    b.append(String.format(
        Locale.ROOT,
        ROW,
        "NAME",
        "CALLS/S",
        "P50",
        "P99",
        "QUEUED",
        "PENDING",
        "VALUES",
        "STORE",
        "SPILLED"));
    for (String name : now.keySet().stream().sorted(Comparator.naturalOrder()).toList()) {
      Reading r = now.get(name);
      Reading p = before.get(name);
      if (r == null) {
        b.append(String.format(Locale.ROOT, "%-10s does not answer%n", name));
        continue;
      }
      ServerStats s = r.stats();
      double secs = p == null ? Double.NaN : (r.nanos() - p.nanos()) / 1e9;
      CallLatency interval = p == null
          ? s.calls().latency()
          : s.calls().latency().since(p.stats().calls().latency());
      b.append(String.format(
          Locale.ROOT,
          ROW,
          name,
          p == null ? "-" : String.format(Locale.ROOT, "%.1f", interval.count() / secs),
          duration(interval.percentile(0.5)),
          duration(interval.percentile(0.99)),
          s.calls().queued(),
          s.pending(),
          s.values(),
          bytes(s.store().memoryBytes()),
          bytes(s.store().spilledBytes())));
      for (Map.Entry<String, PeerBytes> e : s.perPeer().entrySet()) {
        PeerBytes was = p == null ? null : p.stats().perPeer().get(e.getKey());
        if (was == null) continue;
        PeerBytes d = e.getValue().minus(was);
        b.append(String.format(
            Locale.ROOT,
            "  %-24s in %10s/s   out %10s/s%n",
            e.getKey(),
            bytes(Math.round(d.received() / secs)),
            bytes(Math.round(d.sent() / secs))));
      }
    }
    return b.toString();
  }

  static String duration(Duration d) {
    if (d == null) return "-";
    long n = d.toNanos();
    if (n < 1_000_000) return String.format(Locale.ROOT, "%.0f us", n / 1e3);
    if (n < 1_000_000_000) return String.format(Locale.ROOT, "%.1f ms", n / 1e6);
    return String.format(Locale.ROOT, "%.2f s", n / 1e9);
  }

  static String bytes(long n) {
    if (n < 1_000) return n + " B";
    if (n < 1_000_000) return String.format(Locale.ROOT, "%.1f kB", n / 1e3);
    if (n < 1_000_000_000) return String.format(Locale.ROOT, "%.1f MB", n / 1e6);
    return String.format(Locale.ROOT, "%.2f GB", n / 1e9);
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

  /** Servers listed, for tests. */
  List<String> names() {
    return last.keySet().stream().sorted().toList();
  }
}
