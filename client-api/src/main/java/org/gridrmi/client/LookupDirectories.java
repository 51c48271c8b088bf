package org.gridrmi.client;

import java.net.URI;
import java.util.List;
import java.util.function.Consumer;
import org.gridrmi.client.internal.Directory;
import org.gridrmi.lookup.LookupDirectory;
import org.gridrmi.lookup.ServerRecord;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/** Directories backed by a Jini lookup service: servers come and go as their registrations do. */
final class LookupDirectories {
  private LookupDirectories() {}

  static Directory unicast(String url) {
    try {
      return new Adapter(LookupDirectory.unicast(URI.create(url), Grid.discoveryTimeout()), "lookup service " + url);
    } catch (IllegalArgumentException e) {
      throw new GridException(Status.INVALID_ARGUMENT, e.getMessage(), e);
    }
  }

  static Directory multicast(String... groups) {
    return new Adapter(LookupDirectory.multicast(Grid.discoveryTimeout(), groups),
        "lookup services of groups " + (groups.length == 0 ? "(all)" : List.of(groups)));
  }

  private record Adapter(LookupDirectory lookup, String describe) implements Directory {
    @Override
    public List<ServerInfo> servers() {
      return lookup.servers().stream().map(Adapter::info).toList();
    }

    private static ServerInfo info(ServerRecord r) {
      return new ServerInfo(r.name(), r.endpoint(), r.services(), r.attributes());
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
