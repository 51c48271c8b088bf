package org.gridrmi.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * The batches a server received whose references it does not hold yet, and the batches their senders gave up on,
 * each by its holder and the transfer id the sender chose for it. The sender (a Grid, which exports nothing this node
 * could call) pins the references a batch carries under the batch's id until this node says it no longer waits for
 * them ({@code NodeProtocol.awaitingHolds}): either it holds them, or it will never run the batch. The counterpart,
 * on the receiving side, of {@link TransitPins}' transfers.
 *
 * <p>A batch is <em>waiting</em> from its arrival ({@link #receiving}) until its holds settle (answered, refused, or
 * given up after a lease of silence: see {@link HolderLink#acknowledged}). A sender asks about a batch whose submit
 * failed too (its answer may have been lost while this node ran it): an id of that holder this node never received is
 * then <em>given up</em> (a tombstone): the batch, should it arrive later, is refused and runs nothing. So an id this
 * node does not wait for is one whose references it holds, one it will never run, or one another life of the server at
 * this address received (whose holds died with it): the sender may unpin in every case.
 *
 * <p>Bounded, per holder and in all: at most {@link #MAX_WAITING} batches waiting ({@link #MAX_WAITING_PER_HOLDER} of
 * one holder; past them a batch is refused with RESOURCE_EXHAUSTED before it runs), and at most {@link #MAX_GIVEN_UP}
 * tombstones ({@link #MAX_GIVEN_UP_PER_HOLDER} of one holder), each kept for a fixed time on the node's ticker. Where
 * no tombstone can be added, the answer is "still waiting" (the sender keeps its pins, and asks again) rather than a
 * risk that a late batch runs with references nobody holds.
 */
public final class ReceivedTransfers {
  /** The most batches waiting for their holds at one time (each costs a map entry and a future's callback). */
  public static final int MAX_WAITING = 100_000;

  /** The most batches of one holder waiting for their holds at one time. */
  public static final int MAX_WAITING_PER_HOLDER = 10_000;

  /** The most batch ids given up at one time (each costs a map entry). */
  public static final int MAX_GIVEN_UP = 100_000;

  /** The most batch ids of one holder given up at one time: the ids one question may name. */
  public static final int MAX_GIVEN_UP_PER_HOLDER = 10_000;

  /** A batch, by the holder that sent it and the id it chose. */
  private record Key(UUID holder, long id) {}

  /**
   * Batches waiting, each with its copies that arrived and whose holds have not settled: a batch the network delivered
   * twice waits until both copies settled (the second copy's holds may be done at once, the first's not).
   */
  private final Map<Key, Integer> waiting = new HashMap<>();

  private final Map<UUID, Integer> waitingPerHolder = new HashMap<>();
  /** Given-up ids, each with when it may be forgotten; oldest first (all are kept equally long). */
  private final LinkedHashMap<Key, Long> givenUp = new LinkedHashMap<>();

  private final Map<UUID, Integer> givenUpPerHolder = new HashMap<>();
  private final Ticker ticker;
  private final long keepNanos;

  /**
   * @param keepNanos how long a given-up id is remembered: longer than a late copy of its batch can take to arrive
   *     (the sender's call timeout, plus a margin)
   * @param ticker where the tombstones read the time
   */
  public ReceivedTransfers(long keepNanos, Ticker ticker) {
    this.keepNanos = keepNanos;
    this.ticker = ticker;
  }

  /**
   * Batch {@code id} of {@code holder} arrived: it waits from now until {@link #received} says its holds settled (or,
   * refused on the way, until {@link #received} with null).
   *
   * @throws GridException INVALID_ARGUMENT for id 0; CANCELLED if its sender gave it up (asked about it before it
   *     arrived): it must not run; RESOURCE_EXHAUSTED past {@link #MAX_WAITING} batches waiting, or
   *     {@link #MAX_WAITING_PER_HOLDER} of this holder
   */
  public synchronized void receiving(UUID holder, long id, String node) {
    if (id == 0) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "a batch to " + node + " names no transfer id: its sender chooses one, random and not 0,"
              + " under which it pins the references the batch carries");
    }
    Key k = new Key(holder, id);
    forgetExpired();
    if (givenUp.containsKey(k)) {
      throw new GridException(
          Status.CANCELLED,
          "a batch arrived at " + node + " after its sender gave it up (its submit had failed, and"
              + " the sender was told it would never run): it runs nothing; the calls it carried"
              + " failed at the sender");
    }
    if (waiting.computeIfPresent(k, (key, n) -> n + 1) != null)
      return; // the same batch again: its calls are made once, and it waits until both settle
    int mine = waitingPerHolder.getOrDefault(holder, 0);
    if (mine >= MAX_WAITING_PER_HOLDER || waiting.size() >= MAX_WAITING) {
      throw new GridException(
          Status.RESOURCE_EXHAUSTED,
          node + " has " + (mine >= MAX_WAITING_PER_HOLDER ? mine : waiting.size())
              + " batches waiting for the owners of the references they carry to answer (at most "
              + MAX_WAITING_PER_HOLDER + " of one holder, " + MAX_WAITING
              + " in all): the batch was refused before it ran; send it again once owners answer");
    }
    waiting.put(k, 1);
    waitingPerHolder.merge(holder, 1, Integer::sum);
  }

  /**
   * Batch {@code id} of {@code holder}, {@linkplain #receiving received}, no longer waits once {@code holds}
   * completes (at once if it is done, or null: the batch was refused on its way).
   */
  public void received(UUID holder, long id, CompletableFuture<?> holds) {
    if (holds == null || holds.isDone()) settled(holder, id);
    else holds.whenComplete((v, e) -> settled(holder, id));
  }

  private synchronized void settled(UUID holder, long id) {
    Key k = new Key(holder, id);
    Integer copies = waiting.get(k);
    if (copies == null) return;
    if (copies > 1) {
      waiting.put(k, copies - 1);
      return;
    }
    waiting.remove(k);
    waitingPerHolder.computeIfPresent(holder, (h, n) -> n > 1 ? n - 1 : null);
  }

  /**
   * Of {@code ids}, batches of {@code holder}, those this node still waits for: received, and holds not settled yet,
   * or never received and no room to give them up. The others the sender may unpin: this node holds their references,
   * or gives up an id it never received (it refuses that batch if it arrives later), or another life received it.
   */
  public synchronized List<Long> awaiting(UUID holder, List<Long> ids) {
    forgetExpired();
    List<Long> still = new ArrayList<>();
    for (Long id : ids) {
      Key k = new Key(holder, id);
      if (waiting.containsKey(k) || !giveUp(k)) still.add(id);
    }
    return still;
  }

  /** Records {@code k} as given up, unless it was already; false if there is no room for it. */
  private boolean giveUp(Key k) {
    if (givenUp.containsKey(k)) return true;
    if (givenUp.size() >= MAX_GIVEN_UP
        || givenUpPerHolder.getOrDefault(k.holder(), 0) >= MAX_GIVEN_UP_PER_HOLDER) return false;
    givenUp.put(k, ticker.nanoTime() + keepNanos);
    givenUpPerHolder.merge(k.holder(), 1, Integer::sum);
    return true;
  }

  private void forgetExpired() {
    long now = ticker.nanoTime();
    for (Iterator<Map.Entry<Key, Long>> i = givenUp.entrySet().iterator(); i.hasNext(); ) {
      Map.Entry<Key, Long> e = i.next();
      if (e.getValue() - now > 0) break; // the rest were given up later
      i.remove();
      givenUpPerHolder.computeIfPresent(e.getKey().holder(), (h, n) -> n > 1 ? n - 1 : null);
    }
  }

  /** Batches waiting now (for tests and stats). */
  public synchronized int size() {
    return waiting.size();
  }

  /** Batch ids given up and remembered now (for tests and stats). */
  public synchronized int givenUp() {
    forgetExpired();
    return givenUp.size();
  }
}
