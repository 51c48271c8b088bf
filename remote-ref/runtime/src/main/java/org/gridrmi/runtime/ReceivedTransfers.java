package org.gridrmi.runtime;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The transfers a node received whose references it does not hold yet: batches whose receipt said that not every
 * reference inside their values was held (an owner had not answered this node's hold in time). The sender pins those
 * references under the receipt's transfer id and asks later which of its transfers this node still waits for
 * ({@code NodeProtocol.awaitingHolds}); it unpins the others. The counterpart, on the receiving side, of
 * {@link TransitPins}' transfers, for a sender that exports nothing this node could call (a Grid).
 *
 * <p>An entry goes as soon as its holds settle (answered, refused, or given up after a lease of silence: see
 * {@link HolderLink#acknowledged}), so an id this node does not know is one it no longer waits for, or one another
 * life of the server at this address gave (whose holds died with it): either way the sender may unpin. Bounded: past
 * {@link #MAX} transfers waiting at once, a new one gets no id and its sender keeps its pins for their period.
 */
public final class ReceivedTransfers {
  /** The most transfers waiting at one time (each costs a map entry and a future's callback). */
  public static final int MAX = 100_000;

  private final Set<Long> waiting = new HashSet<>();
  private final SecureRandom random = new SecureRandom();

  /**
   * A new transfer whose references this node holds once {@code holds} completes.
   *
   * @return its id (random, never 0: only the sender it is sent to can ask about it), or 0 if {@code holds} is done
   *     already or {@link #MAX} transfers wait already (the sender then keeps its pins for their period)
   */
  public long add(CompletableFuture<?> holds) {
    long id;
    synchronized (this) {
      if (holds.isDone() || waiting.size() >= MAX) return 0;
      do {
        id = random.nextLong();
      } while (id == 0 || waiting.contains(id));
      waiting.add(id);
    }
    long t = id;
    holds.whenComplete((v, e) -> settled(t));
    return id;
  }

  private synchronized void settled(long id) {
    waiting.remove(id);
  }

  /** Of {@code ids}, those whose references this node does not hold yet; the sender may unpin the others. */
  public synchronized List<Long> awaiting(List<Long> ids) {
    List<Long> still = new ArrayList<>();
    for (Long id : ids) if (waiting.contains(id)) still.add(id);
    return still;
  }

  /** Transfers waiting now (for tests and stats). */
  public synchronized int size() {
    return waiting.size();
  }
}
