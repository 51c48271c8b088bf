package org.gridrmi.perf.placement;

import java.util.HashMap;
import java.util.Map;
import org.gridrmi.perf.LinkCost;

/**
 * A {@link CostTable} held in maps, immutable once built: the estimates a client has at one moment (rebuilt in the
 * background as stats arrive), or a table a test writes by hand.
 */
public final class CostSnapshot implements CostTable {
  /** Compute threads assumed for a server that did not say: a server's default (cores, at least 2). */
  public static final int DEFAULT_THREADS = 2;
  /** The size at which links are compared to find the slowest (a value of 100 kB). */
  private static final double COMPARE_BYTES = 100_000;

  private final Map<String, LinkCost> links;
  private final Map<String, Double> compute;
  private final Map<String, Double> results;
  private final Map<String, Integer> threads;
  private final Map<String, Double> backlog;
  private final LinkCost slowest;

  private CostSnapshot(Builder b) {
    this.links = Map.copyOf(b.links);
    this.compute = Map.copyOf(b.compute);
    this.results = Map.copyOf(b.results);
    this.threads = Map.copyOf(b.threads);
    this.backlog = Map.copyOf(b.backlog);
    this.slowest = links.values().stream()
        .max((x, y) -> Double.compare(x.seconds(COMPARE_BYTES), y.seconds(COMPARE_BYTES)))
        .orElse(null);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A table that knows nothing yet. */
  public static CostSnapshot empty() {
    return builder().build();
  }

  @Override
  public LinkCost link(String from, String to) {
    return links.get(from + " " + to);
  }

  @Override
  public LinkCost fallbackLink() {
    return slowest;
  }

  @Override
  public double computeSeconds(String server, String method) {
    return compute.getOrDefault(server + " " + method, Double.NaN);
  }

  @Override
  public double resultBytes(String method) {
    return results.getOrDefault(method, Double.NaN);
  }

  @Override
  public int threads(String server) {
    return threads.getOrDefault(server, DEFAULT_THREADS);
  }

  @Override
  public double backlogSeconds(String server) {
    return backlog.getOrDefault(server, 0.0);
  }

  /**
   * The result sizes of this table alone, no link and no compute time: with it the policy places by locality, as it
   * does before anything is measured (for comparisons).
   */
  public CostSnapshot resultSizesOnly() {
    Builder b = builder();
    results.forEach(b::resultBytes);
    return b.build();
  }

  /** Whether it knows nothing at all (no link, no compute time). */
  public boolean isEmpty() {
    return links.isEmpty() && compute.isEmpty();
  }

  /** Collects the estimates of a table. Not thread-safe. */
  public static final class Builder {
    private final Map<String, LinkCost> links = new HashMap<>();
    private final Map<String, Double> compute = new HashMap<>();
    private final Map<String, Double> results = new HashMap<>();
    private final Map<String, Integer> threads = new HashMap<>();
    private final Map<String, Double> backlog = new HashMap<>();

    private Builder() {}

    /** The link carrying values from {@code from} to {@code to}. */
    public Builder link(String from, String to, LinkCost cost) {
      links.put(from + " " + to, cost);
      return this;
    }

    /** The same link both ways. */
    public Builder links(String a, String b, LinkCost cost) {
      return link(a, b, cost).link(b, a, cost);
    }

    public Builder compute(String server, String method, double seconds) {
      compute.put(server + " " + method, seconds);
      return this;
    }

    public Builder resultBytes(String method, double bytes) {
      results.put(method, bytes);
      return this;
    }

    public Builder threads(String server, int n) {
      threads.put(server, Math.max(1, n));
      return this;
    }

    public Builder backlog(String server, double seconds) {
      backlog.put(server, Math.max(0, seconds));
      return this;
    }

    public CostSnapshot build() {
      return new CostSnapshot(this);
    }
  }
}
