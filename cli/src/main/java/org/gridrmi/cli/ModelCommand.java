package org.gridrmi.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gridrmi.cli.internal.ModelSweep;
import org.gridrmi.perf.Calibration;
import org.gridrmi.perf.CallLayout;
import org.gridrmi.perf.Composition;
import org.gridrmi.perf.CostModel;
import org.gridrmi.perf.CostParameters;
import org.gridrmi.perf.LinkCost;
import org.gridrmi.perf.Prediction;
import org.gridrmi.perf.Recommendation;
import org.gridrmi.perf.Units;
import org.gridrmi.perf.Variant;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gridrmi model}: evaluates the paper's cost model (eqs. 1-7) for one composition and prints each variant's
 * communication and total time, the recommendation by predicted time, and the section 3.5 rule of thumb beside it. Mount it as a subcommand of the top-level CLI
 * (install {@link #PARAMETER_ERRORS} there too, for the one-line errors and exit code 2) or run {@link #main}.
 *
 * <p>Exit codes: 0 success; 2 bad input (malformed or negative value, missing option, poor calibration), printed
 * as one line naming the option and the expected form; 1 an I/O error writing the sweep files.
 */
@Command(
    name = "model",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Predicts the time of two (or k) composed remote calls with plain, lazy, localized and "
          + "future-based RMI (the paper's eqs. 1-7), and recommends whichever of plain and improved RMI it predicts "
          + "faster, with the paper's rule of thumb (section 3.5) beside it and why it differs where it does."
    },
    footer = {
      "",
      "Units: durations 21ms, 323us, 0.5s, 500 ms; sizes 100KB, 1MB, 10B, 1KiB; rates 323us/KB or 3MB/s.",
      "KB = 1000 B and MB = 10^6 B (KiB, MiB are 1024-based), as in the link emulation.",
      "Communication time is the part not hidden by computation; total adds t1 + t2 (+ ... + tk).",
      "Example (the paper's testbed): model --ts 21ms --tw 323us/KB --n1 100KB --n2 100KB --t1 500ms --t2 500ms"
    })
public final class ModelCommand implements Callable<Integer> {
  /** Prints a parameter error as one line to stderr and returns exit code 2, without the usage text. */
  public static final CommandLine.IParameterExceptionHandler PARAMETER_ERRORS = (ex, args) -> {
    ex.getCommandLine().getErr().println(ex.getMessage());
    ex.getCommandLine().getErr().flush();
    return 2;
  };

  @Spec
  CommandSpec spec;

  @Option(
      names = "--ts",
      paramLabel = "DURATION",
      description = "startup time per message t_s, e.g. 21ms")
  String ts;

  @Option(
      names = "--tw",
      paramLabel = "RATE",
      description = "time per byte t_w, e.g. 323us/KB, or a bandwidth, 3MB/s")
  String tw;

  @Option(
      names = "--tau-s",
      paramLabel = "DURATION",
      description = "local-socket startup tau_s (default: 0)")
  String tauS;

  @Option(
      names = "--tau-w",
      paramLabel = "RATE",
      description = "local-socket time per byte tau_w (default: 0)")
  String tauW;

  @Option(
      names = "--nr",
      paramLabel = "SIZE",
      defaultValue = "32B",
      description = "remote reference size n_r (default: ${DEFAULT-VALUE})")
  String nr;

  @Option(
      names = "--calibration",
      paramLabel = "FILE",
      description =
          "take t_s, t_w, tau_s, tau_w from a calibration file (results/calibration.properties); "
              + "explicit options override it; a fit with R^2 < 0.9 is refused")
  Path calibration;

  @Option(names = "--n1", paramLabel = "SIZE", description = "result size of method1")
  String n1;

  @Option(names = "--n2", paramLabel = "SIZE", description = "result size of method2")
  String n2;

  @Option(names = "--t1", paramLabel = "DURATION", description = "compute time of method1")
  String t1;

  @Option(names = "--t2", paramLabel = "DURATION", description = "compute time of method2")
  String t2;

  @Option(
      names = "--chain",
      paramLabel = "SIZE:DURATION,...",
      description = "k composed calls instead of --n1..--t2, e.g. 100KB:500ms,10KB:200ms,1KB:50ms")
  String chain;

  @Option(
      names = "--n0",
      paramLabel = "SIZE",
      defaultValue = "0B",
      description = "argument the client sends to the first call (default: 0B)")
  String n0;

  @Option(
      names = "--same-server",
      description =
          "all calls on one server (eqs. 3, 4, 7) instead of across servers (eqs. 2, 5, 6)")
  boolean sameServer;

  @Option(
      names = "--csv",
      description =
          "print CSV: variant,equation,placement,comm_ms,total_ms,recommended"
              + " (true on the recommended variant's row); the recommendation and the rule of thumb go to stderr")
  boolean csv;

  @Option(
      names = "--sweep",
      paramLabel = "VAR=FROM..TO[:STEPS]",
      description =
          "vary one input (n0, n1.., t1.., nr, ts, tw, tau-s, tau-w) and write CSV + PNG to --out, e.g. n1=10KB..100KB")
  String sweep;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      defaultValue = "results",
      description = "directory for --sweep files (default: ${DEFAULT-VALUE})")
  Path out;

  /** A picocli command line for this command, with one-line parameter errors (exit code 2). */
  public static CommandLine commandLine() {
    return new CommandLine(new ModelCommand()).setParameterExceptionHandler(PARAMETER_ERRORS);
  }

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  @Override
  public Integer call() throws IOException {
    CostParameters parameters = costParameters();
    Composition c = composition();
    CallLayout layout = sameServer ? CallLayout.ONE_SERVER : CallLayout.ACROSS_SERVERS;
    CostModel model = new CostModel(parameters);
    List<Prediction> predictions = model.predictAll(c, layout);
    Recommendation rec = model.recommend(c, layout);
    PrintWriter o = spec.commandLine().getOut();
    if (csv) {
      o.println("variant,equation,placement,comm_ms,total_ms,recommended");
      Variant chosen =
          rec.choice() == Recommendation.Choice.IMPROVED ? Variant.improved(layout) : Variant.PLAIN;
      for (Prediction p : predictions) {
        o.printf(
            Locale.ROOT,
            "%s,%s,%s,%.3f,%.3f,%s%n",
            p.variant().name().toLowerCase(Locale.ROOT),
            p.variant().equation(),
            layout.name().toLowerCase(Locale.ROOT),
            p.commMillis(),
            p.totalMillis(),
            p.variant() == chosen);
      }
      // the recommendation is prose, not a row: keep stdout parseable
      spec.commandLine().getErr().println("recommendation: " + rec);
      spec.commandLine().getErr().println(rec.ruleLine());
    } else {
      o.println("link: " + parameters + "  (KB = 1000 B)");
      o.println("calls: " + c + "; " + layout.label());
      o.println();
      o.printf(Locale.ROOT, "%-30s %4s %12s %12s%n", "variant", "eq.", "comm ms", "total ms");
      for (Prediction p : predictions) {
        o.printf(
            Locale.ROOT,
            "%-30s %4s %12.1f %12.1f%n",
            p.variant().label(),
            p.variant().equation(),
            p.commMillis(),
            p.totalMillis());
      }
      o.println();
      o.println("recommendation: " + rec);
      o.println(rec.ruleLine());
    }
    if (sweep != null) {
      ModelSweep.Result r = ModelSweep.run(sweep, parameters, c, layout, out, this::bad);
      PrintWriter w = csv ? spec.commandLine().getErr() : o;
      w.println("sweep: " + r.summary());
      w.println("sweep: wrote " + r.csv() + " and " + r.png());
    }
    o.flush();
    return 0;
  }

  private CostParameters costParameters() {
    double s = 0, w = 0, tauSv = 0, tauWv = 0;
    if (calibration != null) {
      Calibration cal;
      try {
        cal = Calibration.load(calibration);
      } catch (IOException e) {
        throw bad("--calibration: cannot read " + calibration + ": " + e.getMessage());
      } catch (IllegalArgumentException e) {
        throw bad("--calibration: " + e.getMessage());
      }
      if (!cal.isGoodFit()) {
        throw bad(String.format(
            Locale.ROOT,
            "--calibration: poor fit in %s (R^2 = %.3f < %.1f); recalibrate or "
                + "give --ts and --tw",
            calibration,
            cal.r2(),
            Calibration.MIN_GOOD_R2));
      }
      s = cal.ts();
      w = cal.tw();
      tauSv = cal.tauS();
      tauWv = cal.tauW();
    } else {
      require("--ts", ts, Units.DURATION_FORM + ", or --calibration FILE");
      require("--tw", tw, Units.RATE_FORM + ", or --calibration FILE");
    }
    if (ts != null) s = parse("--ts", ts, Units::parseDuration);
    if (tw != null) w = parse("--tw", tw, Units::parseRate);
    if (tauS != null) tauSv = parse("--tau-s", tauS, Units::parseDuration);
    if (tauW != null) tauWv = parse("--tau-w", tauW, Units::parseRate);
    return new CostParameters(
        new LinkCost(s, w), new LinkCost(tauSv, tauWv), parse("--nr", nr, Units::parseSize));
  }

  private Composition composition() {
    double input = parse("--n0", n0, Units::parseSize);
    if (chain != null) {
      if (n1 != null || n2 != null || t1 != null || t2 != null) {
        throw bad("--chain: give either --chain or --n1/--n2/--t1/--t2, not both");
      }
      String[] calls = chain.split(",", -1);
      double[] n = new double[calls.length];
      double[] t = new double[calls.length];
      for (int i = 0; i < calls.length; i++) {
        String[] p = calls[i].split(":", -1);
        if (p.length != 2) {
          throw bad("--chain: malformed call '" + calls[i].trim()
              + "'; expected SIZE:DURATION,... such as " + "100KB:500ms,100KB:500ms");
        }
        n[i] = parse("--chain", p[0], Units::parseSize);
        t[i] = parse("--chain", p[1], Units::parseDuration);
      }
      return new Composition(input, n, t);
    }
    require("--n1", n1, Units.SIZE_FORM);
    require("--n2", n2, Units.SIZE_FORM);
    require("--t1", t1, Units.DURATION_FORM);
    require("--t2", t2, Units.DURATION_FORM);
    return new Composition(
        input,
        new double[] {parse("--n1", n1, Units::parseSize), parse("--n2", n2, Units::parseSize)},
        new double[] {
          parse("--t1", t1, Units::parseDuration), parse("--t2", t2, Units::parseDuration)
        });
  }

  private void require(String option, String value, String form) {
    if (value == null) throw bad(option + ": missing; expected " + form);
  }

  private double parse(
      String option, String text, java.util.function.ToDoubleFunction<String> parser) {
    try {
      return parser.applyAsDouble(text);
    } catch (IllegalArgumentException e) {
      throw bad(option + ": " + e.getMessage());
    }
  }

  private ParameterException bad(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
