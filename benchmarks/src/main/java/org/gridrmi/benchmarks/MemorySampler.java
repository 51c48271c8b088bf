package org.gridrmi.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.ServerStats;
import org.gridrmi.ref.GridException;

/**
 * Reads each server's {@link Grid#stats} (values held, heap used, its store's bytes in memory and on disk) at a fixed
 * period on a thread of its own while {@code bench memory} runs, and keeps every reading. A server that does not
 * answer (dead, or stuck in garbage collection past the Grid's call timeout) leaves no sample for that period; the
 * first such failure is kept to be reported.
 */
final class MemorySampler implements AutoCloseable {
  /** The phase of the samples taken while chains run, and after the client's GC. */
  static final String CHAINS = "chains";

  static final String SETTLE = "settle";

  /**
   * One reading of one server.
   *
   * @param seconds since the run started
   * @param phase {@link #CHAINS} while chains run, {@link #SETTLE} after the client's GC
   * @param chainsEnded chains that had ended (completed or failed) when it was taken
   * @param storeBytes bytes of values its store keeps in memory
   * @param spilledBytes bytes of values its store moved to disk
   */
  record Sample(
      double seconds,
      String phase,
      String server,
      int chainsEnded,
      long values,
      long heapUsedBytes,
      long storeBytes,
      long spilledBytes) {}

  private final Grid grid;
  private final List<ServerInfo> servers;
  private final IntSupplier chainsEnded;
  private final long startNanos;
  private final ScheduledExecutorService timer;
  private final List<Sample> samples = new ArrayList<>();
  private final Map<String, Sample> latest = new LinkedHashMap<>();
  private final Map<String, String> firstUnanswered = new LinkedHashMap<>();
  private volatile String phase = CHAINS;

  private MemorySampler(
      Grid grid, List<ServerInfo> servers, IntSupplier chainsEnded, long startNanos) {
    this.grid = grid;
    this.servers = List.copyOf(servers);
    this.chainsEnded = chainsEnded;
    this.startNanos = startNanos;
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "bench-memory-sampler");
      t.setDaemon(true);
      return t;
    });
  }

  /** Starts sampling now and every {@code period} after, with times counted from {@code startNanos}. */
  static MemorySampler start(
      Grid grid,
      List<ServerInfo> servers,
      Duration period,
      IntSupplier chainsEnded,
      long startNanos) {
    MemorySampler s = new MemorySampler(grid, servers, chainsEnded, startNanos);
    s.timer.scheduleWithFixedDelay(s::sampleAll, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    return s;
  }

  /** The label of the samples taken from now on. */
  void phase(String name) {
    phase = name;
  }

  private void sampleAll() {
    for (ServerInfo s : servers) {
      try {
        ServerStats st = grid.stats(s);
        record(new Sample(
            (System.nanoTime() - startNanos) / 1e9,
            phase,
            s.name(),
            chainsEnded.getAsInt(),
            st.values(),
            st.heapUsedBytes(),
            st.store().memoryBytes(),
            st.store().spilledBytes()));
      } catch (
          GridException
              e) { // a server that cannot answer now: its gap in the samples is the finding
        synchronized (this) {
          firstUnanswered.putIfAbsent(
              s.name(),
              String.format(
                  java.util.Locale.ROOT,
                  "%.1f s: %s",
                  (System.nanoTime() - startNanos) / 1e9,
                  e.getMessage()));
        }
      }
    }
  }

  private synchronized void record(Sample s) {
    samples.add(s);
    latest.put(s.server(), s);
  }

  /** Every sample so far, in the order taken. */
  synchronized List<Sample> samples() {
    return List.copyOf(samples);
  }

  /** The values held now on all servers together, by each server's latest answer (0 for one that never answered). */
  synchronized long valuesNow() {
    return latest.values().stream().mapToLong(Sample::values).sum();
  }

  /** Each server's latest sample, by server name. */
  synchronized Map<String, Sample> latest() {
    return Map.copyOf(latest);
  }

  /** For each server that failed to answer at least once: when it first failed and why. */
  synchronized Map<String, String> firstUnanswered() {
    return new LinkedHashMap<>(firstUnanswered);
  }

  /** Seconds since the run started, on the samples' clock. */
  double now() {
    return (System.nanoTime() - startNanos) / 1e9;
  }

  /** Stops sampling; waits for a sample under way (bounded by the Grid's call timeout) to end. */
  @Override
  public void close() throws InterruptedException {
    timer.shutdown();
    timer.awaitTermination(30, TimeUnit.SECONDS);
  }
}
