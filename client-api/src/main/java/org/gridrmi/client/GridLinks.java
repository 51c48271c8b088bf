package org.gridrmi.client;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.gridrmi.client.internal.Session;
import org.gridrmi.ref.GridException;

/**
 * The links of a Grid as its nodes learned them ({@link Grid#links()}): this Grid's own links to the servers it
 * talked to, and, through {@link #probe()}, every server's links to the others. Each server's estimates are also in
 * its {@link ServerStats#links()}. Estimates come from traffic; where there is none yet, {@link #probe()} measures.
 */
public final class GridLinks {
  private static final System.Logger LOG = System.getLogger(GridLinks.class.getName());
  private final Session session;
  private final Supplier<List<ServerInfo>> servers;

  GridLinks(Session session, Supplier<List<ServerInfo>> servers) {
    this.session = session;
    this.servers = servers;
  }

  /** This Grid's estimates of its links to each node it made round trips to (batches, fetches, probes). */
  public List<LinkEstimate> own() {
    return LinkEstimate.of(session.runtime().transport().linkCosts().estimates());
  }

  /**
   * Calibrates every link of this Grid: its own to each server, and each server's to the others, each by a few small
   * fetches and one of 256 KB (a probe value the peer makes, stored nowhere), then returns each server's estimates by
   * its name. Blocks, one server after the other; each server's probes are bounded by the call timeout per server
   * probed. A server that fails to answer is left out of the result, and logged (INFO) with the reason.
   *
   * @return per server name, its estimates of its links (to the other servers, and to any node it talked to)
   */
  public Map<String, List<LinkEstimate>> probe() {
    List<ServerInfo> all = servers.get();
    List<String> addresses = all.stream().map(ServerInfo::address).toList();
    long bound =
        session.runtime().settings().timeouts().call().toNanos() * Math.max(1, addresses.size());
    Map<String, List<LinkEstimate>> out = new LinkedHashMap<>();
    for (ServerInfo s : all) {
      try {
        session.introduce(s); // it probes only the servers a Grid introduced to it
        session.runtime().node(s.address()).probeLink(null);
        out.put(
            s.name(),
            LinkEstimate.of(
                session.runtime().node(s.address()).within(bound).probeLinks(addresses)));
      } catch (GridException e) { // left out: the caller sees which servers answered
        LOG.log(
            System.Logger.Level.INFO,
            "GridRMI could not probe the links of server " + s.name() + ": " + e.getMessage());
      }
    }
    return out;
  }
}
