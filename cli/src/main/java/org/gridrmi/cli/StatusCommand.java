package org.gridrmi.cli;

import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.gridrmi.lookup.LookupAttributes;
import org.gridrmi.lookup.LookupDirectory;
import org.gridrmi.lookup.ServerRecord;
import org.gridrmi.ref.GridException;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.NetContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gridrmi status --lookup jini://HOST:PORT [--csv] [--stats] [--watch]}: every server registered with a lookup
 * service, as the lookup service sees it (one line each, sorted by name); {@code --watch} refreshes a table of their
 * activity ({@link StatusWatch}). Exit 0 with the list
 * (possibly empty: a header only); exit 2 with one line on stderr naming the address if the
 * address is malformed or the lookup service cannot be reached within {@code --timeout}.
 */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = "List the GridRMI servers registered with a Jini lookup service.")
public final class StatusCommand implements Callable<Integer> {
  /** The CSV's columns, read by name by scripts (the cluster script's test does); STATS_COLUMNS share the first two. */
  static final List<String> COLUMNS =
      List.of("name", "address", "services", "host", "cores", "freeMemory", "load", "version");

  @Spec
  CommandSpec spec;

  @picocli.CommandLine.Mixin
  org.gridrmi.cli.TlsOptions tls;

  @Option(
      names = "--lookup",
      required = true,
      paramLabel = "jini://HOST:PORT",
      description = "the lookup service")
  String lookup;

  @Option(
      names = "--csv",
      description =
          "print CSV (columns: " + "name,address,services,host,cores,freeMemory,load,version)")
  boolean csv;

  @Option(
      names = "--stats",
      description =
          "also ask each server for its store: values held, bytes in memory and "
              + "spilled against their budgets, borrowers, values held by reference, releases by cause (explicit, collected, "
              + "lapsed); then, per server, its links as it learned them (t_s, t_w per peer) and its compute time per method")
  boolean stats;

  @Option(
      names = "--probe",
      description = "with --stats: first calibrate every link (each server's to the others, a "
          + "few small fetches and one of 256 KB each) where no traffic taught it yet")
  boolean probe;

  @Option(
      names = "--watch",
      description =
          "refresh a table of every server in place: calls per second, p50/p99, "
              + "calls queued, values pending and held, store in memory and spilled, bytes per second per peer")
  boolean watch;

  @Option(
      names = "--interval",
      description = "with --watch: how often (default ${DEFAULT-VALUE})",
      converter = ServerCommand.DurationConverter.class)
  Duration interval = Duration.ofSeconds(2);

  @Option(
      names = "--count",
      description = "with --watch: stop after this many tables (default: until Ctrl-C)")
  int count;

  @Option(
      names = "--timeout",
      description = "how long to try to reach the lookup service (default ${DEFAULT-VALUE})",
      converter = ServerCommand.DurationConverter.class)
  Duration timeout = Duration.ofSeconds(10);

  @Option(
      names = "--classpath",
      paramLabel = "JAR[:JAR...]",
      description =
          "jars with the interfaces of users' services (servers run them with --classpath): like any Jini "
              + "client, status sees a service only if it can load its interface")
  String classpath;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    org.gridrmi.ref.TlsStores stores = tls.stores();
    if (classpath != null) { // River reads the registered proxies with the context class loader
      Thread.currentThread()
          .setContextClassLoader(
              org.gridrmi.cli.ServiceSpecs.loader(classpath, StatusCommand.class.getClassLoader()));
    }
    URI uri;
    try {
      uri = new URI(lookup);
    } catch (URISyntaxException e) {
      err.println(
          "gridrmi status: --lookup '" + lookup + "': malformed; expected jini://HOST:PORT");
      err.flush();
      return 2;
    }
    List<ServerRecord> servers;
    String unloadable;
    try (NetContext net = new NetContext(
            stores,
            tls.secret("gridrmi status"),
            LinkPlan.NONE,
            (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()),
            null);
        LookupDirectory dir = LookupDirectory.unicast(uri, timeout, net)) {
      servers = dir.servers();
      unloadable = LookupDirectory.describeUnloadable(dir.unloadable());
    } catch (IllegalArgumentException e) {
      err.println("gridrmi status: --lookup: " + oneLine(e));
      err.flush();
      return 2;
    } catch (GridException e) {
      err.println("gridrmi status: "
          + (e.status() == org.gridrmi.ref.Status.UNAVAILABLE
              ? "cannot reach the lookup " + "service at " + lookup + " within "
                  + timeout.toMillis() + " ms: "
              : "")
          + oneLine(e.description()));
      err.flush();
      return 2;
    }
    if (watch) return watch(out, err, stores);
    if (stats) return printStats(out, err, stores);
    if (csv) {
      out.println(String.join(",", COLUMNS));
      for (ServerRecord s : servers) {
        out.println(
            String.join(",", row(s).stream().map(StatusCommand::csvField).toList()));
      }
    } else {
      out.printf("%d server(s) registered with %s%n", servers.size(), lookup);
      out.printf(
          "%-10s %-26s %-16s %5s %12s %6s %-15s  %s%n",
          "NAME", "ADDRESS", "HOST", "CORES", "FREE MEMORY", "LOAD", "VERSION", "SERVICES");
      for (ServerRecord s : servers) {
        List<String> r = row(s);
        out.printf(
            "%-10s %-26s %-16s %5s %12s %6s %-15s  %s%n",
            r.get(0), r.get(1), r.get(3), r.get(4), memory(r.get(5)), r.get(6), r.get(7), r.get(2));
      }
    }
    if (!unloadable.isEmpty()) { // on stderr with --csv, which must stay a table
      (csv ? err : out)
          .println(unloadable + "; add --classpath with their jars"
              + (classpath == null ? "" : " (those given do not hold them)"));
    }
    out.flush();
    err.flush();
    return 0;
  }

  static final List<String> STATS_COLUMNS = List.of(
      "name",
      "address",
      "values",
      "pending",
      "memoryBytes",
      "maxMemoryBytes",
      "spilledBytes",
      "maxSpillBytes",
      "borrowers",
      "heldByReference",
      "releasedExplicit",
      "releasedCollected",
      "releasedLapsed",
      "heapUsedBytes");

  /** Each server's own counters, asked of it through a Grid (the lookup service does not have them). */
  private int printStats(PrintWriter out, PrintWriter err, org.gridrmi.ref.TlsStores stores) {
    org.gridrmi.client.Grid.Builder b =
        tls.applyTo(org.gridrmi.client.Grid.builder().lookup(lookup).discoveryTimeout(timeout));
    try (org.gridrmi.client.Grid grid = b.build()) {
      List<org.gridrmi.client.ServerInfo> servers = grid.servers().stream()
          .sorted(java.util.Comparator.comparing(org.gridrmi.client.ServerInfo::name))
          .toList();
      if (probe) grid.links().probe();
      java.util.Map<org.gridrmi.client.ServerInfo, org.gridrmi.client.ServerStats> all =
          new java.util.HashMap<>();
      if (csv) out.println(String.join(",", STATS_COLUMNS));
      else
        out.printf(
            "%-10s %7s %7s %21s %21s %9s %8s  %s%n",
            "NAME",
            "VALUES",
            "PENDING",
            "IN MEMORY / BUDGET",
            "SPILLED / BUDGET",
            "BORROWERS",
            "BY-REF",
            "RELEASED explicit/collected/lapsed");
      for (org.gridrmi.client.ServerInfo s : servers) {
        org.gridrmi.client.ServerStats st = grid.stats(s);
        all.put(s, st);
        org.gridrmi.client.ServerStats.Store m = st.store();
        if (csv) {
          out.println(String.join(
              ",",
              List.of(
                  s.name(),
                  s.address(),
                  "" + st.values(),
                  "" + st.pending(),
                  "" + m.memoryBytes(),
                  "" + m.maxMemoryBytes(),
                  "" + m.spilledBytes(),
                  "" + m.maxSpillBytes(),
                  "" + m.borrowers(),
                  "" + m.heldByReference(),
                  "" + m.releases().explicit(),
                  "" + m.releases().collected(),
                  "" + m.releases().lapsed(),
                  "" + st.heapUsedBytes())));
        } else {
          out.printf(
              "%-10s %7d %7d %21s %21s %9d %8d  %d/%d/%d%n",
              s.name(),
              st.values(),
              st.pending(),
              mb(m.memoryBytes()) + " / " + mb(m.maxMemoryBytes()),
              mb(m.spilledBytes()) + " / " + mb(m.maxSpillBytes()),
              m.borrowers(),
              m.heldByReference(),
              m.releases().explicit(),
              m.releases().collected(),
              m.releases().lapsed());
        }
      }
      if (!csv) LinkTable.print(out, servers, all);
    } catch (GridException e) {
      err.println("gridrmi status: " + oneLine(e.description()));
      err.flush();
      return 2;
    }
    out.flush();
    return 0;
  }

  /** {@code --watch}: the table of {@link StatusWatch}, refreshed in place on a terminal. */
  private int watch(PrintWriter out, PrintWriter err, org.gridrmi.ref.TlsStores stores) {
    if (interval.isNegative() || interval.isZero()) {
      throw org.gridrmi.cli.CommandRunner.badOption(
          "--interval", interval, "not positive", "e.g. 2s or 500ms");
    }
    org.gridrmi.client.Grid.Builder b =
        tls.applyTo(org.gridrmi.client.Grid.builder().lookup(lookup).discoveryTimeout(timeout));
    try (org.gridrmi.client.Grid grid = b.build()) {
      new StatusWatch(grid, out, interval, System.console() != null).run(count, lookup);
    } catch (GridException e) {
      err.println("gridrmi status: " + oneLine(e.description()));
      err.flush();
      return 2;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return 0;
  }

  private static String mb(long bytes) {
    return String.format(java.util.Locale.ROOT, "%.1f MB", bytes / 1e6);
  }

  static List<String> row(ServerRecord s) {
    return List.of(
        s.name(),
        s.address(),
        String.join(" ", s.services()),
        attr(s, LookupAttributes.HOST),
        attr(s, LookupAttributes.CORES),
        attr(s, LookupAttributes.FREE_MEMORY),
        attr(s, LookupAttributes.LOAD),
        attr(s, LookupAttributes.VERSION));
  }

  private static String attr(ServerRecord s, String key) {
    String v = s.attribute(key);
    return v == null ? "" : v;
  }

  private static String memory(String bytes) {
    try {
      return String.format("%.1f MB", Long.parseLong(bytes) / 1e6);
    } catch (NumberFormatException e) {
      return bytes;
    }
  }

  private static String csvField(String v) {
    return v.contains(",") || v.contains("\"") ? "\"" + v.replace("\"", "\"\"") + "\"" : v;
  }

  private static String oneLine(Exception e) {
    return oneLine(e.getMessage() == null ? e.toString() : e.getMessage());
  }

  private static String oneLine(String m) {
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
