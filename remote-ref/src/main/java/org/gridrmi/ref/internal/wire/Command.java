package org.gridrmi.ref.internal.wire;

import java.io.Serializable;
import java.util.UUID;

/** One entry of a batch sent to a server. */
public sealed interface Command extends Serializable permits Command.Replica, Command.Call {

  /** The id of the value this command makes on the server. */
  UUID valueId();

  /** A copy of a value the client owns, pushed ahead of the calls that take it, so no fetch is needed. */
  record Replica(UUID owner, UUID valueId, WireValue value) implements Command {}

  /**
   * An async call.
   *
   * @param valueId the id of its result, chosen by the client so that it can pipeline
   * @param service the service interface name
   * @param method the method key, {@code name(type,type)}
   * @param args per parameter: a reference, or a {@link SerializedValue} for a by-value argument
   * @param deadlineMillis epoch millis after which it fails with DEADLINE_EXCEEDED, or 0 for none
   * @param label the call as users read it, such as {@code MatrixOps.svd}
   */
  record Call(UUID valueId, String service, String method, Object[] args, long deadlineMillis, String label)
      implements Command {}
}
