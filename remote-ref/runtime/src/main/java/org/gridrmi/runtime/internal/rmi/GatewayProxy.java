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
 *
 * <p>It holds the gateway's stub as bytes ({@link GatewayHandle}), not as a stub: whoever lists the lookup service
 * reads every registered proxy, and reading a stub makes the JVM's distributed GC connect to the address it names at
 * once; so GridRMI programs refuse a live stub in a registration, and this one makes its stub on the first call only,
 * after checking that it points at the server's address, through GridRMI's sockets with the server's TLS setting.
 */
public final class GatewayProxy implements InvocationHandler, Serializable {
  private static final long serialVersionUID = 1L;
  /** The interface by name: a Class would travel with its loader's codebase annotation (see PROXY_LOADERS). */
  private final String service;

  private final GatewayHandle handle;
  private final String server;
  /** The server's address, {@code rmi://host:port}: where the stub must point. */
  private final String address;
  /** The description of the sockets the stub must use ({@code GridSocketFactory[TLS]} or {@code [plain]}). */
  private final String sockets;

  private transient volatile CallGateway gateway;

  private GatewayProxy(
      String service, GatewayHandle handle, String server, String address, String sockets) {
    this.service = service;
    this.handle = handle;
    this.server = server;
    this.address = address;
    this.sockets = sockets;
  }

  /**
   * A proxy per service interface, by interface name, for a node's lookup registration; none if {@code stub} is not a
   * gateway (a node on another transport).
   *
   * @param address the node's address, {@code rmi://host:port}, where {@code stub} points
   * @param sockets the description of the socket factory {@code stub} uses ({@code GridSocketFactory[TLS, host]})
   */
  public static java.util.Map<String, Object> byType(
      java.util.List<Class<?>> services,
      java.rmi.Remote stub,
      String serverName,
      String address,
      String sockets) {
    java.util.Map<String, Object> proxies = new java.util.HashMap<>();
    if (stub instanceof CallGateway gateway) {
      GatewayHandle handle = GatewayHandle.of(gateway);
      for (Class<?> s : services) {
        proxies.put(s.getName(), of(s, handle, serverName, address, sockets));
      }
    }
    return proxies;
  }

  /** A proxy implementing {@code service} whose calls run on the server behind the stub {@code handle} holds. */
  private static Object of(
      Class<?> service, GatewayHandle handle, String serverName, String address, String sockets) {
    if (!service.isInterface()) {
      throw new GridException(Status.INVALID_ARGUMENT, service.getName() + " is not an interface");
    }
    return Proxy.newProxyInstance(
        PROXY_LOADERS.get(service),
        new Class<?>[] {service},
        new GatewayProxy(
            service.getName(),
            Objects.requireNonNull(handle, "handle"),
            serverName,
            address,
            sockets));
  }

  /** The stub, made on first use once it is checked to point at {@link #address} (see {@link GatewayHandle}). */
  private CallGateway gateway() {
    CallGateway g = gateway;
    if (g == null) {
      java.net.URI uri = java.net.URI.create(address);
      g = handle.stub(uri.getHost(), uri.getPort(), sockets, address);
      gateway = g;
    }
    return g;
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
      r = gateway()
          .invokePlain(
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
            && g.address.equals(address);
      }
      case "hashCode":
        return service.hashCode() * 31 + address.hashCode();
      default:
        return simpleName() + " on " + server + " (GridRMI, plain calls)";
    }
  }
}
