package org.gridrmi.benchmarks;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import org.gridrmi.benchmarks.harness.Progress;
import org.gridrmi.benchmarks.svd.SvdExperiment;
import org.gridrmi.benchmarks.svd.SvdModel;
import org.gridrmi.cli.GridOptions;
import org.gridrmi.client.Grid;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gridrmi bench svd}: the paper's case study (section 4, Fig. 10): the SVD solver as plain RMI (Fig. 8),
 * improved RMI (Fig. 9) and in one server call (ideal), on one server JVM over the chosen link.
 */
@Command(
    name = "svd",
    mixinStandardHelpOptions = true,
    description =
        "SVD linear solver: plain vs improved vs ideal placement on one server JVM (paper Fig. 10).")
public final class SvdBench implements Callable<Integer> {
  @Mixin
  GridOptions options;

  @Option(names = "--n", split = ",", description = "system sizes (default ${DEFAULT-VALUE})")
  List<Integer> sizes = List.of(100, 200, 300, 400);

  @Option(
      names = "--runs",
      description = "measured runs per placement and n (default ${DEFAULT-VALUE})")
  int runs = 5;

  @Option(names = "--seed", description = "seed of the random systems (default ${DEFAULT-VALUE})")
  long seed = 42;

  @Option(
      names = "--reps",
      description = "solves per placement in each run, interleaved; the run's time is the"
          + " fastest, since other work on the host only adds time (default ${DEFAULT-VALUE})")
  int reps = SvdExperiment.DEFAULT_REPETITIONS;

  @Option(
      names = "--warmup",
      description = "unmeasured rounds of the three placements on a small system before"
          + " measuring, so that both JVMs run compiled code (default ${DEFAULT-VALUE})")
  int warmup = SvdExperiment.DEFAULT_WARMUP_ROUNDS;

  @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  @Option(
      names = "--calibration",
      description = "calibration file used for the model if it matches the link"
          + " (default ${DEFAULT-VALUE})")
  Path calibration = Path.of("results", "calibration.properties");

  @Override
  public Integer call() throws Exception {
    String linkSpec = options.link();
    SvdModel model = SvdModel.forLink(linkSpec, calibration);
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    try (LocalGrid local = new LocalGrid(out.resolve("logs"), options.serverArgs())) {
      System.err.println("starting server S1 on " + linkSpec + "...");
      String address = local.startServers(1, List.of()).get(0);
      try (Grid grid = options.grid().connect(address).build()) {
        SvdExperiment e = new SvdExperiment(grid, grid.server("S1"), model, seed)
            .warmupRounds(warmup)
            .repetitions(reps);
        long t0 = System.nanoTime();
        e.run(sizes, runs, System.err);
        System.err.println("done in " + Progress.duration(System.nanoTime() - t0));
        e.printTable(System.out, linkSpec);
        String base = "svd-" + linkSpec.replaceAll("[^A-Za-z0-9._-]", "_") + "-" + stamp;
        Path csv = e.writeCsv(out.resolve(base + ".csv"));
        Path png = e.writePng(out.resolve(base + ".png"), linkSpec);
        System.out.println("wrote " + csv + " and " + png);
      }
    }
    return 0;
  }
}
