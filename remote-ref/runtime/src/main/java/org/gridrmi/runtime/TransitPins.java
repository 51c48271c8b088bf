package org.gridrmi.runtime;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.runtime.wire.WrittenRefs;

/**
 * Keeps the references written inside values that left this instance strongly reachable after they were written,
 * so that the holds they stand for (this instance's) outlast the transfer until the receiver has registered its own.
 *
 * <p>A value written as the answer to a fetch is a <em>transfer</em> ({@link #writing}): its pins are kept under a
 * transfer id sent with the answer, until the receiver says that its own holds of those references were answered by
 * their owners ({@link #transferred}), as Java RMI's DGC keeps a reference until its receiver acknowledges it. Every
 * pin is also bounded in time: one pin period (by default a minute, one lease on a server) counted from the end of
 * the write, so a lost acknowledgement or a receiver that died never keeps a value longer. A sender that learns of
 * the receiver's holds otherwise pins under a transfer the receiver named ({@link #pin(String, long, Collection)}: a
 * Grid whose batch's receipt said not all references were held asks the server later). A value written any other way
 * is pinned for the period only.
 *
 * <p>Bounded: past {@code max} pins at one time, or half of them for one receiver, writing such a value fails with
 * RESOURCE_EXHAUSTED.
 */
public final class TransitPins {
  /**
   * A pin; {@code ref} is null once its transfer was acknowledged, {@code transfer} null for a value written outside
   * one.
   */
  private static final class Pin {
    Object ref;
    final long untilNanos;
    final Transfer transfer;

    Pin(Object ref, long untilNanos, Transfer transfer) {
      this.ref = ref;
      this.untilNanos = untilNanos;
      this.transfer = transfer;
    }
  }

  /** The transfer being written on a thread, into this instance's pins. */
  private record Transfer(String receiver, long id) {}

  private final ArrayDeque<Pin> pins = new ArrayDeque<>();
  /** The pins of each transfer not yet acknowledged nor over. */
  private final Map<Long, List<Pin>> transfers = new HashMap<>();
  /** Pins held now for each receiver, for its bound. */
  private final Map<String, Integer> perReceiver = new HashMap<>();

  private final ThreadLocal<Transfer> writing = new ThreadLocal<>();
  private final SecureRandom random = new SecureRandom();
  private final long periodNanos;
  private final int max;
  private final Ticker ticker;
  /** Pins held now (those of acknowledged transfers no more). */
  private int live;

  /**
   * @param periodNanos how long each reference stays pinned after its write, at most
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
   * A new transfer id: random, never 0, so that only the receiver it is sent to can acknowledge the transfer (an id
   * nobody was given unpins nothing).
   */
  public long newTransfer() {
    long id;
    do {
      id = random.nextLong();
    } while (id == 0);
    return id;
  }

  /**
   * Runs {@code write}, a value written on this thread for {@code receiver} as transfer {@code transfer}: the
   * references pinned here meanwhile are kept until the receiver acknowledges the transfer, or for one period.
   *
   * @param receiver who reads it (an address, for the bound per receiver)
   * @return whether any reference was pinned under the transfer (if not, there is nothing to acknowledge)
   */
  public boolean writing(String receiver, long transfer, WrittenRefs.Write write)
      throws IOException {
    Transfer outer = writing.get();
    writing.set(new Transfer(receiver, transfer));
    try {
      write.run();
    } finally {
      if (outer == null) writing.remove();
      else writing.set(outer);
    }
    synchronized (this) {
      return transfers.containsKey(transfer);
    }
  }

  /**
   * Pins every reference in {@code refs} for one period from now, under the transfer being written on this thread
   * ({@link #writing}), if any.
   *
   * @throws GridException RESOURCE_EXHAUSTED past the limit, or past half of it for one receiver
   */
  public void pin(Collection<? extends Ref<?>> refs) {
    pin(writing.get(), refs);
  }

  /**
   * Pins every reference in {@code refs} for one period from now under transfer {@code transfer} of {@code receiver},
   * which ends at {@link #transferred} (the receiver said it holds them), or with the period.
   *
   * @throws GridException RESOURCE_EXHAUSTED past the limit, or past half of it for one receiver
   */
  public void pin(String receiver, long transfer, Collection<? extends Ref<?>> refs) {
    pin(new Transfer(receiver, transfer), refs);
  }

  private synchronized void pin(Transfer t, Collection<? extends Ref<?>> refs) {
    if (refs.isEmpty()) return;
    long now = ticker.nanoTime();
    drain(now);
    // the acknowledged pins wait in the queue for their time: dropped here, so the queue stays
    // within the bound
    if (pins.size() + refs.size() > max) pins.removeIf(p -> p.ref == null);
    if (live + refs.size() > max) throw exhausted(max, "");
    if (t != null && perReceiver.getOrDefault(t.receiver(), 0) + refs.size() > max / 2)
      throw exhausted(max / 2, " for " + t.receiver());
    for (Ref<?> r : refs) {
      Pin p = new Pin(r, now + periodNanos, t);
      pins.add(p);
      live++;
      if (t != null) {
        transfers.computeIfAbsent(t.id(), k -> new ArrayList<>()).add(p);
        perReceiver.merge(t.receiver(), 1, Integer::sum);
      }
    }
  }

  private GridException exhausted(int limit, String forWhom) {
    return new GridException(
        Status.RESOURCE_EXHAUSTED,
        "more than " + limit + " references written inside values are pinned" + forWhom
            + " (each is kept until its receiver holds it, at most " + periodNanos / 1_000_000_000L
            + " s): fewer references inside values, or receivers that read them sooner");
  }

  /**
   * The receiver of these transfers holds the references they carried: their pins go now. Ids of no transfer here
   * (unknown, over, or acknowledged already) change nothing.
   */
  public synchronized void transferred(Collection<Long> ids) {
    for (Long id : ids) {
      List<Pin> ps = transfers.remove(id);
      if (ps == null) continue;
      for (Pin p : ps) unpin(p);
    }
  }

  private void unpin(Pin p) {
    if (p.ref == null) return;
    p.ref = null;
    live--;
    if (p.transfer != null)
      perReceiver.computeIfPresent(p.transfer.receiver(), (k, n) -> n > 1 ? n - 1 : null);
  }

  /** Whether transfer {@code id} still pins references here: not acknowledged, and its period not over. */
  public synchronized boolean pinning(long id) {
    drain(ticker.nanoTime());
    return transfers.containsKey(id);
  }

  /** Lets go of the pins whose period is over at this ticker's time; the runtime's timer calls it. */
  public void drain() {
    drain(ticker.nanoTime());
  }

  /** Lets go of the pins whose period is over at {@code nowNanos}. */
  public synchronized void drain(long nowNanos) {
    while (!pins.isEmpty() && pins.peekFirst().untilNanos - nowNanos <= 0) {
      Pin p = pins.pollFirst();
      unpin(p);
      if (p.transfer != null) transfers.remove(p.transfer.id());
    }
  }

  /** Pins held now. */
  public synchronized int size() {
    return live;
  }

  /** Transfers whose receiver has not acknowledged them, and whose period is not over (for tests and stats). */
  public synchronized int transfers() {
    return transfers.size();
  }
}
