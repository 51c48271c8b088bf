package org.gridrmi.client.internal;

import java.lang.reflect.Proxy;
import java.time.Duration;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.wire.NodeStats;

/** Makes the proxies behind {@code grid.plain} and {@code grid.async}. */
public final class Views {
  private Views() {}

  public static <A> A async(Session session, ServerInfo server, Class<A> view, Duration deadline) {
    Class<?> service = ViewMethods.serviceOf(view);
    session.runtime().policy().allowSignaturesOf(service); // the client reads this service's results too
    return view.cast(Proxy.newProxyInstance(view.getClassLoader(), new Class<?>[] {view},
        new AsyncHandler(session, session.channel(server), service, deadline)));
  }

  public static <S> S plain(Session session, ServerInfo server, Class<S> service, Duration deadline) {
    if (!service.isInterface()) {
      throw new GridException(Status.INVALID_ARGUMENT, service.getName() + " is not an interface");
    }
    session.runtime().policy().allowSignaturesOf(service);
    return service.cast(Proxy.newProxyInstance(service.getClassLoader(), new Class<?>[] {service},
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
