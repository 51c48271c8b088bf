package org.gridrmi.runtime;

import java.util.ArrayDeque;
import java.util.Collection;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.Ref;

/**
 * Keeps the references written inside values that left this instance strongly reachable for a while after they
 * were written, so that the holds they stand for (this instance's) outlast the transfer until the receiver has
 * registered its own: Java RMI's DGC keeps such references until the receiver acknowledges; here the receiver
 * registers at once when it reads the value, and the pin only has to outlast that (one pin period, by default a
 * minute, counted from the end of the write). Bounded: past {@code max} pins in one period, writing such a value
 * fails with RESOURCE_EXHAUSTED.
 */
public final class TransitPins {
  private record Pin(Object ref, long untilNanos) {}

  private final ArrayDeque<Pin> pins = new ArrayDeque<>();
  private final long periodNanos;
  private final int max;
  private final Ticker ticker;

  /**
   * @param periodNanos how long each reference stays pinned after its write
   * @param max the most pins at one time
   */
  public TransitPins(long periodNanos, int max) {
    this(periodNanos, max, Ticker.SYSTEM);
  }

  /** @param ticker where the pins read the time */
  public TransitPins(long periodNanos, int max, Ticker ticker) {
    this.periodNanos = periodNanos;
    this.max = max;
    this.ticker = ticker;
  }

  /**
   * Pins every reference in {@code refs} for one period from now.
   *
   * @throws GridException RESOURCE_EXHAUSTED past the limit
   */
  public synchronized void pin(Collection<? extends Ref<?>> refs) {
    if (refs.isEmpty()) return;
    long now = ticker.nanoTime();
    drain(now);
    if (pins.size() + refs.size() > max) {
      throw new GridException(
          Status.RESOURCE_EXHAUSTED,
          "more than " + max + " references were written inside " + "values in the last "
              + periodNanos / 1_000_000_000L + " s; each is kept until its receiver holds it");
    }
    for (Ref<?> r : refs) pins.add(new Pin(r, now + periodNanos));
  }

  /** Lets go of the pins whose period is over at this ticker's time; the runtime's timer calls it. */
  public void drain() {
    drain(ticker.nanoTime());
  }

  /** Lets go of the pins whose period is over at {@code nowNanos}. */
  public synchronized void drain(long nowNanos) {
    while (!pins.isEmpty() && pins.peekFirst().untilNanos() - nowNanos <= 0) pins.pollFirst();
  }

  /** Pins held now. */
  public synchronized int size() {
    return pins.size();
  }
}
