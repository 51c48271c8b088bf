package org.gridrmi.runtime;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.serial.RefusalLog;
import org.gridrmi.runtime.wire.Borrower;
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
 * the write, so a lost acknowledgement or a receiver that died never keeps a value longer; a receiving server known
 * restarted (another life at its address, {@link #endOtherLives}) ends its earlier life's transfers at once. A sender that learns of
 * the receiver's holds otherwise pins under a transfer the receiver named ({@link #pin(String, long, Collection)}: a
 * Grid whose batch's receipt said not all references were held asks the server later). A value written any other way
 * is pinned for the period only.
 *
 * <p>Bounded: past {@code max} pins at one time, or half of them for one receiver, writing such a value fails with
 * RESOURCE_EXHAUSTED.
 */
public final class TransitPins {
  private static final RefusalLog FOREIGN_ACKNOWLEDGEMENTS =
      new RefusalLog(TransitPins.class.getName(), 1, 1000);

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

  /**
   * The transfer being written on a thread, into this instance's pins.
   *
   * @param life the node that reads it, when it said so (a server fetching: its address and node id), else null
   */
  private record Transfer(String receiver, long id, Borrower life) {}

  private final ArrayDeque<Pin> pins = new ArrayDeque<>();
  /** The pins of each transfer not yet acknowledged nor over. */
  private final Map<Long, List<Pin>> transfers = new HashMap<>();
  /** Pins held now for each receiver, for its bound. */
  private final Map<String, Integer> perReceiver = new HashMap<>();
  /**
   * Per receiving address, the lives (node ids) that transfers not yet over were written for, each with their count:
   * a fetch from another life there tells that these are gone ({@link #otherLivesAt}).
   */
  private final Map<String, Map<UUID, Integer>> lives = new HashMap<>();

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
    return writing(receiver, null, transfer, write);
  }

  /**
   * As {@link #writing(String, long, WrittenRefs.Write)}, for a receiver that named its life: its transfers also end
   * once another life at its address is known ({@link #endOtherLives}).
   *
   * @param life the receiving node's address and node id, or null if it named none
   */
  public boolean writing(String receiver, Borrower life, long transfer, WrittenRefs.Write write)
      throws IOException {
    Transfer outer = writing.get();
    writing.set(new Transfer(receiver, transfer, life));
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
    pin(writing.get(), refs, false);
  }

  /**
   * Pins every reference in {@code refs} for one period from now under transfer {@code transfer} of {@code receiver},
   * which ends at {@link #transferred} (the receiver said it holds them), or with the period.
   *
   * @throws GridException RESOURCE_EXHAUSTED past the limit, or past half of it for one receiver
   */
  public void pin(String receiver, long transfer, Collection<? extends Ref<?>> refs) {
    pin(new Transfer(receiver, transfer, null), refs, false);
  }

  /**
   * Pins every reference in {@code refs} under transfer {@code transfer} of {@code receiver} until {@link #transferred}
   * ends it, with no period: for a sender that bounds the pins itself (a Grid ends them once the receiver says it no
   * longer waits for them, is known gone, or has not answered for one period).
   *
   * @throws GridException RESOURCE_EXHAUSTED past the limit, or past half of it for one receiver
   */
  public void pinUntilTransferred(
      String receiver, long transfer, Collection<? extends Ref<?>> refs) {
    pin(new Transfer(receiver, transfer, null), refs, true);
  }

  /** @param untilTransferred the pins have no period: only {@link #transferred} ends them */
  private synchronized void pin(
      Transfer t, Collection<? extends Ref<?>> refs, boolean untilTransferred) {
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
      // a pin with no period stays out of the queue, which is in the order the periods end
      if (!untilTransferred) pins.add(p);
      live++;
      if (t != null) {
        transfers
            .computeIfAbsent(t.id(), k -> {
              if (t.life() != null)
                lives
                    .computeIfAbsent(t.life().address(), a -> new HashMap<>())
                    .merge(t.life().node(), 1, Integer::sum);
              return new ArrayList<>();
            })
            .add(p);
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
   * (unknown, over, or acknowledged already) change nothing. For a sender's own word (a receipt it read); a peer's
   * acknowledgement goes through {@link #transferredBy}.
   */
  public synchronized void transferred(Collection<Long> ids) {
    for (Long id : ids) end(id);
  }

  /**
   * As {@link #transferred}, said by the peer at {@code receiver}: only the transfers written for that receiver end.
   * Ids of no transfer here change nothing (a late acknowledgement is not a lie); a transfer written for another
   * receiver is kept, and the call refused once the others ended.
   *
   * @throws GridException PERMISSION_DENIED if any id names a transfer written for another receiver (logged: the
   *     first, then one in a thousand)
   */
  public void transferredBy(String receiver, Collection<Long> ids) {
    int foreign = 0;
    synchronized (this) {
      for (Long id : ids) {
        List<Pin> ps = transfers.get(id);
        if (ps == null) continue;
        if (ps.get(0).transfer.receiver().equals(receiver)) end(id);
        else foreign++;
      }
    }
    if (foreign == 0) return;
    String message = receiver + " acknowledged " + foreign + " of " + ids.size()
        + " transfers that were written for another receiver: refused, and their pins kept (only the node a"
        + " value was sent to may say it holds the references inside)";
    FOREIGN_ACKNOWLEDGEMENTS.refused(message);
    throw new GridException(Status.PERMISSION_DENIED, message);
  }

  /** Ends transfer {@code id}'s pins, if it has any still. */
  private void end(long id) {
    List<Pin> ps = transfers.remove(id);
    if (ps == null) return;
    for (Pin p : ps) unpin(p);
    forgetLife(ps.get(0).transfer);
  }

  private void forgetLife(Transfer t) {
    if (t.life() == null) return;
    Map<UUID, Integer> at = lives.get(t.life().address());
    if (at == null) return;
    at.computeIfPresent(t.life().node(), (k, n) -> n > 1 ? n - 1 : null);
    if (at.isEmpty()) lives.remove(t.life().address());
  }

  /**
   * Whether transfers not yet over were written for another life than {@code life} at its address (see
   * {@link #endOtherLives}). Cheap: what a node asks of every fetch that names its life.
   */
  public synchronized boolean otherLivesAt(Borrower life) {
    Map<UUID, Integer> at = lives.get(life.address());
    return at != null && (at.size() > 1 || !at.containsKey(life.node()));
  }

  /**
   * {@code life} is the node at its address now (the caller confirmed it, as for an {@code abandon}): the transfers
   * written for earlier lives there end now, since a life that is gone never acknowledges them (a node id is never
   * used again).
   */
  public synchronized void endOtherLives(Borrower life) {
    List<Long> gone = new ArrayList<>();
    transfers.forEach((id, ps) -> {
      Borrower l = ps.get(0).transfer.life();
      if (l != null && l.address().equals(life.address()) && !l.node().equals(life.node()))
        gone.add(id);
    });
    gone.forEach(this::end);
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
      if (p.transfer != null && transfers.remove(p.transfer.id()) != null) forgetLife(p.transfer);
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
