package org.gridrmi.perf;

/**
 * A variant's predicted time.
 *
 * @param variant the RMI variant
 * @param commSeconds the communication time that is not hidden behind computation: the paper's equation for
 *     eqs. 1-4, the equation minus the sum of t_i for eqs. 5-7 and the lower bound
 * @param totalSeconds the client's wall time: communication plus computation
 */
public record Prediction(Variant variant, double commSeconds, double totalSeconds) {
  public double commMillis() {
    return commSeconds * 1e3;
  }

  public double totalMillis() {
    return totalSeconds * 1e3;
  }
}
