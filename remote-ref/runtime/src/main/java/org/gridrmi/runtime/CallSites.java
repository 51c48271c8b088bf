package org.gridrmi.runtime;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The names of call sites, {@code "label on node"}, each made once: every value a call makes keeps its site as its
 * label (in the owner's slot, in the client's reference), and one string per method and node instead of one per
 * value saves about 60 bytes a value. Keeps at most {@code max} names; past that each site is a new string, so a peer
 * that names endless labels costs a bounded map.
 */
public final class CallSites {
  private final int max;
  private final Map<String, Map<String, String>> byNode = new ConcurrentHashMap<>();
  private final AtomicInteger kept = new AtomicInteger();

  /** @param max the most names kept, at least 0 */
  public CallSites(int max) {
    if (max < 0) throw new IllegalArgumentException("max must be at least 0: " + max);
    this.max = max;
  }

  /** {@code label + " on " + node}: the same string object for the same two while it is kept. */
  public String of(String label, String node) {
    Map<String, String> labels = byNode.get(node);
    String known = labels == null ? null : labels.get(label);
    if (known != null) return known;
    String site = label + " on " + node;
    if (kept.get() >= max) return site;
    String first =
        byNode.computeIfAbsent(node, n -> new ConcurrentHashMap<>()).putIfAbsent(label, site);
    if (first != null) return first;
    kept.incrementAndGet();
    return site;
  }

  /** How many names are kept. */
  public int size() {
    return kept.get();
  }
}
