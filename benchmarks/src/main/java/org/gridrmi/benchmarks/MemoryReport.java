package org.gridrmi.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gridrmi.benchmarks.MemorySampler.Sample;
import org.gridrmi.cli.report.CsvWriter;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.LinePlot;

/**
 * What {@code bench memory} prints and writes: sparse progress, a line per server, the CSV of every sample, the
 * PNG, the failures and, last, the summary line. Sizes in MiB, as {@code -Xmx} counts them.
 */
public final class MemoryReport {
  public static final String[] HEADER = {
    "seconds",
    "phase",
    "server",
    "chains_ended",
    "values",
    "heap_used_bytes",
    "store_bytes",
    "spilled_bytes"
  };
  private static final double MIB = 1 << 20;
  private static final String PREFIX = "bench memory: ";
  static final double PROGRESS_GAP_SECONDS = 30;

  private final int chains;
  private final String value;
  private final String heap;
  private final String link;
  private final List<ServerJvm> servers;
  private final Path out;
  private double chainsEndedAt = Double.NaN;
  private double gcAt = Double.NaN;
  private double lastProgressAt;
  private int lastTenth;

  MemoryReport(
      int chains, String value, String heap, String link, List<ServerJvm> servers, Path out) {
    this.chains = chains;
    this.value = value;
    this.heap = heap;
    this.link = link;
    this.servers = List.copyOf(servers);
    this.out = out;
  }

  /**
   * Told the chains submitted, after each one and while the client waits: a progress line at every tenth of the
   * chains, or after {@link #PROGRESS_GAP_SECONDS} without one (a run that stalls still says where it is): chains
   * submitted and ended, each server's latest reading.
   */
  void progress(int submitted, MemoryChains run, MemorySampler sampler) {
    boolean tenth = submitted > lastTenth && submitted % Math.max(1, chains / 10) == 0;
    if (!tenth && sampler.now() - lastProgressAt < PROGRESS_GAP_SECONDS) return;
    if (tenth) lastTenth = submitted;
    lastProgressAt = sampler.now();
    StringBuilder b = new StringBuilder(String.format(
        Locale.ROOT,
        "%s%d/%d chains submitted, %d completed, %d " + "failed at %.1f s",
        PREFIX,
        submitted,
        chains,
        run.completed(),
        run.failed(),
        sampler.now()));
    sampler.latest().values().stream()
        .sorted(java.util.Comparator.comparing(Sample::server))
        .forEach(s -> b.append(String.format(
            Locale.ROOT,
            "; %s %d values, heap %.1f MiB",
            s.server(),
            s.values(),
            s.heapUsedBytes() / MIB)));
    System.out.println(b);
  }

  void chainsEnded(double seconds) {
    chainsEndedAt = seconds;
  }

  void clientGc(double seconds) {
    gcAt = seconds;
  }

  /** Prints the per-server lines, writes CSV and PNG, prints failures and the summary; returns the exit code. */
  int finish(MemorySampler sampler, MemoryChains run) throws IOException {
    List<Sample> samples = sampler.samples();
    Map<String, Sample> last = lastOfEach(samples);
    long valuesLeft = last.values().stream().mapToLong(Sample::values).sum();
    System.out.printf(
        Locale.ROOT,
        "%sall chains ended at %.1f s, the client's GC ran at %.1f s, sampling stopped at "
            + "%.1f s%n",
        PREFIX,
        chainsEndedAt,
        gcAt,
        samples.isEmpty() ? 0 : samples.get(samples.size() - 1).seconds());
    Map<String, String> unanswered = sampler.firstUnanswered();
    for (ServerJvm s : servers)
      System.out.println(PREFIX + serverLine(s, samples, last, unanswered.get(s.name())));
    Path csv = writeCsv(samples);
    Figure figure = figure(samples, title(), gcAt);
    Path png = figure == null ? null : figure.writePng(out.resolve("memory.png"));
    System.out.println(
        PREFIX + "wrote " + csv + (png == null ? " (no samples: no PNG)" : " and " + png));
    MemoryChains.Failure first = run.firstFailure();
    System.out.println(PREFIX + "failed chains: " + run.failed()
        + (run.failed() == 0 ? "" : " " + run.failedByStatus())
        + (run.notRun() == 0 ? "" : "; not run: " + run.notRun() + " (--max-failures reached)")
        + (first == null
            ? ""
            : "; first: chain " + first.chain() + ": " + first.status() + ": " + first.message()));
    double spilledMib = last.values().stream().mapToLong(Sample::spilledBytes).sum() / MIB;
    System.out.println(
        summary(run.completed(), value, peakHeapBytes(samples) / MIB, valuesLeft, spilledMib));
    return run.failed() > 0 || valuesLeft > 0.01 * run.completed() ? 1 : 0;
  }

  /** The last line: {@code memory: chains=N value=S heap_peak_mb=X values_left=Y spilled_mb=Z}. */
  static String summary(
      int completed, String value, double heapPeakMib, long valuesLeft, double spilledMib) {
    return String.format(
        Locale.ROOT,
        "memory: chains=%d value=%s heap_peak_mb=%.1f values_left=%d spilled_mb=%.1f",
        completed,
        value,
        heapPeakMib,
        valuesLeft,
        spilledMib);
  }

  /** Per server, its last answer: what it held at the end. */
  static Map<String, Sample> lastOfEach(List<Sample> samples) {
    Map<String, Sample> last = new LinkedHashMap<>();
    for (Sample s : samples) last.put(s.server(), s);
    return last;
  }

  static long peakHeapBytes(List<Sample> samples) {
    return samples.stream().mapToLong(Sample::heapUsedBytes).max().orElse(0);
  }

  private String serverLine(
      ServerJvm s, List<Sample> samples, Map<String, Sample> last, String unanswered) {
    List<Sample> mine =
        samples.stream().filter(x -> x.server().equals(s.name())).toList();
    Sample end = last.get(s.name());
    String left = end == null
        ? "unknown (it never answered)"
        : end.values()
            + (end.phase().equals(MemorySampler.SETTLE) ? "" : " (its last answer, before the GC)");
    StringBuilder b = new StringBuilder(String.format(
        Locale.ROOT,
        "%s: values peak %d, left %s; heap peak %.1f MiB "
            + "of -Xmx%s; store peak %.1f MiB in memory, %.1f MiB spilled (peak %.1f MiB); %s",
        s.name(),
        mine.stream().mapToLong(Sample::values).max().orElse(0),
        left,
        peakHeapBytes(mine) / MIB,
        heap,
        mine.stream().mapToLong(Sample::storeBytes).max().orElse(0) / MIB,
        end == null ? 0 : end.spilledBytes() / MIB,
        mine.stream().mapToLong(Sample::spilledBytes).max().orElse(0) / MIB,
        s.isAlive() ? "alive" : "EXITED"));
    if (unanswered != null) b.append("; first unanswered stats at ").append(unanswered);
    Path log = out.resolve("memory-logs").resolve(s.name() + ".log");
    if (mentionsOutOfMemory(log)) b.append("; OutOfMemoryError in ").append(log);
    return b.toString();
  }

  /** Whether this run's part of a server's log (logs are appended to: from its last start) names the error. */
  static boolean mentionsOutOfMemory(Path log) {
    if (!Files.isRegularFile(log)) return false;
    try {
      List<String> lines = Files.readAllLines(log);
      int start = 0;
      for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains(" ready at ")) start = i;
      return lines.subList(start, lines.size()).stream()
          .anyMatch(l -> l.contains("OutOfMemoryError"));
    } catch (IOException | UncheckedIOException e) {
      return false; // a log that cannot be read says nothing either way; the stats above still do
    }
  }

  private Path writeCsv(List<Sample> samples) throws IOException {
    Path csv = out.resolve("memory.csv");
    try (CsvWriter w = CsvWriter.create(csv, HEADER)) {
      for (Sample s : samples) {
        w.row(
            String.format(Locale.ROOT, "%.3f", s.seconds()),
            s.phase(),
            s.server(),
            s.chainsEnded(),
            s.values(),
            s.heapUsedBytes(),
            s.storeBytes(),
            s.spilledBytes());
      }
    }
    return csv;
  }

  private String title() {
    return String.format(
        Locale.ROOT,
        "bench memory on %s: %d chains of %s, servers at -Xmx%s",
        link,
        chains,
        value,
        heap);
  }

  /**
   * The picture, or null without samples, three panels over time for each server: its heap used; its store, bytes
   * in memory and spilled to disk; the values it holds, with the client's GC marked. Heap that climbs to the limit,
   * or values that do not fall after the GC, are what the benchmark looks for.
   */
  static Figure figure(List<Sample> samples, String title, double gcAt) {
    if (samples.isEmpty()) return null;
    Map<String, List<Sample>> byServer = new LinkedHashMap<>();
    samples.forEach(
        s -> byServer.computeIfAbsent(s.server(), k -> new ArrayList<>()).add(s));
    String time = "time since the first chain (s)";
    LinePlot heap = new LinePlot(title + ": heap used", time, "heap used (MiB)").yFromZero();
    LinePlot store = new LinePlot("store: in memory and spilled", time, "store (MiB)").yFromZero();
    LinePlot values = new LinePlot("values held", time, "values held (count)").yFromZero();
    long most = 0;
    for (Map.Entry<String, List<Sample>> e : byServer.entrySet()) {
      List<Sample> l = e.getValue();
      double[] t = l.stream().mapToDouble(Sample::seconds).toArray();
      heap.series(e.getKey(), t, mib(l, Sample::heapUsedBytes));
      store.series(e.getKey() + " in memory", t, mib(l, Sample::storeBytes));
      values.series(e.getKey(), t, l.stream().mapToDouble(Sample::values).toArray());
      most = Math.max(most, l.stream().mapToLong(Sample::values).max().orElse(0));
    }
    byServer.forEach((server, l) -> store.series(
        server + " spilled",
        l.stream().mapToDouble(Sample::seconds).toArray(),
        mib(l, Sample::spilledBytes)));
    if (!Double.isNaN(gcAt))
      values.note("client GC", gcAt, 0.75 * most); // above what is left, below the peaks
    return Figure.of(
        heap.size(900, 550).chart(),
        store.size(700, 550).chart(),
        values.size(600, 550).chart());
  }

  private static double[] mib(
      List<Sample> samples, java.util.function.ToLongFunction<Sample> bytes) {
    return samples.stream().mapToDouble(s -> bytes.applyAsLong(s) / MIB).toArray();
  }
}
