package org.gridrmi.runtime.serial;

import java.lang.ref.WeakReference;
import java.util.function.Consumer;

/**
 * What the fast codec learnt of the last few values it met, by the values' identity: each value weakly held, each
 * fact taken at most once, the oldest dropped (and handed to {@code dropped}) when a newer one comes. A node asks
 * about a value right after the codec met it (a value counted right after it was read, sent right after it was
 * counted), so a few are enough; one asked about later is simply encoded again.
 *
 * @param <T> what is kept of each value
 */
final class RecentValues<T> {
  private final WeakReference<?>[] values;
  private final Object[] facts;
  private final Consumer<T> dropped;
  private int next;

  /**
   * @param kept how many values it remembers
   * @param dropped called, outside its lock, with each fact dropped untaken
   */
  RecentValues(int kept, Consumer<T> dropped) {
    values = new WeakReference<?>[kept];
    facts = new Object[kept];
    this.dropped = dropped;
  }

  /** Remembers {@code fact} of {@code value}, dropping the oldest. */
  void put(Object value, T fact) {
    T old;
    synchronized (this) {
      old = at(next);
      values[next] = new WeakReference<>(value);
      facts[next] = fact;
      next = (next + 1) % values.length;
    }
    if (old != null) dropped.accept(old);
  }

  /** The fact remembered of {@code value} (the same object), forgotten now; null if none. */
  synchronized T take(Object value) {
    for (int i = 0; i < values.length; i++) {
      if (values[i] != null && values[i].get() == value) {
        T fact = at(i);
        values[i] = null;
        facts[i] = null;
        return fact;
      }
    }
    return null;
  }

  @SuppressWarnings("unchecked")
  private T at(int i) {
    return (T) facts[i];
  }
}
