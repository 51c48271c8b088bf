package org.gridrmi.perf;

/**
 * The decision between plain and improved RMI: whichever the model (eqs. 1-7) predicts faster, with the paper's
 * section 3.5 rule of thumb beside it, which may disagree (it checks one inequality per step, the prediction
 * counts every message).
 *
 * @param choice what to use: improved RMI only where it is predicted faster
 * @param reason one sentence: the placement and the two predicted times with their equations
 * @param plainSeconds predicted total time with plain RMI (eq. 1)
 * @param improvedSeconds predicted total time with improved RMI (eq. 5 across servers, eq. 7 on one server)
 * @param ruleOfThumb what the section 3.5 rule says for the same composition, and why it differs where it does
 */
public record Recommendation(
    Choice choice,
    String reason,
    double plainSeconds,
    double improvedSeconds,
    RuleOfThumb ruleOfThumb) {
  /** Plain RMI or all three optimizations together. */
  public enum Choice {
    PLAIN("plain RMI"),
    IMPROVED("improved RMI");

    private final String label;

    Choice(String label) {
      this.label = label;
    }

    /** "plain RMI" or "improved RMI". */
    public String label() {
      return label;
    }
  }

  public Recommendation {
    java.util.Objects.requireNonNull(choice, "choice");
    java.util.Objects.requireNonNull(ruleOfThumb, "ruleOfThumb");
  }

  /** Plain minus improved, seconds; negative if improved is predicted slower. */
  public double savingSeconds() {
    return plainSeconds - improvedSeconds;
  }

  /** Whether the section 3.5 rule of thumb makes the same choice as the predicted times. */
  public boolean ruleAgrees() {
    return ruleOfThumb.choice() == choice;
  }

  /**
   * One line on the rule of thumb, printed beside the recommendation: "rule of thumb (section 3.5, RULE) agrees:
   * CHECK" or "... disagrees: CHECK would choose plain RMI; WHY".
   */
  public String ruleLine() {
    String head = "rule of thumb (section 3.5, " + ruleOfThumb.rule() + ") ";
    return ruleAgrees()
        ? head + "agrees: " + ruleOfThumb.check()
        : head + "disagrees: " + ruleOfThumb.check() + " would choose "
            + ruleOfThumb.choice().label() + "; " + ruleOfThumb.whyItDiffers();
  }

  @Override
  public String toString() {
    return choice.label() + ": " + reason;
  }
}
