package org.gridrmi.client.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.NodeRuntime;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.wire.NodeInfo;

/** Servers given by address: each is asked once for its name and services. */
public final class StaticDirectory implements Directory {
  private final List<ServerInfo> servers;

  public StaticDirectory(List<String> addresses, NodeRuntime runtime) {
    List<ServerInfo> list = new ArrayList<>();
    for (String a : addresses) list.add(ask(a, runtime));
    this.servers = List.copyOf(list);
  }

  private static ServerInfo ask(String address, NodeRuntime runtime) {
    NodeClient node = runtime.node(address);
    NodeInfo info = node.info();
    List<String> services = node.services();
    if (services.isEmpty()) {
      throw new GridException(
          Status.INVALID_ARGUMENT, address + " is a GridRMI client's node, not a server");
    }
    return new ServerInfo(info.name(), address, services, Map.of());
  }

  @Override
  public List<ServerInfo> servers() {
    return servers;
  }

  @Override
  public String describe() {
    return "addresses " + servers.stream().map(ServerInfo::address).toList();
  }
}
