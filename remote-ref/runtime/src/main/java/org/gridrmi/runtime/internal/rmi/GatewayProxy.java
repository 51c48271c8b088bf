package org.gridrmi.runtime.internal.rmi;

import java.io.Serializable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.rmi.RemoteException;
import java.util.List;
import java.util.Objects;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.MethodKeys;
import org.gridrmi.runtime.wire.PlainResult;

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
  /** The interface by name: a Class would travel with its loader's codebase annotation (see PROXY_LOADERS). */
  private final String service;

  private final CallGateway gateway;
  private final String server;

  private GatewayProxy(String service, CallGateway gateway, String server) {
    this.service = service;
    this.gateway = gateway;
    this.server = server;
  }

  /**
   * A proxy per service interface, by interface name, for a node's lookup registration; none if {@code stub} is not a
   * gateway (a node on another transport).
   */
  public static java.util.Map<String, Object> byType(
      java.util.List<Class<?>> services, java.rmi.Remote stub, String serverName) {
    java.util.Map<String, Object> proxies = new java.util.HashMap<>();
    if (stub instanceof CallGateway gateway) {
      for (Class<?> s : services) proxies.put(s.getName(), of(s, gateway, serverName));
    }
    return proxies;
  }

  /** A proxy implementing {@code service} whose calls run on the server behind {@code gateway}. */
  public static <S> S of(Class<S> service, CallGateway gateway, String serverName) {
    if (!service.isInterface()) {
      throw new GridException(Status.INVALID_ARGUMENT, service.getName() + " is not an interface");
    }
    return service.cast(Proxy.newProxyInstance(
        PROXY_LOADERS.get(service),
        new Class<?>[] {service},
        new GatewayProxy(
            service.getName(), Objects.requireNonNull(gateway, "gateway"), serverName)));
  }

  /**
   * Where a service's proxy class is defined: a loader that sees what the interface's loader sees but is no
   * {@code URLClassLoader}. RMI annotates a class defined by a {@code URLClassLoader} (a server's users' jars) with
   * that loader's URLs as its codebase, and a JDK 24+ client fails to load a proxy class from an annotated codebase
   * (SecurityException: "attempt to add a Permission to a readonly Permissions object"), even though it never
   * downloads code (River's class provider makes a class loader for the codebase first); a class of this loader
   * carries no codebase, so the client loads it from its own class path.
   */
  private static final ClassValue<ClassLoader> PROXY_LOADERS = new ClassValue<>() {
    @Override
    protected ClassLoader computeValue(Class<?> service) {
      ClassLoader loader = service.getClassLoader();
      return loader instanceof java.net.URLClassLoader
          ? new ClassLoader("gridrmi-proxies", loader) {}
          : loader;
    }
  };

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) {
    if (method.getDeclaringClass() == Object.class) return objectMethod(proxy, method, args);
    String site = simpleName() + "." + method.getName() + " on " + server;
    PlainResult r;
    try {
      r = gateway.invokePlain(
          service,
          MethodKeys.of(method),
          args == null ? new Object[0] : org.gridrmi.runtime.wire.CodedValue.wrapAll(args),
          null);
    } catch (RemoteException e) {
      Throwable root = e;
      while (root.getCause() != null && root.getCause() != root) root = root.getCause();
      throw new GridException(Status.UNAVAILABLE, site + " failed: " + root, e, List.of(site));
    }
    if (r.failure() != null) throw r.failure().toException();
    return r.value();
  }

  private String simpleName() {
    return service.substring(service.lastIndexOf('.') + 1);
  }

  private Object objectMethod(Object proxy, Method method, Object[] args) {
    switch (method.getName()) {
      case "equals": {
        Object other = args[0];
        return other != null
            && Proxy.isProxyClass(other.getClass())
            && Proxy.getInvocationHandler(other) instanceof GatewayProxy g
            && g.service.equals(service)
            && g.gateway.equals(gateway);
      }
      case "hashCode":
        return service.hashCode() * 31 + gateway.hashCode();
      default:
        return simpleName() + " on " + server + " (GridRMI, plain calls)";
    }
  }
}
