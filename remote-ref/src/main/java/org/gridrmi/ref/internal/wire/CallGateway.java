package org.gridrmi.ref.internal.wire;

import java.rmi.RemoteException;
import java.util.List;
import java.util.UUID;

/**
 * The remote face of a server: takes batches of async commands (future-based calls return at once) and plain
 * synchronous calls. A server's node implements both this and {@link ValueStore}.
 */
public interface CallGateway extends ValueStore {
  /**
   * Accepts commands in order and returns once they are registered, before any runs. A command whose result id
   * is already known is ignored, so a batch may be sent again safely. Failures of single commands are stored as
   * their values, never thrown.
   *
   * @param holder the client that will hold the results (its lease keeps them alive)
   */
  void submit(UUID holder, List<Command> commands) throws RemoteException;

  /** Plain RMI: runs the method now and returns its result by value, with Java's default serialization. */
  PlainResult invokePlain(String service, String method, Object[] args) throws RemoteException;

  /** The service interfaces this server exports, by fully qualified name. */
  List<String> services() throws RemoteException;
}
