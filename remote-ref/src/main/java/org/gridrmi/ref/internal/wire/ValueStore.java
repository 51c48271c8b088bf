package org.gridrmi.ref.internal.wire;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.List;
import java.util.UUID;

/**
 * The remote face of one JVM's values: exported once per JVM, bound as {@link #BINDING} in the registry on the
 * node's port. Every method returns quickly except {@link #fetch}, which long-polls for at most its wait.
 */
public interface ValueStore extends Remote {
  String BINDING = "gridrmi.node";

  /** Who this node is. */
  NodeInfo info() throws RemoteException;

  /**
   * The value with this id once it exists, waiting at most {@code waitMillis} for it.
   *
   * @param requester who asks, for messages and accounting (a node address)
   * @param announced the asker made the value's call and the batch carrying it has not been acknowledged yet: an
   *     id not known here is waited for (within {@code waitMillis}, then PENDING) instead of being NOT_FOUND
   */
  FetchResult fetch(UUID id, long waitMillis, String requester, boolean announced) throws RemoteException;

  /** {@code holder} no longer needs these values; each is freed once no holder is left. */
  void release(UUID holder, List<UUID> ids) throws RemoteException;

  /**
   * Keeps every value held by {@code holder} alive for one more lease period.
   *
   * @return the lease granted, in milliseconds (renew well before it lapses)
   */
  long renew(UUID holder) throws RemoteException;

  /** Cancels the computation of a value; false if it was already set. */
  boolean cancel(UUID id) throws RemoteException;

  /** Counters for tests, benchmarks and the cluster status. */
  NodeStats stats() throws RemoteException;
}
