package org.gridrmi.runtime.transport;

import java.util.UUID;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.Requester;
import org.gridrmi.runtime.wire.ValueIds;

/**
 * A node as it serves other nodes, whatever carries the calls ({@link Transport}): the operations of
 * {@link NodeProtocol} (its values on every node and, on a server, async batches and plain calls), plus what a
 * transport's own paths ask of it (a data connection streams a fetched value). Who called is {@link Caller#current()}
 * during each method.
 */
public interface NodeService extends NodeProtocol<RuntimeException> {
  /**
   * As {@link #fetch}, but a value that is ready is not serialized yet: the caller streams it (a data connection),
   * and a failure to encode it is the caller's to report ({@link #notSendable}).
   */
  default FetchResult fetchForStream(
      UUID id, long waitMillis, Requester requester, boolean announced, String trace) {
    return fetch(id, waitMillis, requester, announced, trace);
  }

  /** The message for value {@code id} that failed to encode with {@code e} on its way out of this node. */
  default String notSendable(UUID id, Exception e) {
    return "value " + ValueIds.shortForm(id) + " cannot be sent: " + e
        + " (a value that leaves its node must be Serializable or have a ValueCodec)";
  }
}
