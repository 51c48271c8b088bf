package org.gridrmi.perf.placement;

import java.util.List;

/**
 * The model's prediction for one call on one candidate server, in seconds on the schedule's clock.
 *
 * @param server the candidate
 * @param arrival when the call (and the values that travel in its batch) reaches it
 * @param transfers per argument, where it comes from and when it is there
 * @param ready when the call has all its arguments there
 * @param start when a compute thread takes it ({@code start - ready} is its wait in the queue)
 * @param compute how long it computes there
 * @param forward how long its result takes to where it goes next (0 when that is not known)
 * @param notes what the prediction had to assume (a compute time or link not measured yet), for explain
 */
public record Estimate(
    String server,
    double arrival,
    List<Transfer> transfers,
    double ready,
    double start,
    double compute,
    double forward,
    List<String> notes) {
  public Estimate {
    transfers = List.copyOf(transfers);
    notes = List.copyOf(notes);
  }

  /** When its result is computed. */
  public double finish() {
    return start + compute;
  }

  /** When its result is where it goes next (its finish, when that is not known): what the policy minimises. */
  public double completion() {
    return finish() + forward;
  }

  /** Seconds it waits for a compute thread once its arguments are there. */
  public double queue() {
    return start - ready;
  }

  /**
   * One argument's way to the candidate.
   *
   * @param from the node holding it
   * @param bytes its size (NaN if unknown)
   * @param seconds the link's time for it (0 when it is already there)
   * @param availableAt when it is on the candidate
   */
  public record Transfer(String from, double bytes, double seconds, double availableAt) {}
}
