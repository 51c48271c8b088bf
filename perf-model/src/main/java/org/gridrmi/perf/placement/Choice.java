package org.gridrmi.perf.placement;

import java.util.List;

/**
 * Where the policy put one call, and why.
 *
 * @param chosen the server's address
 * @param estimates the prediction for every candidate, in the candidates' order (empty when the model could not be
 *     used)
 * @param fallback null when the model chose; else why it could not, and how the call was placed instead
 */
public record Choice(String chosen, List<Estimate> estimates, String fallback) {
  public Choice {
    estimates = List.copyOf(estimates);
  }

  /** The chosen candidate's estimate, or null when the model was not used. */
  public Estimate chosenEstimate() {
    return estimates.stream().filter(e -> e.server().equals(chosen)).findFirst().orElse(null);
  }
}
