package org.gridrmi.client.internal;

import java.lang.reflect.Proxy;
import java.rmi.RemoteException;
import java.time.Duration;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.SerialFilters;
import org.gridrmi.ref.internal.Stubs;
import org.gridrmi.ref.internal.wire.NodeStats;

/** Makes the proxies behind {@code grid.plain} and {@code grid.async}. */
public final class Views {
  private Views() {}

  public static <A> A async(Session session, ServerInfo server, Class<A> view, Duration deadline) {
    Class<?> service = ViewMethods.serviceOf(view);
    SerialFilters.allowSignaturesOf(service); // the client reads this service's results too
    return view.cast(Proxy.newProxyInstance(view.getClassLoader(), new Class<?>[] {view},
        new AsyncHandler(session, session.channel(server), service, deadline)));
  }

  public static <S> S plain(Session session, ServerInfo server, Class<S> service) {
    if (!service.isInterface()) {
      throw new GridException(Status.INVALID_ARGUMENT, service.getName() + " is not an interface");
    }
    SerialFilters.allowSignaturesOf(service);
    return service.cast(Proxy.newProxyInstance(service.getClassLoader(), new Class<?>[] {service},
        new PlainHandler(session, session.channel(server), service)));
  }

  public static Class<?> serviceOf(Class<?> view) {
    return ViewMethods.serviceOf(view);
  }

  public static NodeStats stats(ServerInfo server) {
    try {
      return Stubs.node(server.address()).stats();
    } catch (RemoteException e) {
      Stubs.forget(server.address());
      throw new GridException(Status.UNAVAILABLE, "server " + server.name() + " (" + server.address()
          + ") does not answer: " + Stubs.rootMessage(e), e);
    }
  }
}
