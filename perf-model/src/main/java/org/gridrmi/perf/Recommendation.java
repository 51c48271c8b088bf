package org.gridrmi.perf;

/**
 * The section 3.5 decision between plain and improved RMI.
 *
 * @param choice what to use
 * @param reason one sentence: the rule, its numbers, and the predicted saving
 * @param plainSeconds predicted total time with plain RMI (eq. 1)
 * @param improvedSeconds predicted total time with improved RMI (eq. 5 across servers, eq. 7 on one server)
 */
public record Recommendation(Choice choice, String reason, double plainSeconds, double improvedSeconds) {
  /** Plain RMI or all three optimizations together. */
  public enum Choice { PLAIN, IMPROVED }

  /** Plain minus improved, seconds; negative if improved is predicted slower. */
  public double savingSeconds() {
    return plainSeconds - improvedSeconds;
  }

  @Override
  public String toString() {
    return (choice == Choice.IMPROVED ? "improved RMI" : "plain RMI") + ": " + reason;
  }
}
