package org.gridrmi.benchmarks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.benchmarks.memory.MemoryOps;
import org.gridrmi.benchmarks.memory.MemoryOpsImpl;
import org.gridrmi.cli.GridOptions;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.perf.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gridrmi bench memory}: does a client that never releases anything fill the servers? Two server JVMs, S1
 * and S2, each with {@code -Xmx} = {@code --heap}, run {@code --chains} chains {@code s2.sum(s1.make(value))} with
 * no scope and no release ({@link MemoryChains}) while a sampler reads each server's values held and heap used
 * ({@link MemorySampler}). After the last chain the client runs {@code System.gc()} twice and the sampling goes on
 * until the values stop falling ({@link Settling}); what is left is the finding. The last line is the summary
 * ({@link MemoryReport#summary}); the exit code is 1 if a chain failed or more values are left than 1% of the
 * chains.
 */
@Command(
    name = "memory",
    mixinStandardHelpOptions = true,
    description = {
      "Value lifetime: two server JVMs at --heap run --chains chains s2.sum(s1.make(--value)) with no"
          + " scopes or releases; samples each server's values held and heap used, then runs the client's GC and waits"
          + " for the values to stop falling. Last line: memory: chains=N value=S heap_peak_mb=X values_left=Y"
          + " spilled_mb=Z (MB here are MiB, as -Xmx counts). Writes results/memory.csv and results/memory.png."
    })
public final class MemoryBench implements Callable<Integer> {
  static final String VALUE_FORM =
      Units.SIZE_FORM + ", from 1B to " + (MemoryOpsImpl.MAX_BYTES >> 20) + "MiB";
  static final String HEAP_FORM = "a heap size as -Xmx takes it, such as 128m, 256m or 1g";
  private static final Pattern HEAP = Pattern.compile("([0-9]+)([kmg])", Pattern.CASE_INSENSITIVE);
  /** How long the values may stay above their lowest before the wait after the client's GC ends. */
  static final Duration QUIET = Duration.ofSeconds(5);
  /** The pause between the client's two {@code System.gc()} calls, for the cleaner to run in between. */
  private static final long GC_PAUSE_MILLIS = 200;

  @Spec
  CommandSpec spec;

  @Mixin
  GridOptions options;

  int chains = 10_000;
  String value = "1MB";
  int valueBytes = 1_000_000;
  String heap = "256m";
  long heapBytes = 256L << 20;
  int window = 8;
  int maxFailures = 100;

  @Option(
      names = "--sample-every",
      paramLabel = "DURATION",
      description = "how often each server's stats are read " + "(default 250ms)",
      converter = ServerCommand.DurationConverter.class)
  Duration sampleEvery = Duration.ofMillis(250);

  @Option(
      names = "--settle",
      paramLabel = "DURATION",
      description = "the longest wait for the values to stop "
          + "falling after the client's GC (default 30s)",
      converter = ServerCommand.DurationConverter.class)
  Duration settle = Duration.ofSeconds(30);

  @Option(
      names = "--deadline",
      paramLabel = "DURATION",
      description = "deadline of each call (default 60s)",
      converter = ServerCommand.DurationConverter.class)
  Duration deadline = Duration.ofSeconds(60);

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  @Option(names = "--chains", paramLabel = "N", description = "chains to run (default 10000)")
  void chains(int n) {
    if (n < 1)
      throw bad("--chains", n, "must be at least 1", "a whole number of chains such as 10000");
    chains = n;
  }

  @Option(
      names = "--value",
      paramLabel = "SIZE",
      description = "bytes of each value S1 makes, e.g. 1MB or 64KB "
          + "(decimal; KiB, MiB binary) (default 1MB)")
  void value(String text) {
    double bytes;
    try {
      bytes = Units.parseSize(text);
    } catch (IllegalArgumentException e) {
      throw bad("--value", text, "not a size", VALUE_FORM);
    }
    if (bytes < 1 || bytes > MemoryOpsImpl.MAX_BYTES || bytes != Math.rint(bytes)) {
      throw bad("--value", text, "out of range or not a whole number of bytes", VALUE_FORM);
    }
    value = text;
    valueBytes = (int) bytes;
  }

  @Option(
      names = "--heap",
      paramLabel = "SIZE",
      description = "-Xmx of each server JVM, e.g. 256m (default 256m)")
  void heap(String text) {
    Matcher m = HEAP.matcher(text.trim());
    long n = m.matches() && m.group(1).length() < 10 ? Long.parseLong(m.group(1)) : 0;
    if (n < 1) throw bad("--heap", text, "not a heap size", HEAP_FORM);
    heap = text.trim();
    heapBytes = n
        << switch (Character.toLowerCase(m.group(2).charAt(0))) {
          case 'k' -> 10;
          case 'm' -> 20;
          default -> 30;
        };
  }

  @Option(
      names = "--window",
      paramLabel = "N",
      description = "chains in flight at once, 1..1000 (default 8)")
  void window(int n) {
    if (n < 1 || n > 1000)
      throw bad("--window", n, "out of range", "a number of chains from 1 to 1000, such as 8");
    window = n;
  }

  @Option(
      names = "--max-failures",
      paramLabel = "N",
      description =
          "submit no more chains once this many have "
              + "failed: after a server runs out of memory the rest would only wait out their deadlines (default 100)")
  void maxFailures(int n) {
    if (n < 1)
      throw bad("--max-failures", n, "must be at least 1", "a number of chains such as 100");
    maxFailures = n;
  }

  private ParameterException bad(String option, Object v, String problem, String expected) {
    return new ParameterException(
        spec.commandLine(), option + " '" + v + "': " + problem + "; expected " + expected);
  }

  @Override
  public Integer call() throws Exception {
    try (LocalGrid local = new LocalGrid(out.resolve("memory-logs"), options.serverArgs())) {
      System.out.printf(
          Locale.ROOT,
          "bench memory: starting S1 and S2 (-Xmx%s each) on link %s...%n",
          heap,
          options.link());
      List<String> service =
          List.of("--service", MemoryOps.class.getName() + "=" + MemoryOpsImpl.class.getName());
      ServerJvm s1 = local.startServer("S1", List.of("-Xmx" + heap), service);
      ServerJvm s2 = local.startServer("S2", List.of("-Xmx" + heap), service);
      try (Grid grid = options.grid().connect(s1.address(), s2.address()).build()) {
        List<ServerInfo> servers = List.of(info(grid, s1), info(grid, s2));
        MemoryChains run = new MemoryChains(
            grid, servers.get(0), servers.get(1), valueBytes, window, deadline, maxFailures);
        MemoryReport report =
            new MemoryReport(chains, value, heap, options.link(), List.of(s1, s2), out);
        MemorySampler sampler =
            MemorySampler.start(grid, servers, sampleEvery, run::ended, System.nanoTime());
        try {
          System.out.printf(
              Locale.ROOT,
              "bench memory: %d chains S2.sum(S1.make(%s)), %d in flight, no scopes or "
                  + "releases; sampling every %d ms%n",
              chains,
              value,
              window,
              sampleEvery.toMillis());
          run.run(chains, submitted -> report.progress(submitted, run, sampler));
          report.chainsEnded(sampler.now());
          sampler.phase(MemorySampler.SETTLE);
          clientGc();
          report.clientGc(sampler.now());
          waitForValuesToSettle(sampler);
        } finally {
          sampler.close();
        }
        return report.finish(sampler, run);
      }
    }
  }

  private static ServerInfo info(Grid grid, ServerJvm s) {
    return grid.servers().stream()
        .filter(i -> i.address().equals(s.address()))
        .findFirst()
        .orElseThrow();
  }

  /** The client drops everything (it holds nothing by now) and collects, twice, so the cleaner sees it all. */
  private static void clientGc() throws InterruptedException {
    System.gc();
    Thread.sleep(GC_PAUSE_MILLIS);
    System.gc();
  }

  /** Samples go on until the values on both servers stop falling, none is left, or {@code --settle} passes. */
  private void waitForValuesToSettle(MemorySampler sampler) throws InterruptedException {
    Settling settling = new Settling(System.nanoTime(), QUIET, settle);
    do {
      Thread.sleep(sampleEvery.toMillis());
    } while (!settling.settled(System.nanoTime(), sampler.valuesNow()));
  }
}
