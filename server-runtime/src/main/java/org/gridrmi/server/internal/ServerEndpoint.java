package org.gridrmi.server.internal;

import java.util.List;
import java.util.UUID;
import org.gridrmi.ref.internal.LocalNode;
import org.gridrmi.ref.internal.StoreEndpoint;
import org.gridrmi.ref.internal.wire.CallGateway;
import org.gridrmi.ref.internal.wire.Command;
import org.gridrmi.ref.internal.wire.Failure;
import org.gridrmi.ref.internal.wire.PlainResult;

/** A server's remote face: its value store plus the call gateway for async batches and plain calls. */
public final class ServerEndpoint extends StoreEndpoint implements CallGateway {
  private final ServiceRegistry services;
  private final DataflowExecutor executor;
  private final java.util.concurrent.atomic.AtomicLong batches = new java.util.concurrent.atomic.AtomicLong();

  public ServerEndpoint(LocalNode node, ServiceRegistry services, DataflowExecutor executor) {
    super(node);
    this.services = services;
    this.executor = executor;
  }

  @Override
  public void submit(UUID holder, List<Command> commands) {
    batches.incrementAndGet();
    node.table().renew(holder);
    for (Command c : commands) {
      if (c instanceof Command.Replica r) {
        executor.replica(holder, r);
      } else if (c instanceof Command.Call call) {
        executor.submit(holder, call);
      }
    }
  }

  @Override
  public PlainResult invokePlain(String service, String method, Object[] args) {
    String site = service.substring(service.lastIndexOf('.') + 1) + "." + method.substring(0, method.indexOf('('))
        + " on " + node.name();
    try {
      return new PlainResult(Invocation.invoke(services.find(service, method, node.name()), args), null);
    } catch (Throwable t) {
      return new PlainResult(null, Failure.from(t, site));
    }
  }

  @Override
  public List<String> services() {
    return services.names();
  }

  @Override
  protected long callsRun() {
    return executor.callsRun();
  }

  @Override
  protected long batchesReceived() {
    return batches.get();
  }
}
