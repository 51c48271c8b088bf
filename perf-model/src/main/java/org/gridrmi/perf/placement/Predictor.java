package org.gridrmi.perf.placement;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.gridrmi.perf.LinkCost;

/**
 * The paper's model (eq. 1-7) applied to one call and one candidate server, as the future-based recurrence of eq. 5
 * and 7 does for a chain: the call reaches the server one message after it is made (its small put values inside
 * that batch; a round trip to another server first if it takes a value still being made there, since the client
 * holds such a call back until that server accepted the batch making its argument); each argument held elsewhere is asked for on arrival and comes t_s + n t_w after it exists (its
 * owner's link to the candidate); one already there costs nothing (localized, eq. 4 and 7); the call then waits
 * for a compute thread, computes, and its result takes t_s + n t_w to where it goes next, if that is known. The
 * policy picks the candidate that completes first. Pure: no clock, no I/O; everything comes from the
 * {@link CostTable} and the {@link Timeline}.
 */
public final class Predictor {
  private Predictor() {}

  /**
   * The prediction for {@code call} on {@code server} at time {@code now}. A compute time {@code server} has not
   * measured yet is the mean of those of {@code servers} that did (0 if none did), a link not measured yet the
   * table's {@link CostTable#fallbackLink} (free if there is none); each such assumption is noted.
   */
  public static Estimate estimate(
      CostTable table,
      Timeline timeline,
      Call call,
      String server,
      double now,
      List<String> servers) {
    List<String> notes = new ArrayList<>();
    LinkCost up = link(table, call.client(), server, notes);
    double inBatch = 0;
    for (Input in : call.inputs()) if (in.inBatch() && !in.isAt(server)) inBatch += in.knownBytes();
    double arrival = now + up.seconds(inBatch);
    for (Input in : call.inputs()) {
      if (!in.isAt(server)
          && !in.inBatch()
          && in.readyAt() > now
          && !in.owner().equals(call.client())) {
        // a call taking a value still being made on another server is sent once that server
        // accepted the batch
        // making it (the client's cross-server hold): a round trip between the client and that
        // server first
        double held = link(table, call.client(), in.owner(), notes).ts()
            + link(table, in.owner(), call.client(), notes).ts();
        arrival = Math.max(arrival, now + held + up.seconds(inBatch));
      }
    }
    List<Estimate.Transfer> transfers = new ArrayList<>();
    double ready = arrival;
    for (Input in : call.inputs()) {
      double seconds;
      double at;
      if (in.isAt(server)) {
        seconds = 0;
        at = Math.max(in.readyAt(), Math.max(now, in.copies().getOrDefault(server, now)));
      } else if (in.inBatch()) {
        seconds = in.knownBytes() * up.tw();
        at = arrival;
      } else {
        LinkCost down = link(table, in.owner(), server, notes);
        LinkCost ask = link(table, server, in.owner(), notes);
        seconds = down.seconds(in.knownBytes());
        // the server asks on arrival; the owner answers once the value exists (a long poll)
        at = Math.max(in.readyAt(), arrival + ask.ts()) + seconds;
      }
      if (Double.isNaN(in.bytes()))
        notes.add("the size of an argument from " + in.owner() + " is not known yet");
      transfers.add(new Estimate.Transfer(in.owner(), in.bytes(), seconds, at));
      ready = Math.max(ready, at);
    }
    double compute = compute(table, call.method(), server, servers, notes);
    double free = timeline.earliest(
        server,
        table.threads(server),
        Math.max(ready, now + table.backlogSeconds(server)),
        compute);
    double forward = 0;
    if (call.next() != null) {
      double n = table.resultBytes(call.method());
      if (Double.isNaN(n))
        notes.add("the size of a result of " + call.method() + " is not known yet");
      forward = link(table, server, call.next(), notes).seconds(Double.isNaN(n) ? 0 : n);
    }
    return new Estimate(server, arrival, transfers, ready, free, compute, forward, notes);
  }

  /**
   * Places {@code call} on the candidate predicted to complete it first (the first of equals, so the caller's order
   * breaks ties), or, when the table has no calibration data for it yet (no compute time of the method on any
   * server, or no link measured at all), on the candidate holding the largest argument (locality), else the first.
   *
   * @param candidates the servers that may take it, best first by the caller's own order (lowest load); not empty
   */
  public static Choice choose(
      CostTable table, Timeline timeline, Call call, List<String> candidates, double now) {
    if (candidates.isEmpty())
      throw new IllegalArgumentException("no candidate server for " + call.method());
    String missing = missingCalibration(table, call.method(), candidates);
    if (missing != null) return locality(call, candidates, missing);
    List<Estimate> estimates = new ArrayList<>();
    Estimate best = null;
    for (String c : candidates) {
      Estimate e = estimate(table, timeline, call, c, now, candidates);
      estimates.add(e);
      if (best == null || e.completion() < best.completion()) best = e;
    }
    return new Choice(best.server(), estimates, null);
  }

  /** Books the chosen call's time on its server's threads, so that the next calls see it. */
  public static void book(CostTable table, Timeline timeline, Estimate chosen) {
    timeline.occupy(
        chosen.server(), table.threads(chosen.server()), chosen.start(), chosen.finish());
  }

  private static String missingCalibration(
      CostTable table, String method, List<String> candidates) {
    if (table.fallbackLink() == null) return "no link measured yet";
    for (String c : candidates) if (!Double.isNaN(table.computeSeconds(c, method))) return null;
    return "no compute time of " + method + " measured on any candidate yet";
  }

  private static Choice locality(Call call, List<String> candidates, String why) {
    String best = candidates.get(0);
    double bestBytes = 0;
    int bestCount = 0;
    for (String c : candidates) {
      double held = 0;
      int count = 0;
      for (Input in : call.inputs()) {
        if (in.isAt(c)) {
          held = Math.max(held, in.knownBytes());
          count++;
        }
      }
      if (held > bestBytes || held == bestBytes && count > bestCount) {
        best = c;
        bestBytes = held;
        bestCount = count;
      }
    }
    String how = bestBytes > 0
        ? String.format(
            Locale.ROOT,
            "placed by locality on %s, which holds the largest argument (%.0f bytes)",
            best,
            bestBytes)
        : bestCount > 0
            ? "placed by locality on " + best
                + ", which holds the most arguments (sizes not known yet)"
            : "placed by locality, but no candidate holds an argument: on " + best
                + " (lowest load)";
    return new Choice(best, List.of(), "no calibration data yet (" + why + "): " + how);
  }

  private static LinkCost link(CostTable table, String from, String to, List<String> notes) {
    if (from.equals(to)) return LinkCost.ZERO;
    LinkCost l = table.link(from, to);
    if (l != null) return l;
    LinkCost slowest = table.fallbackLink();
    notes.add("link " + from + " -> " + to + " not measured yet: assumed "
        + (slowest != null ? "the slowest measured" : "free, as no link is measured"));
    return slowest != null ? slowest : LinkCost.ZERO;
  }

  private static double compute(
      CostTable table, String method, String server, List<String> servers, List<String> notes) {
    double own = table.computeSeconds(server, method);
    if (!Double.isNaN(own)) return own;
    double sum = 0;
    int n = 0;
    for (String s : servers) {
      double t = table.computeSeconds(s, method);
      if (!Double.isNaN(t)) {
        sum += t;
        n++;
      }
    }
    notes.add(
        method + " not run on " + server + " yet: assumed the mean of the servers that ran it");
    return n == 0 ? 0 : sum / n;
  }
}
