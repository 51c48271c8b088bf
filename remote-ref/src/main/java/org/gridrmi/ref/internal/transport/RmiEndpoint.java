package org.gridrmi.ref.internal.transport;

import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.gridrmi.ref.internal.net.PeerIdentity;
import org.gridrmi.ref.internal.wire.CallGateway;
import org.gridrmi.ref.internal.wire.BatchReceipt;
import org.gridrmi.ref.internal.wire.Command;
import org.gridrmi.ref.internal.wire.Release;
import org.gridrmi.ref.internal.wire.Introduction;
import org.gridrmi.ref.internal.wire.FetchResult;
import org.gridrmi.ref.internal.wire.NodeInfo;
import org.gridrmi.ref.internal.wire.NodeStats;
import org.gridrmi.ref.internal.wire.PlainResult;

/** The exported RMI object of a node: each call runs on its {@link NodeService} with the {@link Caller} set. */
final class RmiEndpoint implements CallGateway {
  private final NodeService service;
  private final java.util.UUID dataTicket;

  /** @param dataTicket what this node's data connections ask of a peer: handed out by {@link #info()} */
  RmiEndpoint(NodeService service, java.util.UUID dataTicket) {
    this.service = service;
    this.dataTicket = dataTicket;
  }

  private static <T> T serve(Supplier<T> call) {
    String host;
    try {
      host = RemoteServer.getClientHost();
    } catch (ServerNotActiveException e) {
      host = "local";
    }
    return Caller.serving(new Caller(host, PeerIdentity.current()), call);
  }

  @Override public NodeInfo info() { return serve(() -> service.info().withDataTicket(dataTicket)); }

  @Override
  public FetchResult fetch(UUID id, long waitMillis, String requester, boolean announced, String trace) {
    return serve(() -> service.fetch(id, waitMillis, requester, announced, trace));
  }

  @Override
  public void hold(UUID holder, List<UUID> ids) {
    serve(() -> {
      service.hold(holder, ids);
      return null;
    });
  }

  @Override
  public void abandon(String requester, List<UUID> ids) {
    serve(() -> {
      service.abandon(requester, ids);
      return null;
    });
  }

  @Override
  public void release(UUID holder, List<Release> releases) {
    serve(() -> {
      service.release(holder, releases);
      return null;
    });
  }

  @Override public long renew(UUID holder) { return serve(() -> service.renew(holder)); }
  @Override public boolean cancel(UUID holder, UUID id) { return serve(() -> service.cancel(holder, id)); }
  @Override public NodeStats stats() { return serve(service::stats); }

  @Override
  public BatchReceipt submit(UUID holder, Introduction introduction, List<Command> commands) {
    return serve(() -> service.submit(holder, introduction, commands));
  }

  @Override
  public PlainResult invokePlain(String serviceName, String method, Object[] args, String trace) {
    return serve(() -> service.invokePlain(serviceName, method, args, trace));
  }

  @Override public List<String> services() { return serve(service::services); }

  @Override
  public List<org.gridrmi.ref.internal.cost.LinkCost> probeLinks(List<String> peers) {
    return serve(() -> service.probeLinks(peers));
  }
}
