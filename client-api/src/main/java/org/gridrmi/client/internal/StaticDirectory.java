package org.gridrmi.client.internal;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.Stubs;
import org.gridrmi.ref.internal.wire.CallGateway;
import org.gridrmi.ref.internal.wire.NodeInfo;
import org.gridrmi.ref.internal.wire.ValueStore;

/** Servers given by {@code rmi://host:port} addresses, asked once for their name and services. */
public final class StaticDirectory implements Directory {
  private final List<ServerInfo> servers;

  public StaticDirectory(List<String> addresses) {
    List<ServerInfo> list = new ArrayList<>();
    for (String a : addresses) list.add(ask(a));
    this.servers = List.copyOf(list);
  }

  private static ServerInfo ask(String address) {
    ValueStore node = Stubs.node(address);
    if (!(node instanceof CallGateway gateway)) {
      throw new GridException(Status.INVALID_ARGUMENT, address + " is a GridRMI client node, not a server");
    }
    try {
      NodeInfo info = gateway.info();
      return new ServerInfo(info.name(), address, gateway.services(), Map.of());
    } catch (RemoteException e) {
      Stubs.forget(address);
      throw new GridException(Status.UNAVAILABLE, "server at " + address + " does not answer: " + Stubs.rootMessage(e), e);
    }
  }

  @Override public List<ServerInfo> servers() { return servers; }
  @Override public String describe() { return "addresses " + servers.stream().map(ServerInfo::address).toList(); }
}
