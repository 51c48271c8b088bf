package org.gridrmi.runtime.store;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Why recently freed values went, so that a late reference to one fails with NOT_FOUND saying it was collected and
 * by which cause, not just that it is unknown. Bounded: the oldest are forgotten first.
 */
final class Tombstones {
  private final int max;
  private final LinkedHashMap<UUID, String> causes;

  Tombstones(int max) {
    this.max = max;
    this.causes = new LinkedHashMap<>(64, 0.75f, false) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<UUID, String> eldest) {
        return size() > Tombstones.this.max;
      }
    };
  }

  synchronized void record(UUID id, String cause) {
    causes.put(id, cause);
  }

  /** Why {@code id} was freed here, or null if it is not remembered. */
  synchronized String cause(UUID id) {
    return causes.get(id);
  }
}
