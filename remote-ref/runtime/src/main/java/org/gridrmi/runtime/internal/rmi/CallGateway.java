package org.gridrmi.runtime.internal.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.List;
import java.util.UUID;
import org.gridrmi.runtime.wire.BatchReceipt;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.Introduction;
import org.gridrmi.runtime.wire.NodeInfo;
import org.gridrmi.runtime.wire.NodeStats;
import org.gridrmi.runtime.wire.PlainResult;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.Requester;

/**
 * The remote face of a node over RMI: its values (every node) and, on a server, async batches and plain calls.
 * Used only by the RMI transport; the node behind it is a {@link org.gridrmi.runtime.transport.NodeService}.
 */
public interface CallGateway extends Remote {
  /** The name under which every node binds itself in the RMI registry on its port. */
  String BINDING = "gridrmi.node";

  NodeInfo info() throws RemoteException;

  /** As {@link org.gridrmi.runtime.transport.NodeService#fetch}; {@code trace}: the fetch's trace context. */
  FetchResult fetch(UUID id, long waitMillis, Requester requester, boolean announced, String trace)
      throws RemoteException;

  void hold(UUID holder, List<UUID> ids) throws RemoteException;

  void abandon(Requester requester, List<UUID> ids) throws RemoteException;

  boolean vouches(String owner, UUID key) throws RemoteException;

  void release(UUID holder, List<Release> releases) throws RemoteException;

  long renew(UUID holder) throws RemoteException;

  boolean cancel(UUID holder, UUID id) throws RemoteException;

  NodeStats stats() throws RemoteException;

  /**
   * Accepts commands in order and returns once they are registered, before any runs. A command whose result id is
   * already known is ignored, so a batch may be sent again safely. Failures of single commands are stored as their
   * values, never thrown.
   */
  BatchReceipt submit(UUID holder, Introduction introduction, List<Command> commands) throws RemoteException;

  /**
   * Plain RMI: runs the method now and returns its result by value, with Java's default serialization.
   *
   * @param trace the client's trace context for the call, or null
   */
  PlainResult invokePlain(String service, String method, Object[] args, String trace) throws RemoteException;

  List<String> services() throws RemoteException;

  /** See {@link org.gridrmi.runtime.transport.NodeService#probeLinks}. */
  List<org.gridrmi.runtime.cost.PeerLinkEstimate> probeLinks(List<String> peers) throws RemoteException;
}
