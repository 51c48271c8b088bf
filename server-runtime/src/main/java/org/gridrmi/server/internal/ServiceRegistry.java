package org.gridrmi.server.internal;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.wire.MethodKeys;

/** The services a server exports: interface name to implementation and its methods by wire key. */
public final class ServiceRegistry {
  private final Map<String, Exported> services = new ConcurrentHashMap<>();
  private final SerialPolicy policy;

  /** @param policy the server's filter, which learns the classes of every exported signature */
  public ServiceRegistry(SerialPolicy policy) {
    this.policy = policy;
  }

  /** One exported method, ready to invoke. */
  public record Target(Object impl, Method method, String label) {}

  private record Exported(Object impl, Map<String, Method> methods) {}

  /**
   * Exports {@code impl} as {@code iface}, replacing an earlier implementation of it; the policy learns the classes
   * of its signatures.
   *
   * @throws GridException INVALID_ARGUMENT if {@code iface} is not an interface or {@code impl} does not implement it
   */
  public <S> void export(Class<S> iface, S impl) {
    if (!iface.isInterface()) {
      throw new GridException(
          Status.INVALID_ARGUMENT, iface.getName() + " is not an interface: export interfaces");
    }
    if (!iface.isInstance(impl)) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          impl.getClass().getName() + " does not implement " + iface.getName());
    }
    Map<String, Method> methods = new TreeMap<>();
    for (Method m : iface.getMethods()) {
      if (Modifier.isStatic(m.getModifiers())) continue;
      m.setAccessible(true);
      methods.put(MethodKeys.of(m), m);
    }
    services.put(iface.getName(), new Exported(impl, methods));
    policy.allowSignaturesOf(iface); // its parameter and result classes may now be deserialized
  }

  /**
   * The method to run.
   *
   * @throws GridException NOT_FOUND naming what this server does export
   */
  public Target find(String service, String methodKey, String serverName) {
    Exported e = services.get(service);
    if (e == null) {
      throw new GridException(
          Status.NOT_FOUND,
          "server " + serverName + " exports no service " + service + "; it exports " + names());
    }
    Method m = e.methods().get(methodKey);
    if (m == null) {
      throw new GridException(
          Status.NOT_FOUND,
          "service " + service + " on " + serverName + " has no method " + methodKey
              + " (client and server versions differ?)");
    }
    return new Target(e.impl(), m, m.getDeclaringClass().getSimpleName() + "." + m.getName());
  }

  /** The exported interfaces' names, sorted. */
  public List<String> names() {
    return List.copyOf(new TreeMap<>(services).keySet());
  }
}
