package org.gridrmi.client.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.MethodKeys;
import org.gridrmi.runtime.wire.Ref;

/**
 * An async view whose calls are placed one by one ({@code CallOptions.auto()}): each call goes to the server the
 * Grid's {@link AutoPlacement} chooses for it, through that server's ordinary async handler, so batching, deadlines,
 * lineage and failures are those of any async call.
 */
final class AutoHandler implements InvocationHandler {
  private final Session session;
  private final Class<?> service;
  private final Duration deadline;
  private final Supplier<List<ServerInfo>> candidates;
  private final Map<String, AsyncHandler> perServer = new ConcurrentHashMap<>();
  private final Map<Method, Target> targets = new ConcurrentHashMap<>();

  private record Target(String label, Parameter[] params) {}

  /** @param candidates the servers offering the service now, lowest reported load first */
  AutoHandler(
      Session session, Class<?> service, Duration deadline, Supplier<List<ServerInfo>> candidates) {
    this.session = session;
    this.service = service;
    this.deadline = deadline;
    this.candidates = candidates;
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) {
    if (method.getDeclaringClass() == Object.class)
      return ObjectMethods.handle(proxy, method, args, this);
    Target t = targets.computeIfAbsent(
        method,
        m -> new Target(
            MethodKeys.label(service, ViewMethods.serviceMethod(service, m)), m.getParameters()));
    if (session.closed())
      throw new GridException(Status.CANCELLED, t.label() + ": the Grid is closed");
    List<ServerInfo> offering = candidates.get();
    if (offering.isEmpty()) {
      throw new GridException(
          Status.UNAVAILABLE, t.label() + ": no server offers " + service.getName() + " now");
    }
    for (ServerInfo s : offering)
      session.channel(s).composing(); // a batch lingering there waits for this call
    AutoPlacement policy = session.placement();
    AutoPlacement.Placed p =
        policy.place(t.label(), t.params(), args == null ? new Object[0] : args, offering);
    ServerInfo server = offering.stream()
        .filter(s -> s.address().equals(p.choice().chosen()))
        .findFirst()
        .orElseThrow();
    Object ref = perServer
        .computeIfAbsent(
            server.address(),
            a -> new AsyncHandler(session, session.channel(server), service, deadline))
        .invoke(proxy, method, args);
    if (ref instanceof Ref<?> r) policy.made(r.id(), p);
    return ref;
  }

  AutoPlacement placement() {
    return session.placement();
  }

  @Override
  public String toString() {
    return "async " + service.getSimpleName() + ", each call placed by the model";
  }
}
