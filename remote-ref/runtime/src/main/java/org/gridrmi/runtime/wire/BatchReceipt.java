package org.gridrmi.runtime.wire;

import java.io.Serializable;
import java.util.UUID;

/**
 * What a server answers to an accepted batch.
 *
 * @param storeUnderPressure its store is more than half full: a client should let go of what it no longer needs soon
 *     (a Grid then has its JVM collect garbage, so that references it dropped are released; see the Grid's builder)
 * @param node the server's node id (what {@code info()} tells anyone): a new one means a new process at that address,
 *     which knows nothing of what the client told the one before (its introduction)
 * @param referencesHeld whether the server holds every reference written inside the batch's values (by-value and
 *     inline arguments, pushed puts: their owners acknowledged its holds): the client may let go of them now; if false (an owner did not answer in time),
 *     the client keeps them until the server holds them
 * @param transfer when not all are held, the batch's transfer id (the one its sender chose and sent with it), under
 *     which the server tracks its holds still waiting: the client pins the references under it and asks the server
 *     ({@code awaitingHolds}) until they are held; 0 when all are held
 * @param answer the value or failure of the batch's call that asked for one ({@link Command.Call#answerWaitMillis}),
 *     when it was known within that wait and is small (no references inside, at most {@link #MAX_ANSWER_BYTES}), as
 *     a fetch would have answered it; null otherwise (none was asked for, it was not known in time, or it is larger):
 *     the client then fetches it
 */
public record BatchReceipt(
    boolean storeUnderPressure,
    UUID node,
    boolean referencesHeld,
    long transfer,
    FetchResult answer)
    implements Serializable {
  private static final long serialVersionUID = 5L;

  /**
   * The largest value a receipt carries, in bytes: a receipt is read whole from the batch's RMI stream, so larger
   * values go by fetch, over a data connection in chunks.
   */
  public static final int MAX_ANSWER_BYTES = 64 * 1024;

  /** A receipt that answers no call. */
  public BatchReceipt(
      boolean storeUnderPressure, UUID node, boolean referencesHeld, long transfer) {
    this(storeUnderPressure, node, referencesHeld, transfer, null);
  }
}
