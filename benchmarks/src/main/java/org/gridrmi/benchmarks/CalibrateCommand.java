package org.gridrmi.benchmarks;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gridrmi.cli.GridOptions;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.perf.Calibration;
import org.gridrmi.perf.Units;
import org.gridrmi.runtime.net.EmulatedLink;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gridrmi calibrate}: measures t_s/t_w (and tau_s/tau_w) on the real path and writes the calibration file.
 * Exit code 0 with the file written; 2 if the fit is poor (R^2 &lt; 0.9): reported, the file is not written.
 */
@Command(
    name = "calibrate",
    mixinStandardHelpOptions = true,
    description = {
      "Measure t_s and t_w by plain-RMI echo round trips of growing byte arrays and a least-squares fit"
          + " of one-way time = t_s + n t_w (a round trip with n bytes each way = 2 t_s + 2 n t_w), plus tau_s/tau_w"
          + " (serialization + a local socket in this JVM). Writes the calibration file if R^2 >= 0.9."
    })
public final class CalibrateCommand implements Callable<Integer> {
  @Mixin
  GridOptions options;

  @Option(
      names = "--target",
      paramLabel = "rmi://HOST:PORT",
      description =
          "a running server exporting Fig2Ops (default: start one server JVM on the given link)")
  String target;

  @Option(names = "--out", description = "calibration file to write (default ${DEFAULT-VALUE})")
  Path out = Path.of("results", "calibration.properties");

  @Option(
      names = "--reps",
      description = "round trips per size; the median is used (default ${DEFAULT-VALUE})")
  int reps = 7;

  @Option(
      names = "--max-size",
      description = "largest array, e.g. 200KB; 11 sizes from 0 (default ${DEFAULT-VALUE})")
  String maxSize = "200KB";

  @Option(names = "--no-tau", description = "skip the local-socket (tau_s/tau_w) measurement")
  boolean noTau;

  @Override
  public Integer call() throws Exception {
    double max = Units.parseSize(maxSize);
    if (max < 1000 || max > 64e6)
      throw new IllegalArgumentException("--max-size must be 1KB..64MB: " + maxSize);
    int[] sizes = new int[11];
    for (int i = 0; i < sizes.length; i++) sizes[i] = (int) Math.round(max * i / 10);
    Calibrator cal = new Calibrator(sizes, reps, System.err);
    String linkText = Calibrator.linkDescription(options.shaper());
    Calibrator.Measurement m;
    try (LocalGrid local =
        target == null ? new LocalGrid(Path.of("results", "logs"), options.serverArgs()) : null) {
      String address =
          target != null ? target : local.startServer("S1", List.of()).address();
      try (Grid grid = options.grid().connect(address).build()) {
        ServerInfo server = grid.servers(Fig2Ops.class).stream()
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException(
                address + " does not export " + Fig2Ops.class.getName()));
        System.out.println("calibrating " + address + " on link " + linkText);
        m = cal.measureLink(grid, server);
      }
    }
    Calibrator.Measurement tau = noTau ? null : cal.measureLocalSocket();
    m.print(System.out, "link: one-way time = rtt/2 per size (median of " + reps + ")");
    if (tau != null) tau.print(System.out, "local socket, this JVM (tau): one-way time = rtt/2");
    Calibration c = Calibrator.toCalibration(m, tau, linkText);
    System.out.printf(
        Locale.ROOT,
        "fit: t_s = %.3f ms, t_w = %.2f us/KB (%.3g MB/s), R^2 = %.5f%n",
        c.ts() * 1e3,
        c.tw() * 1e9,
        c.tw() > 0 ? 1e-6 / c.tw() : Double.POSITIVE_INFINITY,
        m.fit().r2());
    if (tau != null) {
      System.out.printf(
          Locale.ROOT,
          "local socket: tau_s = %.3f ms, tau_w = %.2f us/KB, R^2 = %.5f%n",
          tau.fit().intercept() * 1e3,
          tau.fit().slope() * 1e9,
          tau.fit().r2());
      if (!tau.fit().isGood()) {
        System.out.println(
            "POOR local-socket fit (R^2 < 0.9): tau_s/tau_w are not stored (0 = not measured)");
      }
    }
    if (options.shaper() instanceof EmulatedLink e) {
      double wantS = e.delayNanos() / 1e9, wantW = e.secondsPerByte();
      System.out.printf(
          Locale.ROOT,
          "configured link: t_s = %.3f ms (measured %+.1f%%), t_w = %.2f us/KB"
              + " (measured %+.1f%%)%n",
          wantS * 1e3,
          (c.ts() - wantS) / wantS * 100,
          wantW * 1e9,
          wantW > 0 ? (c.tw() - wantW) / wantW * 100 : 0.0);
    }
    if (!c.isGoodFit()) {
      System.out.printf(
          Locale.ROOT,
          "POOR FIT: R^2 = %.4f < %.1f; %s NOT written (a poor calibration is never"
              + " used). Retry with more --reps or a larger --max-size.%n",
          c.r2(),
          Calibration.MIN_GOOD_R2,
          out);
      return 2;
    }
    c.store(out);
    System.out.println("wrote " + out);
    return 0;
  }
}
