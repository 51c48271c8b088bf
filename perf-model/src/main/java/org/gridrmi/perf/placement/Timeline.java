package org.gridrmi.perf.placement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * When each server's compute threads are busy with the calls placed so far: per thread, the intervals booked, in
 * order. A call takes the earliest time at or after it is ready when some thread is free for its whole compute time,
 * in a gap between earlier bookings too, as a server's pool runs whatever call is ready while another waits for its
 * arguments. The exhaustive search and what-if predictions work on copies; the online policy forgets what ended.
 */
public final class Timeline {
  private final Map<String, List<List<double[]>>> busy = new HashMap<>();

  /** The earliest start at or after {@code notBefore} when one of {@code server}'s threads is free for {@code d}. */
  public double earliest(String server, int threads, double notBefore, double d) {
    List<List<double[]>> t = busy.get(server);
    if (t == null || t.size() < threads) return notBefore;
    double best = Double.POSITIVE_INFINITY;
    for (int i = 0; i < threads; i++) best = Math.min(best, fit(t.get(i), notBefore, d));
    return best;
  }

  /** A call runs on {@code server} from {@code start} to {@code end}: booked on a thread free then. */
  public void occupy(String server, int threads, double start, double end) {
    List<List<double[]>> t = busy.computeIfAbsent(server, s -> new ArrayList<>());
    while (t.size() < threads) t.add(new ArrayList<>());
    double d = Math.max(0, end - start);
    int chosen = 0;
    for (int i = 0; i < threads; i++) {
      if (fit(t.get(i), start, d) <= start) {
        chosen = i;
        break;
      }
      if (fit(t.get(i), start, d) < fit(t.get(chosen), start, d)) chosen = i;
    }
    List<double[]> list = t.get(chosen);
    int at = 0;
    while (at < list.size() && list.get(at)[0] <= start) at++;
    list.add(at, new double[] {start, start + d});
  }

  /** Drops the bookings that ended before {@code time} (they can no longer delay anything). */
  public void forget(double time) {
    for (List<List<double[]>> threads : busy.values()) {
      for (List<double[]> list : threads) list.removeIf(iv -> iv[1] < time);
    }
  }

  /** An independent copy. */
  public Timeline copy() {
    Timeline c = new Timeline();
    busy.forEach((server, threads) -> {
      List<List<double[]>> t = new ArrayList<>();
      for (List<double[]> list : threads) {
        List<double[]> l = new ArrayList<>(list.size());
        for (double[] iv : list) l.add(iv.clone());
        t.add(l);
      }
      c.busy.put(server, t);
    });
    return c;
  }

  /** The earliest start at or after {@code from} of a gap of {@code d} in one thread's bookings. */
  private static double fit(List<double[]> bookings, double from, double d) {
    double t = from;
    for (double[] iv : bookings) {
      if (iv[1] <= t) continue;
      if (iv[0] >= t + d) break;
      t = iv[1];
    }
    return t;
  }
}
