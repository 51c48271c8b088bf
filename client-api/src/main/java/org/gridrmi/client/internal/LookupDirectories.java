package org.gridrmi.client.internal;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.lookup.LookupDirectory;
import org.gridrmi.lookup.ServerRecord;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.NodeRuntime;
import org.gridrmi.runtime.net.NetContext;

/** Directories backed by a Jini lookup service: servers come and go as their registrations do. */
final class LookupDirectories {
  private LookupDirectories() {}

  static Directory unicast(String url, Duration timeout, NodeRuntime runtime) {
    try {
      return new Adapter(
          LookupDirectory.unicast(URI.create(url), timeout, net(runtime)), "lookup service " + url);
    } catch (IllegalArgumentException e) {
      throw new GridException(Status.INVALID_ARGUMENT, e.getMessage(), e);
    }
  }

  static Directory multicast(Duration timeout, NodeRuntime runtime, String... groups) {
    return new Adapter(
        LookupDirectory.multicast(timeout, net(runtime), groups),
        "lookup services of groups " + (groups.length == 0 ? "(all)" : List.of(groups)));
  }

  private static NetContext net(NodeRuntime runtime) {
    NetContext net = runtime.transport().netContext();
    if (net == null) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "a Grid on an in-process network cannot use a Jini lookup "
              + "service: give it the servers' inproc:// addresses");
    }
    return net;
  }

  private record Adapter(LookupDirectory lookup, String describe) implements Directory {
    @Override
    public List<ServerInfo> servers() {
      return lookup.servers().stream().map(Adapter::info).toList();
    }

    @Override
    public List<ServerInfo> unloadable() {
      return lookup.unloadable().stream().map(Adapter::info).toList();
    }

    @Override
    public String describeUnloadable() {
      return LookupDirectory.describeUnloadable(lookup.unloadable());
    }

    private static ServerInfo info(ServerRecord r) {
      return new ServerInfo(r.name(), r.address(), r.services(), r.attributes());
    }

    @Override
    public void onChange(Consumer<List<ServerInfo>> listener) {
      lookup.addListener((change, server) -> listener.accept(servers()));
    }

    @Override
    public void close() {
      lookup.close();
    }
  }
}
