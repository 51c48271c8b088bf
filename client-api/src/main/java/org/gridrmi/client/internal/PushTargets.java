package org.gridrmi.client.internal;

import java.util.ArrayList;
import java.util.List;
import org.gridrmi.runtime.wire.Command;

/**
 * The servers a queued call's value is to be pushed to ({@link Command.Call#pushTo}): those that later calls of the
 * client take it on. They may be added until the call's batch is taken ({@link #seal}); after that the value is
 * fetched as before. Thread-safe: callers add, the thread sending the batch seals.
 */
final class PushTargets {
  private final List<String> addresses = new ArrayList<>(1);
  private boolean sealed;

  /**
   * Adds {@code address} if the batch has not been taken yet and fewer than {@link Command.Call#MAX_PUSH_TARGETS}
   * are named.
   *
   * @return whether the value will be pushed there
   */
  synchronized boolean add(String address) {
    if (sealed) return false;
    if (addresses.contains(address)) return true;
    if (addresses.size() >= Command.Call.MAX_PUSH_TARGETS) return false;
    addresses.add(address);
    return true;
  }

  /** Ends the adding (the batch is taken) and returns the addresses named, in the order they were added. */
  synchronized List<String> seal() {
    sealed = true;
    return List.copyOf(addresses);
  }
}
