package org.gridrmi.client.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.Fetcher;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.telemetry.ClientCall;
import org.gridrmi.runtime.wire.CodedValue;
import org.gridrmi.runtime.wire.MethodKeys;
import org.gridrmi.runtime.wire.PlainResult;
import org.gridrmi.runtime.wire.ReadRefs;

/**
 * Plain RMI, the baseline: a synchronous call that sends its arguments and returns its result by value with
 * Java's default serialization, as the paper's Fig. 8 does. It may run as long as the method does, unless the view
 * has a deadline; a server that does not answer by then is UNAVAILABLE, a stream a filter refused keeps its status.
 */
final class PlainHandler implements InvocationHandler {
  private final Session session;
  private final ServerChannel channel;
  private final Class<?> service;
  private final Duration deadline;

  PlainHandler(Session session, ServerChannel channel, Class<?> service, Duration deadline) {
    this.session = session;
    this.channel = channel;
    this.service = service;
    this.deadline = deadline;
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) {
    if (method.getDeclaringClass() == Object.class)
      return ObjectMethods.handle(proxy, method, args, this);
    String site = MethodKeys.label(service, method) + " on " + channel.server().name();
    if (session.closed()) throw new GridException(Status.CANCELLED, site + ": the Grid is closed");
    String key = MethodKeys.of(method);
    ClientCall trace = session
        .runtime()
        .telemetry()
        .clientCall(
            service.getName(),
            key,
            MethodKeys.label(service, method),
            channel.server().address());
    PlainResult r;
    try {
      // references inside the result are read as this Grid's, and held by it
      ReadRefs.Read<PlainResult> read = ReadRefs.collect(() -> session
          .runtime()
          .readingValues(() -> channel
              .node()
              .within(deadline == null ? 0 : deadline.toNanos())
              .invokePlain(
                  service.getName(),
                  key,
                  args == null ? new Object[0] : CodedValue.wrapAll(args),
                  trace == null ? null : trace.headers())));
      r = read.result();
      // the server keeps them pinned until this Grid holds them
      Fetcher.acknowledge(session.runtime(), channel.server().address(), r.transfer(), read.refs());
    } catch (GridException e) {
      GridException failed = new GridException(
          e.status(),
          site + " (" + channel.server().address() + ") failed: " + e.description(),
          e,
          List.of(site));
      if (trace != null) trace.end(failed);
      throw failed;
    }
    if (r.failure() == null) {
      if (trace != null) trace.end(null);
      return r.value();
    }
    GridException failed =
        SerialPolicy.using(session.runtime().policy(), () -> r.failure().toException());
    if (trace != null) trace.end(failed);
    throw failed;
  }

  @Override
  public String toString() {
    return "plain " + service.getSimpleName() + " on " + channel.server().name();
  }
}
