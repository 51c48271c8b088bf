package org.gridrmi.client;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Why a call of a view made with {@link CallOptions#auto()} went where it did ({@link Grid#explain}): for each
 * candidate server, the completion time the cost model predicted, broken into its parts, and the choice. Times are
 * counted from the moment the call was made.
 *
 * @param call the call, {@code Service.method}
 * @param chosen the name of the server it was placed on
 * @param byModel true if the model chose; false if it could not yet (no calibration data) and {@code reason} says how
 *     the call was placed instead
 * @param reason in one line, why this server
 * @param candidates each candidate's prediction (empty when {@code byModel} is false)
 */
public record Placement(
    String call, String chosen, boolean byModel, String reason, List<Candidate> candidates) {
  public Placement {
    candidates = List.copyOf(candidates);
  }

  /**
   * The prediction for one candidate server.
   *
   * @param server its name
   * @param completion when the call's result would be computed there (and, if known, where it goes next)
   * @param arrival when the call itself would reach it (its batch: a message from the client, with the small values
   *     the client put)
   * @param transfers each argument's way there: from its owner, over their link (zero when it is there already)
   * @param queue how long it would wait there for a compute thread once its arguments are there
   * @param compute how long the server computes the method, as it measured (or as assumed, see assumptions)
   * @param forward how long the result would take to where it goes next, zero when that is not known
   * @param assumptions what the prediction had to assume: a compute time or link not measured yet, a size not known
   */
  public record Candidate(
      String server,
      Duration completion,
      Duration arrival,
      List<Transfer> transfers,
      Duration queue,
      Duration compute,
      Duration forward,
      List<String> assumptions) {
    public Candidate {
      transfers = List.copyOf(transfers);
      assumptions = List.copyOf(assumptions);
    }
  }

  /**
   * One argument's way to a candidate.
   *
   * @param from the name (or address) of the node holding it
   * @param bytes its size as the model took it, -1 if unknown
   * @param time the link's time for it, t_s + n t_w; zero when it is on the candidate already
   * @param availableAfter when it would be there (it may not exist yet)
   */
  public record Transfer(String from, long bytes, Duration time, Duration availableAfter) {}

  /** Several lines: the choice, then one per candidate with its parts. */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder(call)
        .append(" placed on ")
        .append(chosen)
        .append(": ")
        .append(reason);
    for (Candidate c : candidates) {
      b.append(String.format(
          Locale.ROOT,
          "%n  %s%-6s %9s = ",
          c.server().equals(chosen) ? "* " : "  ",
          c.server(),
          ms(c.completion())));
      b.append("call there after ").append(ms(c.arrival())).append(", ");
      for (Transfer t : c.transfers()) {
        b.append(String.format(
            Locale.ROOT,
            "from %s %s in %s (there after %s), ",
            t.from(),
            t.bytes() < 0 ? "? B" : t.bytes() + " B",
            ms(t.time()),
            ms(t.availableAfter())));
      }
      b.append("queue ").append(ms(c.queue())).append(", compute ").append(ms(c.compute()));
      if (!c.forward().isZero()) b.append(", result onward ").append(ms(c.forward()));
      if (!c.assumptions().isEmpty())
        b.append(" (assumed: ").append(String.join("; ", c.assumptions())).append(')');
    }
    return b.toString();
  }

  private static String ms(Duration d) {
    return String.format(Locale.ROOT, "%.2f ms", d.toNanos() / 1e6);
  }
}
