package org.gridrmi.runtime.transport;

import java.io.IOException;
import java.util.UUID;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.Requester;
import org.gridrmi.runtime.wire.ValueIds;
import org.gridrmi.runtime.wire.WrittenRefs;

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

  /**
   * A new id for the transfer of a fetched value a data connection is about to stream (see {@link #streaming}); 0 if
   * this node pins the references inside values for a time only.
   */
  default long newTransfer() {
    return 0;
  }

  /**
   * Runs {@code write}, which streams a fetched value as transfer {@code transfer} ({@link #newTransfer}) to
   * {@code requester} (the fetch's, or null): the references written inside it stay pinned here until the receiver
   * acknowledges the transfer ({@link #transferred}), its life is known gone, or one lease.
   */
  default void streaming(long transfer, Requester requester, WrittenRefs.Write write)
      throws IOException {
    write.run();
  }

  /** The message for value {@code id} that failed to encode with {@code e} on its way out of this node. */
  default String notSendable(UUID id, Exception e) {
    return "value " + ValueIds.shortForm(id) + " cannot be sent: " + e
        + " (a value that leaves its node must be Serializable or have a ValueCodec)";
  }
}
