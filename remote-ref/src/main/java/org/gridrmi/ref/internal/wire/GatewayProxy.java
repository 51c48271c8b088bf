package org.gridrmi.ref.internal.wire;

import java.io.Serializable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.rmi.RemoteException;
import java.util.List;
import java.util.Objects;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.MethodKeys;

/**
 * The smart proxy a server registers with the Jini lookup service for each service it exports: it implements the
 * service interface itself, so a plain Jini client finds it by type ({@code new ServiceTemplate(null, new Class[]
 * {MatrixOps.class}, null)}) and calls it like a local object. Each call is a plain GridRMI call through the
 * server's gateway (arguments and result by value, Java serialization, the paper's baseline); a failure is a
 * {@link GridException}. It is made of the interface, JDK classes and this module's classes only, so a client
 * needs nothing else on its class path (no code is ever downloaded).
 */
public final class GatewayProxy implements InvocationHandler, Serializable {
  private static final long serialVersionUID = 1L;
  private final Class<?> service;
  private final CallGateway gateway;
  private final String server;

  private GatewayProxy(Class<?> service, CallGateway gateway, String server) {
    this.service = service;
    this.gateway = gateway;
    this.server = server;
  }

  /** A proxy implementing {@code service} whose calls run on the server behind {@code gateway}. */
  public static <S> S of(Class<S> service, CallGateway gateway, String serverName) {
    if (!service.isInterface()) {
      throw new GridException(Status.INVALID_ARGUMENT, service.getName() + " is not an interface");
    }
    return service.cast(Proxy.newProxyInstance(service.getClassLoader(), new Class<?>[] {service},
        new GatewayProxy(service, Objects.requireNonNull(gateway, "gateway"), serverName)));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) {
    if (method.getDeclaringClass() == Object.class) return objectMethod(proxy, method, args);
    String site = MethodKeys.label(service, method) + " on " + server;
    PlainResult r;
    try {
      r = gateway.invokePlain(service.getName(), MethodKeys.of(method), args == null ? new Object[0] : args);
    } catch (RemoteException e) {
      Throwable root = e;
      while (root.getCause() != null && root.getCause() != root) root = root.getCause();
      throw new GridException(Status.UNAVAILABLE, site + " failed: " + root, e, List.of(site));
    }
    if (r.failure() != null) throw r.failure().toException();
    return r.value();
  }

  private Object objectMethod(Object proxy, Method method, Object[] args) {
    switch (method.getName()) {
      case "equals": {
        Object other = args[0];
        return other != null && Proxy.isProxyClass(other.getClass())
            && Proxy.getInvocationHandler(other) instanceof GatewayProxy g
            && g.service.equals(service) && g.gateway.equals(gateway);
      }
      case "hashCode":
        return service.getName().hashCode() * 31 + gateway.hashCode();
      default:
        return service.getSimpleName() + " on " + server + " (GridRMI, plain calls)";
    }
  }
}
