package org.gridrmi.benchmarks;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.gridrmi.benchmarks.soak.ChainRun;
import org.gridrmi.cli.ledger.Ledgers;

/**
 * What one phase of the chaos benchmark measured.
 *
 * @param fault the phase's fault
 * @param describe what struck whom
 * @param outcomes one per chain
 * @param deadline every call's deadline
 * @param tally the servers' ledgers over the phase's calls
 * @param leaked values left on the servers the fault did not strike, after every client closed (minus those there
 *     before the phase)
 * @param leftOnVictim values left on the struck server if it still runs, else -1 (not counted as leaked)
 * @param closesHung client Grids whose {@code close()} did not return within its bound
 */
record PhaseResult(
    ChaosFault fault,
    String describe,
    List<ChainRun.Outcome> outcomes,
    Duration deadline,
    Ledgers.Tally tally,
    long leaked,
    long leftOnVictim,
    int closesHung) {

  public int chains() {
    return outcomes.size();
  }

  public int done() {
    return (int) outcomes.stream().filter(ChainRun.Outcome::done).count();
  }

  public int lost() {
    return (int) outcomes.stream().filter(ChainRun.Outcome::lost).count();
  }

  public int failed() {
    return chains() - done() - lost();
  }

  /** Failed chains by status (or WRONG_RESULT), in name order. */
  public Map<String, Integer> failedByStatus() {
    Map<String, Integer> m = new TreeMap<>();
    for (ChainRun.Outcome o : outcomes)
      if (!o.done() && !o.lost()) m.merge(o.outcome(), 1, Integer::sum);
    return m;
  }

  /** Chains that finished with the right value, but after their deadline (a recovery re-ran a call, say). */
  public int doneLate() {
    return (int) outcomes.stream()
        .filter(o -> o.done() && o.latencyNanos() > deadline.toNanos())
        .count();
  }

  /** Calls made to {@code @Idempotent} methods. */
  public int idempotentCalls() {
    return outcomes.stream().mapToInt(o -> Integer.bitCount(o.idempotent())).sum();
  }

  /**
   * The longest time a {@code get()} returned after its call's deadline, over the chains that failed or finished
   * late (0 if none did): how well the deadline bounds a wait.
   */
  public double maxOverrunMillis() {
    double max = 0;
    for (ChainRun.Outcome o : outcomes) {
      long over = o.latencyNanos() - deadline.toNanos();
      if (!o.done() || over > 0) max = Math.max(max, over / 1e6);
    }
    return max;
  }

  /** A percentile of the latency of the chains done, in ms (NaN if none). */
  public double latencyMillis(double percentile) {
    double[] lat = outcomes.stream()
        .filter(ChainRun.Outcome::done)
        .mapToDouble(o -> o.latencyNanos() / 1e6)
        .toArray();
    return lat.length == 0
        ? Double.NaN
        : org.gridrmi.benchmarks.harness.Stats.percentile(lat, percentile);
  }
}
