package org.gridrmi.client.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.rmi.RemoteException;
import java.util.List;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.MethodKeys;
import org.gridrmi.ref.internal.Stubs;
import org.gridrmi.ref.internal.wire.PlainResult;

/**
 * Plain RMI, the baseline: a synchronous call that sends its arguments and returns its result by value with
 * Java's default serialization, as the paper's Fig. 8 does.
 */
final class PlainHandler implements InvocationHandler {
  private final Session session;
  private final ServerChannel channel;
  private final Class<?> service;

  PlainHandler(Session session, ServerChannel channel, Class<?> service) {
    this.session = session;
    this.channel = channel;
    this.service = service;
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) {
    if (method.getDeclaringClass() == Object.class) return ObjectMethods.handle(proxy, method, args, this);
    String site = MethodKeys.label(service, method) + " on " + channel.server().name();
    if (session.closed()) throw new GridException(Status.CANCELLED, site + ": the Grid is closed");
    PlainResult r;
    try {
      r = channel.gateway().invokePlain(service.getName(), MethodKeys.of(method), args == null ? new Object[0] : args);
    } catch (RemoteException e) {
      Stubs.forget(channel.server().address());
      throw new GridException(Status.UNAVAILABLE, site + " (" + channel.server().address() + ") failed: "
          + Stubs.rootMessage(e), e, List.of(site));
    }
    if (r.failure() != null) throw r.failure().toException();
    return r.value();
  }

  @Override public String toString() { return "plain " + service.getSimpleName() + " on " + channel.server().name(); }
}
