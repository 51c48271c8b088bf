package org.gridrmi.client.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.perf.LinkCost;
import org.gridrmi.perf.placement.CostSnapshot;
import org.gridrmi.ref.GridException;
import org.gridrmi.runtime.cost.MethodCost;
import org.gridrmi.runtime.wire.NodeStats;

/**
 * Keeps an automatic placement's estimates fresh, in the background: every {@link #PERIOD_MILLIS} ms it reads each
 * server's stats (what it learned of its links, its compute time per method, its queue; one bounded call per server,
 * on the Grid's I/O pool, never two refreshes at once) and this Grid's own link estimates, and hands the policy a new
 * {@link CostSnapshot}. A server that does not answer keeps its last estimates until it does. The link carrying
 * values from P to S is what S learned of P (S fetches from P), else what P learned of S; a t_w not known yet (every
 * sample the same size) is taken as the largest t_w known.
 */
final class CostRefresher {
  static final long PERIOD_MILLIS = 1000;
  private final Session session;
  private final AutoPlacement policy;
  private final Supplier<List<ServerInfo>> servers;
  private final AtomicBoolean running = new AtomicBoolean();
  private final Map<String, NodeStats> last = new HashMap<>();
  /** Per server and method: calls and their total time at the last read, and the recent mean (see {@link #recent}). */
  private final Map<String, double[]> recent = new HashMap<>();

  private ScheduledFuture<?> task;

  CostRefresher(Session session, AutoPlacement policy, Supplier<List<ServerInfo>> servers) {
    this.session = session;
    this.policy = policy;
    this.servers = servers;
  }

  /** Starts refreshing (the first refresh at once). Idempotent. */
  synchronized void start() {
    if (task != null) return;
    task = session
        .runtime()
        .timer()
        .scheduleWithFixedDelay(this::kick, 0, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
  }

  private void kick() {
    if (session.closed()) {
      synchronized (this) {
        if (task != null) task.cancel(false);
      }
      return;
    }
    if (!running.compareAndSet(false, true)) return;
    try {
      session.runtime().io().execute(() -> {
        try {
          refreshNow();
        } finally {
          running.set(false);
        }
      });
    } catch (GridException closingOrFull) {
      running.set(false);
    }
  }

  /** Reads every server's stats now (each bounded by the call timeout) and replaces the policy's estimates. */
  void refreshNow() {
    List<ServerInfo> all = servers.get();
    for (ServerInfo s : all) {
      try {
        NodeStats st = session.runtime().node(s.address()).stats();
        synchronized (last) {
          last.put(s.address(), st);
        }
      } catch (GridException e) {
        // keeps its last estimates; the policy leaves out servers the Grid lost
      }
    }
    policy.use(snapshot(all));
  }

  private synchronized CostSnapshot snapshot(List<ServerInfo> all) {
    CostSnapshot.Builder b = CostSnapshot.builder();
    List<org.gridrmi.runtime.cost.PeerLinkEstimate> mine =
        session.runtime().transport().linkCosts().estimates();
    double maxTw = 0;
    Map<String, NodeStats> stats;
    synchronized (last) {
      stats = new HashMap<>(last);
    }
    for (NodeStats st : stats.values()) {
      for (var l : st.links())
        if (l.knowsBandwidth()) maxTw = Math.max(maxTw, l.cost().tw());
    }
    for (var l : mine) if (l.knowsBandwidth()) maxTw = Math.max(maxTw, l.cost().tw());
    // what a node learned of a peer is the link of values from that peer to it; the reverse only
    // where unknown
    Map<String, LinkCost> links = new HashMap<>();
    List<String[]> reverse = new ArrayList<>();
    String client = policy.clientAddress();
    for (var l : mine) {
      LinkCost c = cost(l, maxTw);
      links.put(l.peer() + " " + client, c);
      links.put(client + " " + l.peer(), c); // the batches this Grid sends it
    }
    for (ServerInfo s : all) {
      NodeStats st = stats.get(s.address());
      if (st == null) continue;
      for (var l : st.links()) {
        links.put(l.peer() + " " + s.address(), cost(l, maxTw));
        reverse.add(new String[] {s.address(), l.peer()});
      }
      double work = 0;
      long calls = 0;
      for (MethodCost m : st.methods()) {
        b.compute(s.address(), m.method(), recent(s.address(), m));
        work += m.meanSeconds() * m.calls();
        calls += m.calls();
      }
      int threads = threads(s);
      b.threads(s.address(), threads);
      if (calls > 0) b.backlog(s.address(), st.activity().queued() * (work / calls) / threads);
    }
    policy.resultSizes().perMethod().forEach(b::resultBytes);
    for (String[] r : reverse) links.putIfAbsent(r[0] + " " + r[1], links.get(r[1] + " " + r[0]));
    links.forEach((k, v) -> {
      int sp = k.indexOf(' ');
      b.link(k.substring(0, sp), k.substring(sp + 1), v);
    });
    return b.build();
  }

  /**
   * A method's recent compute time on a server: the mean of the calls since the previous read, smoothed (half the
   * weight to the newest); the server's mean over all its calls until there are two reads. A server's own mean counts
   * every call since it started, the first ones too, which ran interpreted code up to ten times slower.
   */
  private double recent(String server, MethodCost m) {
    double sum = m.meanSeconds() * m.calls();
    double[] r = recent.computeIfAbsent(
        server + " " + m.method(), k -> new double[] {m.calls(), sum, m.meanSeconds()});
    if (m.calls() > r[0]) {
      double window = (sum - r[1]) / (m.calls() - r[0]);
      r[2] = window >= 0
          ? (r[2] + window) / 2
          : m.meanSeconds(); // a restarted server counts from zero again
    } else if (m.calls() < r[0]) {
      r[2] = m.meanSeconds();
    }
    r[0] = m.calls();
    r[1] = sum;
    return r[2];
  }

  /** A learned link's cost, with the slowest t_w learned where its own is not known yet. */
  private static LinkCost cost(org.gridrmi.runtime.cost.PeerLinkEstimate l, double maxTw) {
    return l.knowsBandwidth() ? l.cost() : new LinkCost(l.cost().ts(), maxTw);
  }

  /** A server's compute threads: its cores as it registered them, at least 2 (the server's default). */
  private static int threads(ServerInfo s) {
    try {
      return Math.max(
          CostSnapshot.DEFAULT_THREADS,
          Integer.parseInt(s.attributes().getOrDefault("cores", "2")));
    } catch (NumberFormatException e) {
      return CostSnapshot.DEFAULT_THREADS;
    }
  }
}
