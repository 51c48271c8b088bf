package org.gridrmi.cli.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.cli.report.CsvWriter;
import org.gridrmi.cli.report.LinePlot;
import org.gridrmi.perf.CallLayout;
import org.gridrmi.perf.Composition;
import org.gridrmi.perf.CostModel;
import org.gridrmi.perf.CostParameters;
import org.gridrmi.perf.LinkCost;
import org.gridrmi.perf.Prediction;
import org.gridrmi.perf.Recommendation;
import org.gridrmi.perf.Units;
import org.gridrmi.perf.Variant;

/**
 * {@code model --sweep VAR=FROM..TO[:STEPS]}: evaluates the model at STEPS (default 10) evenly spaced values of one
 * input and writes {@code model-sweep-VAR.csv} (with, per value, the recommendation by predicted time and the
 * section 3.5 rule of thumb's choice) and {@code model-sweep-VAR.png} (total time per variant).
 */
public final class ModelSweep {
  public static final String FORM = "VAR=FROM..TO[:STEPS] such as n1=10KB..100KB or t1=100ms..1s:20"
      + " (VAR one of n0, n1.., t1.., nr, ts, tw, tau-s, tau-w)";
  private static final Pattern SPEC =
      Pattern.compile("\\s*([a-zA-Z0-9-]+)\\s*=\\s*(.+?)\\s*\\.\\.\\s*(.+?)(?::(\\d+))?\\s*");
  private static final Pattern INDEXED = Pattern.compile("([nt])(\\d+)");

  private ModelSweep() {}

  /**
   * What a sweep wrote.
   *
   * @param csv the CSV file
   * @param png the PNG file
   * @param plot the chart that was written to {@code png}
   * @param summary one line: where the predicted times recommend improved RMI and where the rule of thumb disagrees
   */
  public record Result(Path csv, Path png, LinePlot plot, String summary) {}

  private enum Kind {
    SIZE("KB", 1e-3),
    DURATION("ms", 1e3),
    RATE("us/KB", 1e9);

    final String unit;
    final double display;

    Kind(String unit, double display) {
      this.unit = unit;
      this.display = display;
    }

    double parse(String text) {
      return switch (this) {
        case SIZE -> Units.parseSize(text);
        case DURATION -> Units.parseDuration(text);
        case RATE -> Units.parseRate(text);
      };
    }
  }

  /**
   * Runs a sweep.
   *
   * @param bad turns a one-line message into the exception to throw for bad input
   */
  public static Result run(
      String spec,
      CostParameters parameters,
      Composition c,
      CallLayout layout,
      Path outDir,
      Function<String, RuntimeException> bad)
      throws IOException {
    Matcher m = SPEC.matcher(spec);
    if (!m.matches()) throw bad.apply("--sweep: malformed '" + spec + "'; expected " + FORM);
    String var = m.group(1).toLowerCase(Locale.ROOT);
    Kind kind = kind(var, c, bad);
    double from, to;
    try {
      from = kind.parse(m.group(2));
      to = kind.parse(m.group(3));
    } catch (IllegalArgumentException e) {
      throw bad.apply("--sweep: " + e.getMessage());
    }
    if (!(to > from)) {
      throw bad.apply("--sweep: range " + m.group(2) + ".." + m.group(3)
          + " is empty or out of order; expected " + FORM);
    }
    int steps = m.group(4) == null ? 10 : Integer.parseInt(m.group(4));
    if (steps < 2 || steps > 10_000)
      throw bad.apply("--sweep: STEPS must be 2..10000, got " + steps);

    List<Variant> variants = Variant.of(layout);
    double[] xs = new double[steps];
    double[][] ys = new double[variants.size()][steps];
    Recommendation[] recs = new Recommendation[steps];
    Path csv = outDir.resolve("model-sweep-" + var + ".csv");
    Path png = outDir.resolve("model-sweep-" + var + ".png");
    try (CsvWriter w = CsvWriter.create(
        csv,
        "variable",
        "value",
        "unit",
        "placement",
        "variant",
        "equation",
        "comm_ms",
        "total_ms",
        "recommended",
        "rule_of_thumb")) {
      for (int i = 0; i < steps; i++) {
        double v = from + (to - from) * i / (steps - 1);
        xs[i] = v * kind.display;
        CostModel model = new CostModel(with(var, v, parameters));
        Composition ci = withComposition(var, v, c);
        recs[i] = model.recommend(ci, layout);
        for (int j = 0; j < variants.size(); j++) {
          Prediction p = model.predict(variants.get(j), ci);
          ys[j][i] = p.totalMillis();
          w.row(
              var,
              xs[i],
              kind.unit,
              layout.name().toLowerCase(Locale.ROOT),
              variants.get(j).name().toLowerCase(Locale.ROOT),
              variants.get(j).equation(),
              p.commMillis(),
              p.totalMillis(),
              choice(recs[i].choice()),
              choice(recs[i].ruleOfThumb().choice()));
        }
      }
    }
    LinkCost network = parameters.network();
    LinePlot plot = new LinePlot(
        "Cost model, " + layout.label() + ": t_s " + Units.formatDuration(network.ts()) + ", t_w "
            + Units.formatRate(network.tw()),
        var + " (" + kind.unit + ")",
        "predicted total time (ms)");
    for (int j = 0; j < variants.size(); j++) {
      Variant v = variants.get(j);
      plot.series(
          v.label() + (v.equation().equals("-") ? "" : " (eq. " + v.equation() + ")"), xs, ys[j]);
    }
    plot.writePng(png);
    return new Result(csv, png, plot, summary(var, kind, xs, recs));
  }

  private static String choice(Recommendation.Choice c) {
    return c.name().toLowerCase(Locale.ROOT);
  }

  /**
   * "n1 10..100 KB: improved RMI at every value by predicted time; the rule of thumb (section 3.5) agrees", or
   * with the ranges where each holds: the same choice as the single-composition output, value by value.
   */
  private static String summary(String var, Kind kind, double[] xs, Recommendation[] recs) {
    StringBuilder b = new StringBuilder(String.format(
        Locale.ROOT,
        "%s %s..%s %s: by predicted time ",
        var,
        number(xs[0]),
        number(xs[xs.length - 1]),
        kind.unit));
    b.append(ranges(var, kind, xs, recs, r -> r.choice().label()));
    boolean agrees = java.util.Arrays.stream(recs).allMatch(Recommendation::ruleAgrees);
    b.append(
        agrees
            ? "; the rule of thumb (section 3.5) agrees everywhere"
            : "; the rule of thumb (section 3.5) says "
                + ranges(var, kind, xs, recs, r -> r.ruleOfThumb().choice().label()));
    return b.toString();
  }

  /** The runs of equal {@code what} along the sweep, as "A at VAR a..b UNIT, B at VAR c..d UNIT". */
  private static String ranges(
      String var,
      Kind kind,
      double[] xs,
      Recommendation[] recs,
      Function<Recommendation, String> what) {
    List<String> parts = new java.util.ArrayList<>();
    int start = 0;
    for (int i = 1; i <= recs.length; i++) {
      if (i == recs.length || !what.apply(recs[i]).equals(what.apply(recs[start]))) {
        String at = start == 0 && i == recs.length
            ? "at every value"
            : "at " + var + " "
                + (i - 1 == start
                    ? number(xs[start])
                    : number(xs[start]) + ".." + number(xs[i - 1]))
                + " " + kind.unit;
        parts.add(what.apply(recs[start]) + " " + at);
        start = i;
      }
    }
    return String.join(", ", parts);
  }

  private static String number(double v) {
    return String.format(Locale.ROOT, "%.4g", v)
        .replaceAll("(\\.\\d*?)0+$", "$1")
        .replaceAll("\\.$", "");
  }

  private static Kind kind(String var, Composition c, Function<String, RuntimeException> bad) {
    switch (var) {
      case "n0", "nr":
        return Kind.SIZE;
      case "ts", "tau-s":
        return Kind.DURATION;
      case "tw", "tau-w":
        return Kind.RATE;
      default:
        Matcher m = INDEXED.matcher(var);
        if (m.matches()) {
          int i = Integer.parseInt(m.group(2));
          if (i >= 1 && i <= c.calls()) return m.group(1).equals("n") ? Kind.SIZE : Kind.DURATION;
        }
        throw bad.apply("--sweep: unknown variable '" + var + "'; expected " + FORM);
    }
  }

  /** The parameters with the swept one ({@code ts, tw, tau-s, tau-w, nr}) set to {@code v}; as they are otherwise. */
  private static CostParameters with(String var, double v, CostParameters l) {
    LinkCost net = l.network(), local = l.localSocket();
    return switch (var) {
      case "ts" -> l.withNetwork(new LinkCost(v, net.tw()));
      case "tw" -> l.withNetwork(new LinkCost(net.ts(), v));
      case "tau-s" -> l.withLocalSocket(new LinkCost(v, local.tw()));
      case "tau-w" -> l.withLocalSocket(new LinkCost(local.ts(), v));
      case "nr" -> l.withReferenceBytes(v);
      default -> l;
    };
  }

  private static Composition withComposition(String var, double v, Composition c) {
    Matcher m = INDEXED.matcher(var);
    if (!var.equals("n0") && !m.matches()) return c;
    double[] n = new double[c.calls()];
    double[] t = new double[c.calls()];
    for (int i = 1; i <= c.calls(); i++) {
      n[i - 1] = c.bytes(i);
      t[i - 1] = c.compute(i);
    }
    double input = c.bytes(0);
    if (var.equals("n0")) {
      input = v;
    } else {
      int i = Integer.parseInt(m.group(2));
      (m.group(1).equals("n") ? n : t)[i - 1] = v;
    }
    return new Composition(input, n, t);
  }
}
