package org.gridrmi.runtime.internal.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;
import org.gridrmi.runtime.transport.NodeProtocol;

/**
 * The remote face of a node over RMI: the node protocol itself, each operation throwing {@link RemoteException} as RMI
 * requires. Used by the RMI transport (an exported {@link RmiEndpoint}, stubs called by {@link RmiNodeClient}) and by
 * the proxies Jini clients get ({@link GatewayProxy}).
 */
public interface CallGateway extends NodeProtocol<RemoteException>, Remote {
  /** The name under which every node binds itself in the RMI registry on its port. */
  String BINDING = "gridrmi.node";
}
