package org.gridrmi.runtime.internal.rmi;

import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.net.GridSocketFactory;
import org.gridrmi.runtime.serial.JvmFilter;
import org.gridrmi.runtime.transport.NodeProtocol;

/**
 * The remote face of a node over RMI: the node protocol itself, each operation throwing {@link RemoteException} as RMI
 * requires. Used by the RMI transport (an exported {@link RmiEndpoint}, stubs called by {@link RmiNodeClient}) and by
 * the proxies Jini clients get ({@link GatewayProxy}).
 */
public interface CallGateway extends NodeProtocol<RemoteException>, Remote {
  /**
   * The name under which every node binds itself in the RMI registry on its port: as a {@link GatewayHandle}, its stub
   * as bytes, which {@link #lookup} checks before making the stub.
   */
  String BINDING = "gridrmi.node";

  /**
   * The stub of the node whose registry answers at {@code host}:{@code port}, looked up through {@code factory}'s
   * sockets, if it points there with the TLS setting of {@code factory}. A stub in the registry's reply itself is
   * refused before it is read, and the node's stub is made only after the check: making a stub registers it with RMI's
   * distributed GC, which connects to the address it names.
   *
   * @throws GridException PERMISSION_DENIED if the registry hands out anything that points elsewhere or is not a
   *     GridRMI node's stub; UNAVAILABLE if no GridRMI node is bound there
   * @throws RemoteException if the registry could not be reached or its reply read
   */
  static CallGateway lookup(String host, int port, GridSocketFactory factory)
      throws RemoteException {
    String address = "rmi://" + host + ":" + port;
    Registry registry = LocateRegistry.getRegistry(host, port, factory);
    Object bound = JvmFilter.<Object, RemoteException>readingNodeReply(() -> {
      try {
        return registry.lookup(BINDING);
      } catch (NotBoundException e) {
        throw new GridException(
            Status.UNAVAILABLE, "the RMI registry at " + address + " has no GridRMI node", e);
      }
    });
    if (!(bound instanceof GatewayHandle handle)) {
      throw new GridException(
          Status.UNAVAILABLE,
          "what answers at " + address + " is not a GridRMI node (its registry binds a "
              + (bound == null ? "null" : bound.getClass().getName()) + " as " + BINDING + ")");
    }
    return handle.stub(host, port, factory.toString(), address);
  }
}
