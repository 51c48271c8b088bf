package org.gridrmi.client.internal;

import java.lang.reflect.Proxy;
import java.time.Duration;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.NodeStats;

/** Makes the proxies behind {@code grid.plain} and {@code grid.async}. */
public final class Views {
  private Views() {}

  public static <A> A async(Session session, ServerInfo server, Class<A> view, Duration deadline) {
    Class<?> service = ViewMethods.serviceOf(view);
    session
        .runtime()
        .policy()
        .allowSignaturesOf(service); // the client reads this service's results too
    return view.cast(Proxy.newProxyInstance(
        view.getClassLoader(),
        new Class<?>[] {view},
        new AsyncHandler(session, session.channel(server), service, deadline)));
  }

  /** A view whose calls are placed one by one ({@code CallOptions.auto()}) among {@code candidates}. */
  public static <A> A auto(
      Session session,
      Class<A> view,
      Duration deadline,
      java.util.function.Supplier<java.util.List<ServerInfo>> candidates) {
    Class<?> service = ViewMethods.serviceOf(view);
    session.runtime().policy().allowSignaturesOf(service);
    session.placement().activate(session::servers);
    return view.cast(Proxy.newProxyInstance(
        view.getClassLoader(),
        new Class<?>[] {view},
        new AutoHandler(session, service, deadline, candidates)));
  }

  /**
   * The placement policy behind a view made with {@code CallOptions.auto()}, for benchmarks that compare its
   * predictions with other placements.
   *
   * @throws GridException INVALID_ARGUMENT for any other object
   */
  public static AutoPlacement placementOf(Object autoView) {
    if (autoView instanceof Proxy
        && Proxy.getInvocationHandler(autoView) instanceof AutoHandler h) {
      return h.placement();
    }
    throw new GridException(
        Status.INVALID_ARGUMENT, autoView + " is not a view made with CallOptions.auto()");
  }

  /** Why the call that made {@code ref} went where it did (see {@code Grid.explain}). */
  public static org.gridrmi.client.Placement explain(
      Session session, org.gridrmi.ref.RemoteReference<?> ref, java.util.List<ServerInfo> servers) {
    java.util.Map<String, String> names = new java.util.HashMap<>();
    servers.forEach(s -> names.put(s.address(), s.name()));
    return session.placement().explain(ref, names);
  }

  public static <S> S plain(
      Session session, ServerInfo server, Class<S> service, Duration deadline) {
    if (!service.isInterface()) {
      throw new GridException(Status.INVALID_ARGUMENT, service.getName() + " is not an interface");
    }
    session.runtime().policy().allowSignaturesOf(service);
    return service.cast(Proxy.newProxyInstance(
        service.getClassLoader(),
        new Class<?>[] {service},
        new PlainHandler(session, session.channel(server), service, deadline)));
  }

  public static Class<?> serviceOf(Class<?> view) {
    return ViewMethods.serviceOf(view);
  }

  public static NodeStats stats(Session session, ServerInfo server) {
    try {
      return session.runtime().node(server.address()).stats();
    } catch (GridException e) {
      throw new GridException(e.status(), "server " + server.name() + ": " + e.description(), e);
    }
  }
}
