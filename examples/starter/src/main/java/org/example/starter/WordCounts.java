package org.example.starter;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;

/** A value of your own type: it travels between JVMs, so it is {@link Serializable}. */
public record WordCounts(Map<String, Integer> counts) implements Serializable {
  public WordCounts {
    counts = new TreeMap<>(counts);
  }

  /** How many different words. */
  public int distinct() {
    return counts.size();
  }
}
