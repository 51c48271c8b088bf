package org.gridrmi.benchmarks;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.gridrmi.cli.report.Figure;
import org.gridrmi.cli.report.LinePlot;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gridrmi bench codec}: matrix codec vs Java serialization vs a raw socket, for one matrix size. */
@Command(
    name = "codec",
    mixinStandardHelpOptions = true,
    description =
        "Throughput of the Matrix codec, Java serialization and a raw socket on loopback (one run, ratios).")
public final class CodecBench implements Callable<Integer> {
  @Option(names = "--size", description = "matrix order N (N x N, default ${DEFAULT-VALUE})")
  int size = 1000;

  @Option(names = "--runs", description = "measured runs per mechanism (default ${DEFAULT-VALUE})")
  int runs = 11;

  @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  @Override
  public Integer call() throws Exception {
    CodecThroughput.Result r = CodecThroughput.run(size, size, 5, runs);
    r.print(System.out);
    Path csv = out.resolve("codec.csv");
    r.writeCsv(csv);
    Path png = figure(r).writePng(out.resolve("codec.png"));
    System.out.printf(
        "codec/raw = %.2f (goal >= 0.5), codec/serialization = %.2f; wrote %s and %s%n",
        r.codecOverRaw(), r.codecOverSerialization(), csv, png);
    return 0;
  }

  /** The picture: throughput of each mechanism in each measured run. */
  static Figure figure(CodecThroughput.Result r) {
    LinePlot plot = new LinePlot(
            "Matrix transfer " + r.rows() + "x" + r.cols() + " on loopback: codec vs Java"
                + " serialization vs raw socket",
            "measured run",
            "throughput (MB/s)")
        .yFromZero();
    for (String m : CodecThroughput.MECHANISMS) {
      double[] x = r.samples().stream()
          .filter(s -> s.mechanism().equals(m))
          .mapToDouble(s -> s.run())
          .toArray();
      double[] y = r.samples().stream()
          .filter(s -> s.mechanism().equals(m))
          .mapToDouble(s -> s.mbPerS())
          .toArray();
      plot.series(m, x, y);
    }
    return Figure.of(plot.chart());
  }
}
