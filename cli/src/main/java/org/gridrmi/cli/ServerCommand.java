package org.gridrmi.cli;

import java.lang.reflect.Constructor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.gridrmi.cli.ledger.ExecutionLedger;
import org.gridrmi.cli.telemetry.TelemetrySetup;
import org.gridrmi.ref.GridException;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.server.GridServer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gridrmi server}: runs one GridRMI server until the process is stopped, exporting the stock services
 * ({@link #SERVICES}) unless {@code --service} names others, with its spans and metrics going where the OTEL_*
 * settings say and, with {@code --metrics-port}, to Prometheus. Prints one line {@code GridRMI server NAME ready at
 * rmi://HOST:PORT} once it serves and, with {@code --lookup}, is registered there (scripts and tests wait for it;
 * a lookup service that does not answer within 5 s gets a warning line first), and one line when it stops. A
 * mistake in the options is one line naming the option and the expected form, with exit code 2. Services that keep a
 * ledger of the calls they run (the soak and chaos benchmarks' SoakOps) write it under {@code --ledger DIR}.
 */
@Command(
    name = "server",
    mixinStandardHelpOptions = true,
    description =
        "Run a GridRMI server (exports MatrixOps, Fig2Ops and MatmulWorker unless --service is given).")
public final class ServerCommand implements Callable<Integer> {
  /**
   * What the stock server exports unless {@code --service} is given, by name (the classes come with the launcher's
   * class path): MatrixOps over JAMA, and the examples' Fig2Ops and MatmulWorker.
   */
  public static final List<String> SERVICES = List.of(
      "org.gridrmi.jama.MatrixOps=org.gridrmi.jama.JamaMatrixOps",
      "org.gridrmi.examples.fig2.Fig2Ops=org.gridrmi.examples.fig2.Fig2OpsImpl",
      "org.gridrmi.examples.matmul.MatmulWorker=org.gridrmi.examples.matmul.MatmulWorkerImpl");
  /** How long the ready line waits for the lookup service before a warning says why it is late. */
  static final Duration REGISTRATION_WARNING = Duration.ofSeconds(5);

  @Option(names = "--name", description = "server name (default ${DEFAULT-VALUE})")
  String name = "S1";

  @Option(
      names = "--host",
      description = "address other JVMs use to reach this server (default ${DEFAULT-VALUE})")
  String host = System.getProperty("java.rmi.server.hostname", "127.0.0.1");

  @Option(names = "--port", description = "port, 0 for a free one (default ${DEFAULT-VALUE})")
  int port;

  @Option(names = "--threads", description = "compute threads (default: cores, at least 2)")
  Integer threads;

  @Option(
      names = "--lease",
      description =
          "how long a client's values outlive its last renewal, e.g. 60s (default ${DEFAULT-VALUE})",
      converter = DurationConverter.class)
  Duration lease = Duration.ofSeconds(60);

  @Option(
      names = "--link",
      description =
          "emulated link: loopback, lan, paper-wan or delay=21ms,bw=3MB/s; or a "
              + "matrix by node name, default=lan,S3=paper-wan,S3-S4=lan (NAME: every link of that server, A-B: one pair, "
              + "client: every Grid; the most specific wins; HOST:PORT=PROFILE|drop by address); give every JVM the same")
  String link;

  @Option(
      names = "--lookup",
      paramLabel = "jini://HOST:PORT",
      description = "register with this Jini lookup service")
  String lookup;

  @Option(
      names = "--peers",
      split = ",",
      paramLabel = "rmi://HOST:PORT",
      description =
          "nodes this server may fetch values from besides those it learns (nodes that call it, the servers "
              + "its clients' Grids name)")
  List<String> peers = new ArrayList<>();

  @Option(
      names = "--join-lease",
      description = "lease of the lookup registration, e.g. 10s (default ${DEFAULT-VALUE})",
      converter = DurationConverter.class)
  Duration joinLease = Duration.ofSeconds(10);

  @Option(
      names = "--allow",
      split = ",",
      paramLabel = "CLASS|PKG.*|PKG.**",
      description =
          "more classes GridRMI streams may carry (JDK value types, org.gridrmi and exported signatures "
              + "are always allowed)")
  List<String> allow = new ArrayList<>();

  @Option(
      names = "--allow-task",
      split = ",",
      paramLabel = "CLASS|PKG.*|PKG.**",
      description =
          "task classes execTask may run, besides org.gridrmi's own (never uploaded: they must be on "
              + "this server's class path)")
  List<String> allowTask = new ArrayList<>();

  @Mixin
  TlsOptions tls;

  @Option(
      names = "--bind",
      paramLabel = "ADDRESS",
      description = "listen on this address instead of --host "
          + "(0.0.0.0: every interface, for a host others know by an address it does not have)")
  String bind;

  @Option(
      names = "--call-timeout",
      description = "how long short remote calls may take before the peer counts as "
          + "stuck, e.g. 5s (default ${DEFAULT-VALUE})",
      converter = DurationConverter.class)
  Duration callTimeout = Duration.ofSeconds(5);

  @Option(
      names = "--max-queued-calls",
      description = "calls waiting for a compute thread before new ones are refused "
          + "with RESOURCE_EXHAUSTED (default ${DEFAULT-VALUE})")
  int maxQueuedCalls = 10_000;

  @Option(
      names = "--max-pending-per-client",
      description = "calls one client may have pending here before its new "
          + "ones are refused with RESOURCE_EXHAUSTED (default ${DEFAULT-VALUE})")
  int maxPendingPerClient = 10_000;

  @Option(
      names = "--max-pending-calls",
      description = "calls all clients together may have pending here before new "
          + "ones are refused with RESOURCE_EXHAUSTED (default ${DEFAULT-VALUE})")
  int maxPendingCalls = 100_000;

  @Option(
      names = "--max-known-peers",
      description =
          "peers this server learns from its callers at most (nodes that call it, the servers "
              + "its clients' Grids introduce), the least recently used forgotten first; --peers are never "
              + "forgotten (default ${DEFAULT-VALUE})")
  int maxKnownPeers = org.gridrmi.runtime.KnownPeers.MAX_LEARNED;

  @Option(
      names = "--max-data-connections",
      description =
          "data connections (value transfers to fetching nodes) this server serves at once, half "
              + "of them for one peer address; past it fetches are refused with RESOURCE_EXHAUSTED "
              + "(default ${DEFAULT-VALUE})")
  int maxDataConnections = org.gridrmi.runtime.Transports.MAX_DATA_CONNECTIONS;

  @Option(
      names = "--max-store",
      paramLabel = "SIZE",
      description = "bytes of values kept in memory before the least "
          + "recently used go to the spill directory, e.g. 512MB (default: half the heap)",
      converter = SizeConverter.class)
  Long maxStore;

  @Option(
      names = "--spill-dir",
      paramLabel = "DIR",
      description =
          "where values that do not fit in memory go (a "
              + "directory of this server's own is made inside and deleted on exit; default: the system's temporary directory)")
  java.nio.file.Path spillDir;

  @Option(
      names = "--max-spill",
      paramLabel = "SIZE",
      description = "bytes of values on disk, e.g. 10GB (default: 4 times "
          + "--max-store, at most half the free space of the spill directory's disk)",
      converter = SizeConverter.class)
  Long maxSpill;

  @Option(
      names = "--service",
      paramLabel = "INTERFACE=IMPLEMENTATION",
      description =
          "a @GridService interface and its implementation (public, no-argument constructor) to export")
  List<String> services = new ArrayList<>();

  @Option(
      names = "--classpath",
      paramLabel = "JAR[:JAR...]",
      description =
          "jars (or class directories) with the services' classes, separated by the path separator "
              + "(':', ';' on Windows); loaded in a class loader of their own")
  String classpath;

  @Option(
      names = "--ledger",
      paramLabel = "DIR",
      description =
          "directory where services that keep a ledger of the "
              + "calls they run (the soak and chaos benchmarks' SoakOps) append it, one file per server process")
  Path ledgerDir;

  @Option(
      names = "--compute-scale",
      paramLabel = "F",
      description =
          "emulate a machine F times slower: every call of "
              + "its services sleeps F - 1 times its own run time after it (default ${DEFAULT-VALUE}: as fast as it is)")
  double computeScale = 1;

  @Mixin
  TelemetryOptions telemetry;

  private ExecutionLedger ledger;

  @Override
  public Integer call() throws Exception {
    try (TelemetrySetup t = telemetry.start("gridrmi-server", name, bind != null ? bind : host)) {
      return serve();
    }
  }

  private int serve() throws Exception {
    checkOptions();
    GridServer.Builder b = builder();
    ClassLoader loader = ServiceSpecs.loader(classpath, ServerCommand.class.getClassLoader());
    for (String s : services.isEmpty() ? SERVICES : services) {
      export(b, ServiceSpecs.load(s, loader, this::newService));
    }
    useForUserClasses(loader);
    GridServer server = start(b);
    Runtime.getRuntime()
        .addShutdownHook(new Thread(
            () -> {
              server.close();
              System.out.println(server.stoppedLine());
              System.out.flush();
            },
            "gridrmi-server-shutdown"));
    if (!server.awaitRegistered(REGISTRATION_WARNING)) {
      System.out.println("GridRMI server " + name + " WARNING: the lookup service at " + lookup
          + " does not answer"
          + " after " + REGISTRATION_WARNING.toSeconds() + " s; serving at " + server.address()
          + " meanwhile and"
          + " registering as soon as it answers");
      System.out.flush();
      while (!server.awaitRegistered(Duration.ofDays(1))) {
        if (server.isTerminated()) return 0;
      }
    }
    // which codec a value uses is visible from the start (docs/performance.md, "Which codec a value
    // uses")
    System.out.println(
        "GridRMI server " + name + " " + org.gridrmi.runtime.serial.Codecs.describe());
    System.out.println("GridRMI server " + name + " " + ServerHeap.describe());
    System.out.println("GridRMI server " + name + " ready at " + server.address() + " exporting "
        + server.services() + (lookup == null ? "" : ", registered with " + lookup) + " over "
        + server.describeTransport());
    System.out.flush();
    server.awaitTermination();
    return 0;
  }

  /**
   * The server's builder with these options. The builder refuses a bad value at once (GridException
   * INVALID_ARGUMENT naming it): here a configuration mistake, one line with exit code 2, as every other.
   */
  private GridServer.Builder builder() {
    GridServer.Builder b = GridServer.builder()
        .name(name)
        .host(host)
        .port(port)
        .lease(lease)
        .callTimeout(callTimeout)
        .maxQueuedCalls(maxQueuedCalls)
        .maxPendingCallsPerClient(maxPendingPerClient)
        .maxPendingCalls(maxPendingCalls)
        .maxKnownPeers(maxKnownPeers)
        .maxDataConnections(maxDataConnections)
        .allow(allow.toArray(String[]::new))
        .allowTasks(allowTask.toArray(String[]::new));
    tls.applyTo(b);
    if (link != null) b.link(link);
    if (!peers.isEmpty()) b.peers(peers.toArray(String[]::new));
    if (bind != null) b.bind(bind);
    if (threads != null) b.threads(threads);
    if (maxStore != null) b.maxStore(maxStore);
    if (spillDir != null) b.spillDir(spillDir);
    if (maxSpill != null) b.maxSpill(maxSpill);
    if (lookup != null) b.join(lookup, joinLease);
    return b;
  }

  /** Options a newcomer gets wrong, each refused in one line naming the option and the expected form. */
  private void checkOptions() {
    if (link != null) {
      try {
        LinkPlan.parse(link);
      } catch (IllegalArgumentException e) {
        String m =
            e.getMessage(); // "bad link plan 'SPEC': WHAT; expected ...": WHAT names the bad part
        String what = m.contains("': ")
            ? m.substring(m.indexOf("': ") + 3).replaceFirst(";? ?expected .*", "")
            : m;
        throw CommandRunner.badOption(
            "--link",
            link,
            what,
            "loopback, lan, paper-wan, delay=21ms,bw=3MB/s, or "
                + "default=PROFILE,NAME=PROFILE,A-B=PROFILE,HOST:PORT=PROFILE|drop,...",
            e);
      }
    }
    try {
      java.net.InetAddress.getByName(host);
    } catch (java.net.UnknownHostException e) {
      throw CommandRunner.badOption(
          "--host",
          host,
          "cannot be resolved",
          "a host name or address of this machine that the other JVMs can reach, such as 127.0.0.1",
          e);
    }
    if (port < 0 || port > 65535) {
      throw CommandRunner.badOption("--port", port, "out of range", "0 (a free port) to 65535");
    }
    if (lookup != null) {
      try {
        org.gridrmi.lookup.JiniUrls.parse(lookup);
      } catch (IllegalArgumentException e) {
        throw CommandRunner.badOption(
            "--lookup", lookup, "not a lookup address", "jini://HOST:PORT", e);
      }
    }
  }

  private GridServer start(GridServer.Builder b) {
    try {
      return b.start();
    } catch (GridException e) {
      if (causedBy(e, java.net.BindException.class)) {
        throw CommandRunner.badOption(
            "--port", port, "already in use on " + host, "a free port, or 0 for any", e);
      }
      throw e;
    }
  }

  private static boolean causedBy(Throwable t, Class<? extends Throwable> type) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (type.isInstance(c)) return true;
    }
    return false;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void export(GridServer.Builder b, ServiceSpecs.Service s) {
    b.export((Class) s.iface(), s.impl());
  }

  /**
   * Makes the object that serves one {@code --service}, once its classes were found and checked (in the users'
   * {@code --classpath} as well): by its public no-argument constructor, or for a service whose constructor takes an
   * {@link ExecutionLedger}, with this process's ledger (so such settings are options of this command, never JVM-wide
   * properties); slowed down by {@code --compute-scale}.
   */
  private Object newService(Class<?> implementation) throws ReflectiveOperationException {
    if (!(computeScale >= 1) || Double.isInfinite(computeScale)) {
      throw CommandRunner.badOption(
          "--compute-scale",
          String.valueOf(computeScale),
          "is not a factor",
          "a number >= 1, such as 3");
    }
    return ComputeScale.wrap(unscaled(implementation), computeScale);
  }

  private Object unscaled(Class<?> implementation) throws ReflectiveOperationException {
    Constructor<?> withLedger;
    try {
      withLedger = implementation.getConstructor(ExecutionLedger.class);
    } catch (NoSuchMethodException e) {
      return implementation.getConstructor().newInstance();
    }
    if (ledgerDir == null) {
      throw CommandRunner.badOption(
          "--service",
          implementation.getName(),
          "keeps a ledger of the calls it runs",
          "--ledger DIR as well");
    }
    if (ledger == null) ledger = ExecutionLedger.open(ledgerDir, name);
    return withLedger.newInstance(ledger);
  }

  /**
   * Makes {@code loader} the one that resolves the users' classes in calls: RMI resolves the classes of a call's
   * arguments with the context class loader of the thread that exported the server (this one), GridRMI's own
   * streams fall back to the context loader of the thread reading them (threads inherit it from this one), and
   * value codecs listed in the users' jars are registered.
   */
  private static void useForUserClasses(ClassLoader loader) {
    Thread.currentThread().setContextClassLoader(loader);
    org.gridrmi.runtime.serial.Codecs.addFrom(loader);
  }

  /** Parses 60s, 500ms, 2m. */
  public static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String v) {
      String s = v.trim().toLowerCase(java.util.Locale.ROOT);
      try {
        if (s.endsWith("ms"))
          return Duration.ofMillis(Long.parseLong(s.substring(0, s.length() - 2).trim()));
        if (s.endsWith("s"))
          return Duration.ofMillis(
              Math.round(Double.parseDouble(s.substring(0, s.length() - 1)) * 1000));
        if (s.endsWith("m"))
          return Duration.ofMinutes(
              Long.parseLong(s.substring(0, s.length() - 1).trim()));
      } catch (NumberFormatException e) {
        // fall through to the error below
      }
      throw new CommandLine.TypeConversionException(
          "'" + v + "' is not a duration: expected e.g. 500ms, 60s or 2m");
    }
  }

  /** A size option: {@code 512MB}, {@code 2GB}, {@code 1GiB} or bytes; at least one byte. */
  public static final class SizeConverter implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String v) {
      try {
        long n = org.gridrmi.perf.UnitScales.parseBytes(v);
        if (n < 1) {
          throw new IllegalArgumentException("'" + v + "' is not a positive size; expected "
              + org.gridrmi.perf.UnitScales.SIZE_FORM);
        }
        return n;
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  /** The server on its own, as the demo, the benchmarks and the tests start it in a JVM of its own. */
  public static void main(String[] args) {
    System.exit(CommandRunner.execute(new ServerCommand(), args));
  }
}
