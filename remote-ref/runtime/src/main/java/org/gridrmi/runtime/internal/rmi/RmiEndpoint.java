package org.gridrmi.runtime.internal.rmi;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import java.util.UUID;
import org.gridrmi.runtime.net.PeerIdentity;
import org.gridrmi.runtime.transport.Caller;
import org.gridrmi.runtime.transport.NodeService;
import org.gridrmi.runtime.transport.Operation;
import org.gridrmi.runtime.wire.NodeInfo;

/**
 * The exported RMI object of a node: a proxy implementing {@link CallGateway} whose every operation runs on the node's
 * {@link NodeService} with the {@link Caller} set (RMI dispatches to an exported proxy as to any object, by the
 * remote interface's methods). The node's info carries the ticket of its data connections.
 */
final class RmiEndpoint implements InvocationHandler {
  private final NodeService service;
  private final UUID dataTicket;

  private RmiEndpoint(NodeService service, UUID dataTicket) {
    this.service = service;
    this.dataTicket = dataTicket;
  }

  /** @param dataTicket what this node's data connections ask of a peer: handed out by {@code info()} */
  static CallGateway of(NodeService service, UUID dataTicket) {
    return (CallGateway) Proxy.newProxyInstance(
        CallGateway.class.getClassLoader(),
        new Class<?>[] {CallGateway.class},
        new RmiEndpoint(service, dataTicket));
  }

  @Override
  public Object invoke(Object proxy, Method m, Object[] args) {
    Operation op = Operation.of(m);
    if (op == null) return objectMethod(proxy, m, args);
    String host;
    try {
      host = RemoteServer.getClientHost();
    } catch (ServerNotActiveException e) {
      host = "local";
    }
    Object result =
        Caller.serving(new Caller(host, PeerIdentity.current()), () -> op.serve(service, args));
    return result instanceof NodeInfo info ? info.withDataTicket(dataTicket) : result;
  }

  private Object objectMethod(Object proxy, Method m, Object[] args) {
    switch (m.getName()) {
      case "equals":
        return proxy == args[0];
      case "hashCode":
        return System.identityHashCode(proxy);
      case "toString":
        return "RMI endpoint of " + service;
      default:
        throw new UnsupportedOperationException(m.toString());
    }
  }
}
