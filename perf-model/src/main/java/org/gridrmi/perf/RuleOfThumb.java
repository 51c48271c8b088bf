package org.gridrmi.perf;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The paper's section 3.5 rule for choosing improved RMI, checked at every composition step i = 1..k-1: on one
 * server when the passed result is bigger than the references it costs, n_i &gt; 2 n_r; across servers when the
 * call outlasts the reference's trip to the client and on, t_i &gt; 2(t_s + n_r t_w). Improved only if every step
 * passes. A quick test that needs no model; {@link CostModel#recommend} decides by the predicted times instead and
 * keeps this beside them.
 *
 * @param choice what the rule picks
 * @param rule the rule in symbols, such as "across servers: improved if t_i &gt; 2(t_s + n_r t_w)"
 * @param check the inequality with this composition's numbers: the first step that fails, else the first step
 *     (with "and every later step" for longer chains)
 * @param whyItDiffers where the rule disagrees with the predicted times, why (what the rule leaves out here);
 *     empty where it agrees
 */
public record RuleOfThumb(
    Recommendation.Choice choice, String rule, String check, String whyItDiffers) {
  private static final String ONE_SERVER = "one server: improved if n_i > 2 n_r";
  private static final String ACROSS = "across servers: improved if t_i > 2(t_s + n_r t_w)";

  /** The rule for a composition; {@code whyItDiffers} is left empty (see {@link #explainedBy}). */
  static RuleOfThumb evaluate(CostParameters model, Composition c, CallLayout layout) {
    String rule = layout == CallLayout.ONE_SERVER ? ONE_SERVER : ACROSS;
    if (c.calls() < 2) {
      return new RuleOfThumb(
          Recommendation.Choice.PLAIN, rule, "a single call composes nothing", "");
    }
    List<Step> steps = steps(model, c, layout);
    Optional<Step> failing = steps.stream().filter(s -> !s.passes()).findFirst();
    if (failing.isPresent())
      return new RuleOfThumb(Recommendation.Choice.PLAIN, rule, failing.get().text(), "");
    String later = c.calls() > 2 ? " (and at every later step)" : "";
    return new RuleOfThumb(Recommendation.Choice.IMPROVED, rule, steps.get(0).text() + later, "");
  }

  /**
   * This rule with the reason it differs from the predicted times (unchanged where it agrees with {@code chosen}).
   */
  RuleOfThumb explainedBy(
      Recommendation.Choice chosen,
      CostParameters model,
      Composition c,
      CallLayout layout,
      double plainSeconds,
      double improvedSeconds) {
    if (chosen == choice) return this;
    String why;
    if (chosen == Recommendation.Choice.PLAIN) {
      why = Math.abs(plainSeconds - improvedSeconds) <= 1e-9
          ? "the predicted times are equal (" + ms(plainSeconds)
              + "), so improved RMI gains nothing on this link"
          : "it checks each step on its own, while the predicted times of the whole chain favour plain RMI by "
              + ms(improvedSeconds - plainSeconds);
    } else {
      int i = steps(model, c, layout).stream()
          .filter(s -> !s.passes())
          .findFirst()
          .map(Step::index)
          .orElse(1);
      why = layout == CallLayout.ONE_SERVER
          ? String.format(
              Locale.ROOT,
              "it weighs only the bytes of n%d; improved RMI also sends call %d while "
                  + "call %d computes, hiding a round trip (up to 2 t_s = %s), so improved is predicted %s faster",
              i,
              i + 1,
              i,
              ms(2 * model.network().ts()),
              ms(plainSeconds - improvedSeconds))
          : String.format(
              Locale.ROOT,
              "it weighs t%d against the reference's trip alone; plain RMI also carries "
                  + "n%d = %s through the client and back (2 n%d t_w = %s), improved RMI once between the servers (%s), "
                  + "so improved is predicted %s faster",
              i,
              i,
              Units.formatSize(c.bytes(i)),
              i,
              ms(2 * c.bytes(i) * model.network().tw()),
              ms(c.bytes(i) * model.network().tw()),
              ms(plainSeconds - improvedSeconds));
    }
    return new RuleOfThumb(choice, rule, check, why);
  }

  /** Composition step i (1..k-1) checked against the rule. */
  private record Step(int index, boolean passes, String text) {}

  private static List<Step> steps(CostParameters model, Composition c, CallLayout layout) {
    List<Step> steps = new ArrayList<>();
    for (int i = 1; i < c.calls(); i++) {
      if (layout == CallLayout.ONE_SERVER) {
        double n = c.bytes(i), limit = 2 * model.referenceBytes();
        steps.add(new Step(
            i,
            n > limit,
            String.format(
                Locale.ROOT,
                "n%d = %s %s 2 n_r = %s",
                i,
                Units.formatSize(n),
                n > limit ? ">" : "<=",
                Units.formatSize(limit))));
      } else {
        double t = c.compute(i), limit = 2 * model.network().seconds(model.referenceBytes());
        steps.add(new Step(
            i,
            t > limit,
            String.format(
                Locale.ROOT,
                "t%d = %s %s 2(t_s + n_r t_w) = %s",
                i,
                ms(t),
                t > limit ? ">" : "<=",
                ms(limit))));
      }
    }
    return steps;
  }

  static String ms(double seconds) {
    return String.format(Locale.ROOT, "%.1f ms", seconds * 1e3);
  }
}
