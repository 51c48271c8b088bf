package org.gridrmi.runtime.internal.rmi;

import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.gridrmi.runtime.net.PeerIdentity;
import org.gridrmi.runtime.wire.BatchReceipt;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.Introduction;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.NodeInfo;
import org.gridrmi.runtime.wire.NodeStats;
import org.gridrmi.runtime.wire.PlainResult;
import org.gridrmi.runtime.wire.Requester;
import org.gridrmi.runtime.transport.NodeService;
import org.gridrmi.runtime.transport.Caller;

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
  public FetchResult fetch(UUID id, long waitMillis, Requester requester, boolean announced, String trace) {
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
  public void abandon(Requester requester, List<UUID> ids) {
    serve(() -> {
      service.abandon(requester, ids);
      return null;
    });
  }

  @Override public boolean vouches(String owner, UUID key) { return serve(() -> service.vouches(owner, key)); }

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
  public List<org.gridrmi.runtime.cost.LinkCost> probeLinks(List<String> peers) {
    return serve(() -> service.probeLinks(peers));
  }
}
