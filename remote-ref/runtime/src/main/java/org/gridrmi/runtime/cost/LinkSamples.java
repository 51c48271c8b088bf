package org.gridrmi.runtime.cost;

import org.gridrmi.perf.Fit;
import org.gridrmi.perf.LinkCost;

/**
 * The recent samples of one link, a round trip each: the bytes it moved both ways and the seconds it took. A round trip
 * is two messages, so it costs 2 t_s + n t_w: the least-squares line through the samples gives t_s as half its
 * intercept and t_w as its slope. Only the last {@value #WINDOW} samples are kept (a ring), so a link that changes is
 * followed and memory stays bounded. Not thread-safe: {@link LinkLearner} guards it.
 */
final class LinkSamples {
  /** Samples kept per link. */
  static final int WINDOW = 64;
  /** Below this spread of sizes the slope (t_w) is not estimated: small messages alone say little about bandwidth. */
  static final double MIN_SIZE_SPREAD = 32 * 1024;

  private final double[] bytes = new double[WINDOW];
  private final double[] seconds = new double[WINDOW];
  private int next;
  private int count;
  private long total;

  void add(long sampleBytes, double sampleSeconds) {
    bytes[next] = sampleBytes;
    seconds[next] = sampleSeconds;
    next = (next + 1) % WINDOW;
    count = Math.min(WINDOW, count + 1);
    total++;
  }

  /** The estimate of t_s and t_w from the samples kept; null if there are none. */
  PeerLinkEstimate estimate(String peer) {
    if (count == 0) return null;
    double min = Double.MAX_VALUE, max = 0, mean = 0;
    for (int i = 0; i < count; i++) {
      min = Math.min(min, bytes[i]);
      max = Math.max(max, bytes[i]);
      mean += seconds[i];
    }
    mean /= count;
    if (count < 3 || max - min < MIN_SIZE_SPREAD) {
      return new PeerLinkEstimate(peer, new LinkCost(mean / 2, 0), false, count, total);
    }
    Fit fit = Fit.line(bytes, seconds, count);
    if (fit.slope() < 0) { // noise on a link faster than it
      return new PeerLinkEstimate(peer, new LinkCost(mean / 2, 0), true, count, total);
    }
    return new PeerLinkEstimate(
        peer, new LinkCost(Math.max(0, fit.intercept()) / 2, fit.slope()), true, count, total);
  }
}
