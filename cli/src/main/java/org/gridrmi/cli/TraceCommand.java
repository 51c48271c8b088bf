package org.gridrmi.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.telemetry.OtlpTraceFile;
import org.gridrmi.cli.telemetry.TraceChart;
import org.gridrmi.cli.telemetry.TraceTimeline;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gridrmi trace FILE...}: OTLP JSON trace files (each JVM's, as its OTLP JSON exporter wrote them) of one chain
 * into a PNG timeline, one row per JVM: waiting, queued, fetching, computing. Prints the time each JVM spent in each.
 */
@Command(
    name = "trace",
    mixinStandardHelpOptions = true,
    description = {
      "Turn OTLP JSON trace files (OTEL_TRACES_EXPORTER=experimental-otlp/stdout or logging-otlp output, "
          + "or a collector's file) into a PNG timeline of one chain: one row per JVM, its calls waiting for "
          + "arguments, queued, computing, and its fetches."
    })
public final class TraceCommand implements Callable<Integer> {
  @Parameters(
      paramLabel = "FILE",
      arity = "1..*",
      description = "files with OTLP JSON trace data (several JVMs' " + "files make one timeline)")
  List<Path> files;

  @Option(
      names = "--trace",
      paramLabel = "TRACE_ID",
      description = "the trace to draw (default: the one with the most " + "GridRMI spans)")
  String traceId;

  @Option(
      names = "--chain",
      paramLabel = "NAME",
      description = "draw the last trace with a span whose name contains "
          + "NAME, such as \"SVD solver improved\" (the demo names each chain so)")
  String chain;

  @Option(
      names = "--title",
      description = "what the trace is, for the PNG's title (default: the --chain, else "
          + "\"GridRMI chain\")")
  String title;

  @Option(names = "--out", description = "the PNG to write (default ${DEFAULT-VALUE})")
  Path out = Path.of("results", "trace.png");

  @Override
  public Integer call() throws Exception {
    for (Path f : files) {
      if (!java.nio.file.Files.isReadable(f))
        throw CommandRunner.badOption("FILE", f, "cannot be read", "a file");
    }
    TraceTimeline t;
    try {
      t = TraceTimeline.of(OtlpTraceFile.read(files), traceId, chain);
    } catch (java.io.IOException | IllegalArgumentException e) {
      throw CommandRunner.badOption(
          traceId != null ? "--trace" : "FILE",
          traceId != null ? traceId : files,
          e.getMessage(),
          "OTLP JSON trace files of GridRMI JVMs");
    }
    System.out.printf(
        Locale.ROOT,
        "trace %s: %d GridRMI spans, %.1f ms%n",
        t.traceId(),
        t.spans(),
        t.duration() / 1e6);
    System.out.printf(
        Locale.ROOT,
        "%-16s %11s %11s %11s %11s %11s%n",
        "JVM",
        "calling",
        "waiting",
        "fetching",
        "queued",
        "computing");
    for (TraceTimeline.Row r : t.rows()) {
      System.out.printf(
          Locale.ROOT,
          "%-16s %8.1f ms %8.1f ms %8.1f ms %8.1f ms %8.1f ms%n",
          r.name(),
          ms(r, TraceTimeline.Phase.CALLING),
          ms(r, TraceTimeline.Phase.WAITING),
          ms(r, TraceTimeline.Phase.FETCHING),
          ms(r, TraceTimeline.Phase.QUEUED),
          ms(r, TraceTimeline.Phase.COMPUTING));
    }
    Figure.of(TraceChart.of(t, title != null ? title : chain != null ? chain : "GridRMI chain"))
        .writePng(out);
    System.out.println("wrote " + out);
    return 0;
  }

  private static double ms(TraceTimeline.Row r, TraceTimeline.Phase p) {
    return r.total(p) / 1e6;
  }
}
