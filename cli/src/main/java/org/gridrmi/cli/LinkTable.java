package org.gridrmi.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.gridrmi.client.LinkEstimate;
import org.gridrmi.client.MethodTime;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.ServerStats;

/**
 * The part of {@code gridrmi status --stats} that shows what each server learned: its links (t_s, t_w per peer it
 * made round trips to, peers named as the lookup service lists them) and its compute time per method.
 */
final class LinkTable {
  private LinkTable() {}

  /** The lines for {@code stats} of every server, in the order given. */
  static void print(PrintWriter out, List<ServerInfo> servers, Map<ServerInfo, ServerStats> stats) {
    Map<String, String> names = servers.stream()
        .collect(Collectors.toMap(ServerInfo::address, ServerInfo::name, (a, b) -> a));
    out.printf(
        "%nLINKS (learned from each server's own round trips; t_s one way per message, t_w per byte)%n");
    out.printf("%-10s %-28s %10s %14s %8s%n", "FROM", "TO", "T_S", "T_W", "SAMPLES");
    for (ServerInfo s : servers) {
      for (LinkEstimate l : stats.get(s).links()) {
        out.printf(
            Locale.ROOT,
            "%-10s %-28s %10s %14s %8d%n",
            s.name(),
            names.getOrDefault(l.peer(), l.peer()),
            String.format(Locale.ROOT, "%.3f ms", l.ts() * 1e3),
            l.knowsBandwidth() ? String.format(Locale.ROOT, "%.2f us/KB", l.tw() * 1e9) : "unknown",
            l.samples());
      }
    }
    out.printf("%nMETHODS (compute time per call, learned from each server's own calls)%n");
    out.printf("%-10s %-34s %12s %8s%n", "SERVER", "METHOD", "MEAN", "CALLS");
    for (ServerInfo s : servers) {
      for (MethodTime m : stats.get(s).methods()) {
        out.printf(
            Locale.ROOT,
            "%-10s %-34s %9.3f ms %8d%n",
            s.name(),
            m.method(),
            m.meanSeconds() * 1e3,
            m.calls());
      }
    }
  }
}
