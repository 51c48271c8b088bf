package org.gridrmi.benchmarks;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import org.gridrmi.cli.GridOptions;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.fig2.Fig2OpsAsync;
import org.gridrmi.jama.Adjust;
import org.gridrmi.jama.MatrixOps;
import org.gridrmi.lookup.LookupRegistration;
import org.gridrmi.lookup.ServerRecord;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.Task;
import org.gridrmi.runtime.Transports;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.net.SharedPort;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.store.ValueTable;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.NodeProtocol;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.Introduction;
import org.gridrmi.runtime.wire.MethodKeys;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.runtime.wire.RefContexts;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.Requester;
import org.gridrmi.runtime.wire.SerializedValue;
import org.gridrmi.runtime.wire.ValueIds;
import org.gridrmi.runtime.wire.WireValue;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gridrmi bench hostile}: starts a lookup service and two stock servers in JVMs of their own, has a normal
 * client store values on both, then runs every attack of issue 27 and the earlier reviews, first as a raw peer
 * (sockets, RMI calls written byte by byte and a transport of its own, without the grid's secret), then as a client
 * of the Grid. For each: refused or not and with which status, the larger server's heap growth (used heap after a
 * full GC, read through the servers' stats), the time to refuse, and whether both servers still serve a normal
 * client. At the end the normal client reads back what it stored. Last line: {@code hostile: attacks=N refused=N
 * served_after=yes max_growth_mb=X lost=0}.
 */
@picocli.CommandLine.Command(
    name = "hostile",
    mixinStandardHelpOptions = true,
    description =
        "Hostile inputs: a lookup service and two server JVMs, then every known attack as a raw peer"
            + " without the secret and as a Grid client; per attack refused or not, status, heap growth, time to"
            + " refuse, served after. Last line: hostile: attacks=N refused=N served_after=yes max_growth_mb=X lost=0")
public final class HostileBench implements Callable<Integer> {
  @Mixin
  GridOptions options;

  @Option(
      names = "--quick",
      description = "a short run: the attacks without floods and stalls, for tests")
  boolean quick;

  @Option(
      names = "--only",
      description = "run only the attacks whose name contains this text (default: all)")
  String only;

  @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final Requester BENCH = new Requester("hostile-bench", null, null);

  private Grid normal;
  private String lookupAddress;
  private List<ServerJvm> servers;
  private List<ServerInfo> infos;
  private NodeClient raw1;
  private NodeClient raw2;
  private NodeClient strange1;
  private NetContext
      member; // sockets that prove the grid secret, for the attacks written byte by byte
  private final Random random = new Random(27);

  @Override
  public Integer call() throws Exception {
    try (LocalGrid local = new LocalGrid(out.resolve("hostile-logs"), options.serverArgs())) {
      ServerJvm lookup = local.startLookup();
      lookupAddress = lookup.address();
      List<String> join = List.of("--lookup", lookup.address());
      servers = List.of(local.startServer("S1", join), local.startServer("S2", join));
      try (Grid grid = options.grid().connect(lookup.address()).build();
          // a transport of the bench's own that holds the grid's secret (the filter and limit
          // attacks, as a
          // client of the Grid could send them byte by byte) and one without it (a stranger on the
          // network)
          Transport raw = Transports.rmi(
              null,
              options.tls.secret("gridrmi bench hostile"),
              LinkPlan.NONE,
              Timeouts.DEFAULT,
              "127.0.0.1",
              new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of()).filter(),
              Transports.MAX_DATA_CONNECTIONS);
          Transport stranger = Transports.rmi(
              null,
              null, // no secret
              LinkPlan.NONE,
              Timeouts.DEFAULT,
              "127.0.0.1",
              new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of()).filter(),
              Transports.MAX_DATA_CONNECTIONS);
          NetContext memberNet = new NetContext(
              null,
              options.tls.secret("gridrmi bench hostile"),
              LinkPlan.NONE,
              5_000,
              "127.0.0.1")) {
        normal = grid;
        member = memberNet;
        long until = System.nanoTime() + WAIT.toNanos();
        while (grid.servers().size() < 2 && System.nanoTime() < until) Thread.sleep(100);
        infos = List.of(grid.server("S1"), grid.server("S2"));
        raw1 = raw.client(servers.get(0).address());
        raw2 = raw.client(servers.get(1).address());
        strange1 = stranger.client(servers.get(0).address());
        List<Stored> stored = store();
        if (!served()) throw new IllegalStateException("the servers do not serve a normal client");
        System.out.printf(
            Locale.ROOT,
            "hostile: a lookup service and 2 server JVMs; a normal client stored %d values; %d attacks%n",
            stored.size(),
            attacks().size());
        System.out.println(HostileReport.header());
        List<HostileReport.Row> rows = new ArrayList<>();
        for (Attack a : attacks()) {
          if (only != null && !a.name().contains(only)) continue;
          HostileReport.Row r = run(a);
          rows.add(r);
          System.out.println(HostileReport.line(r));
        }
        int lost = lost(stored);
        HostileReport.write(rows, out);
        System.out.println(
            "wrote " + out.resolve("hostile.csv") + " and " + out.resolve("hostile.png"));
        System.out.println(HostileReport.summary(rows, lost));
        return 0;
      }
    }
  }

  /** A value a normal client stored on a server before the attacks, and what it must read back after. */
  private record Stored(RemoteReference<byte[]> ref, byte[] expected) {}

  private List<Stored> store() {
    List<Stored> s = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      byte[] data = new byte[1000 + i];
      random.nextBytes(data);
      Fig2OpsAsync on = normal.async(Fig2OpsAsync.class, infos.get(i % 2));
      RemoteReference<byte[]> r = on.echo(normal.put(data));
      r.get(WAIT);
      s.add(new Stored(r, data));
    }
    return s;
  }

  private int lost(List<Stored> stored) {
    int lost = 0;
    for (Stored s : stored) {
      try {
        if (!Arrays.equals(s.ref().get(WAIT), s.expected())) lost++;
      } catch (GridException e) {
        lost++;
      }
    }
    return lost;
  }

  private HostileReport.Row run(Attack a) throws Exception {
    double[] before = heapMb();
    long refusalsBefore = refusalsLogged();
    long start = System.nanoTime();
    Attack.Outcome o;
    try {
      o = a.body().run();
    } catch (GridException e) {
      o = Attack.Outcome.of(refusal(e.status()), e.status().name());
    }
    double millis = (System.nanoTime() - start) / 1e6;
    if (!o.refused() && o.status().equals(Status.UNAVAILABLE.name())) {
      // the server refused the stream and closed the connection while the client was still writing:
      // the client
      // can only see the connection fail; the server's log says what it refused
      Thread.sleep(200);
      if (refusalsLogged() > refusalsBefore) {
        o = new Attack.Outcome(true, "REFUSED_BY_SERVER (client: UNAVAILABLE)", o.held());
      }
    }
    double[] after = heapMb();
    if (o.held() != null) o.held().close();
    double growth = Math.max(after[0] - before[0], after[1] - before[1]);
    return new HostileReport.Row(
        a.phase(), a.name(), o.refused(), o.status(), growth, millis, served());
  }

  private static boolean refusal(Status s) {
    return s == Status.PERMISSION_DENIED
        || s == Status.RESOURCE_EXHAUSTED
        || s == Status.INVALID_ARGUMENT
        || s == Status.NOT_FOUND;
  }

  /** The refusals of streams both servers logged so far. */
  private long refusalsLogged() throws IOException {
    long n = 0;
    for (ServerJvm s : servers) {
      Path log = out.resolve("hostile-logs").resolve(s.name() + ".log");
      if (!java.nio.file.Files.exists(log)) continue;
      try (var lines = java.nio.file.Files.lines(log)) {
        n += lines.filter(l -> l.contains("GridRMI refused a stream")).count();
      }
    }
    return n;
  }

  /** Each server's used heap after a full GC (jcmd GC.run, then its stats), MB. */
  private double[] heapMb() throws Exception {
    double[] mb = new double[2];
    String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
    for (int i = 0; i < 2; i++) {
      Process p = new ProcessBuilder(jcmd, String.valueOf(servers.get(i).pid()), "GC.run")
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .start();
      p.waitFor();
      mb[i] = normal.stats(infos.get(i)).heapUsedBytes() / 1e6;
    }
    return mb;
  }

  private static final byte[] PROBE = {1, 2, 3, 4, 5};

  /** What each server answered to a normal client's plain call before the attacks. */
  private final java.util.Map<String, Long> baseline = new java.util.HashMap<>();

  /**
   * Whether both servers serve a normal client's plain call now, with the answer each gave before the attacks (an
   * async call and a read back too, so a lost value store or executor shows).
   */
  private boolean served() {
    try {
      for (ServerInfo s : infos) {
        long sum = normal.plain(Fig2Ops.class, s).checksum(PROBE);
        if (baseline.putIfAbsent(s.name(), sum) != null && baseline.get(s.name()) != sum) {
          return false;
        }
        byte[] back =
            normal.async(Fig2OpsAsync.class, s).echo(normal.put(PROBE)).get(WAIT);
        if (!Arrays.equals(back, PROBE)) return false;
      }
      return true;
    } catch (GridException e) {
      return false;
    }
  }

  // ---- the attacks ----

  private static final String FIG2 = Fig2Ops.class.getName();

  private static String key(Class<?> service, String name, Class<?>... params) {
    try {
      return MethodKeys.of(service.getMethod(name, params));
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
  }

  private static final String ECHO = key(Fig2Ops.class, "echo", byte[].class);
  private static final String SLOW = key(Fig2Ops.class, "method1", int.class, int.class);

  /** A plain call with {@code args}: refused if the server refuses them. */
  private Attack.Outcome plain(NodeClient node, Object... args) {
    try {
      node.within(WAIT.toNanos()).invokePlain(FIG2, ECHO, args, null);
      return Attack.Outcome.of(false, "ACCEPTED");
    } catch (GridException e) {
      return Attack.Outcome.of(refusal(e.status()), e.status().name());
    }
  }

  /** A batch of one call with {@code args}; refused if the call fails with a refusal. */
  private Attack.Outcome batchCall(NodeClient node, String service, String method, Object... args) {
    UUID id = ValueIds.forCall();
    UUID holder = UUID.randomUUID();
    try {
      node.submit(
          holder, null, List.of(new Command.Call(id, service, method, args, 0, "hostile", null)));
      FetchResult r = node.fetch(id, 10_000, BENCH, false, null);
      node.release(holder, List.of(Release.explicit(id)));
      if (r.state() == FetchResult.State.FAILED) {
        Status s = r.failure().status();
        return Attack.Outcome.of(refusal(s), s.name());
      }
      return Attack.Outcome.of(false, r.state().name());
    } catch (GridException e) {
      return Attack.Outcome.of(refusal(e.status()), e.status().name());
    }
  }

  private static Object deepGraph() {
    Object deep = "x";
    for (int i = 0; i < 200; i++) deep = new Object[] {deep};
    return deep;
  }

  private static PriorityQueue<String> gadgetChain() {
    PriorityQueue<String> pq = new PriorityQueue<>(String.CASE_INSENSITIVE_ORDER);
    pq.add("a");
    pq.add("b");
    return pq;
  }

  private List<Attack> attacks() {
    List<Attack> a = new ArrayList<>();
    a.add(new Attack("raw", "no-secret plain call", () -> {
      Attack.Outcome o = plain(strange1, (Object) new byte[] {1});
      return Attack.Outcome.of(!o.status().equals("ACCEPTED") && o.refused(), o.status());
    }));
    a.add(new Attack("raw", "no-secret fetch", () -> {
      try {
        FetchResult r = strange1.fetch(UUID.randomUUID(), 0, BENCH, false, null);
        return Attack.Outcome.of(false, "ANSWERED " + r.state());
      } catch (GridException e) {
        return Attack.Outcome.of(
            e.status() == Status.PERMISSION_DENIED, e.status().name());
      }
    }));
    a.add(new Attack("raw", "unallowed class in a plain call", () -> plain(raw1, new BitSet())));
    a.add(new Attack(
        "raw",
        "gadget in a plain call",
        () -> plain(raw1, new javax.management.BadAttributeValueExpException("x"))));
    a.add(new Attack("raw", "gadget chain (PriorityQueue)", () -> plain(raw1, gadgetChain())));
    a.add(new Attack("raw", "object graph 200 deep", () -> plain(raw1, deepGraph())));
    a.add(new Attack(
        "raw",
        "unallowed class by value in a batch",
        () -> batchCall(raw1, FIG2, ECHO, SerializedValue.of(new BitSet()))));
    a.add(new Attack(
        "raw",
        "gadget chain by value in a batch",
        () -> batchCall(raw1, FIG2, ECHO, SerializedValue.of(gadgetChain()))));
    a.add(new Attack(
        "raw",
        "reference to an unknown owner",
        () -> batchCall(
            raw1,
            FIG2,
            ECHO,
            new Ref<>(UUID.randomUUID(), "rmi://10.255.255.1:1099", RefContexts.unbound()))));
    a.add(new Attack("raw", "replica over a pending result", () -> {
      UUID id = ValueIds.forCall();
      raw1.submit(UUID.randomUUID(), null, List.of(slowCall(id)));
      raw1.submit(
          UUID.randomUUID(),
          null,
          List.of(new Command.Replica(UUID.randomUUID(), id, new WireValue(new byte[] {66}))));
      return Attack.Outcome.of(false, "ACCEPTED");
    }));
    a.add(new Attack("raw", "replica over another holder's put", () -> {
      UUID id = ValueIds.forPut();
      raw1.submit(
          UUID.randomUUID(),
          null,
          List.of(new Command.Replica(UUID.randomUUID(), id, new WireValue("first"))));
      raw1.submit(
          UUID.randomUUID(),
          null,
          List.of(new Command.Replica(UUID.randomUUID(), id, new WireValue("forged"))));
      return Attack.Outcome.of(false, "ACCEPTED");
    }));
    a.add(new Attack("raw", "release and cancel from a non-holder", () -> {
      UUID id = ValueIds.forCall();
      UUID holder = UUID.randomUUID();
      raw1.submit(
          holder,
          null,
          List.of(
              new Command.Call(id, FIG2, ECHO, new Object[] {new byte[] {7}}, 0, "kept", null)));
      raw1.fetch(id, 10_000, BENCH, false, null);
      UUID stranger = UUID.randomUUID();
      boolean cancelled = raw1.cancel(stranger, id);
      String release = "RELEASE_ACCEPTED";
      try {
        raw1.release(stranger, List.of(Release.explicit(id)));
      } catch (GridException e) {
        release = "RELEASE_" + e.status().name();
      }
      boolean intact =
          raw1.fetch(id, 10_000, BENCH, false, null).state() == FetchResult.State.READY;
      raw1.release(holder, List.of(Release.explicit(id)));
      return Attack.Outcome.of(
          !cancelled && intact, (intact ? "VALUE_INTACT " : "VALUE_GONE ") + release);
    }));
    a.add(new Attack("raw", "probeLinks to an outsider", this::probeOutsider));
    a.add(new Attack("raw", "registry stub naming an outsider", this::stubOfOutsider));
    a.add(new Attack("raw", "stalled call, 800 MB array header", () -> stalledArray(100_000_000)));
    a.add(new Attack("raw", "stalled call, 32 MB array header", () -> stalledArray(4_000_000)));
    a.add(new Attack("raw", "matrix header 2^28 x 0", this::matrixHeader));
    a.add(new Attack("raw", "data frame claiming 1 GB, then silence", this::lyingDataFrame));
    a.add(new Attack("raw", "random bytes and broken JRMP", this::garbage));
    if (!quick) {
      a.add(new Attack("raw", "flood of 100,000 submits", () -> submitFlood(raw1, 100)));
      a.add(new Attack("raw", "flood of holds (200,000 random ids)", () -> {
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) ids.add(UUID.randomUUID());
        raw2.hold(UUID.randomUUID(), ids);
        return Attack.Outcome.of(false, "ACCEPTED");
      }));
      a.add(new Attack("raw", "flood of 5,000 fetches", () -> {
        int refused = 0;
        for (int i = 0; i < 5000; i++) {
          try {
            FetchResult r = raw2.fetch(UUID.randomUUID(), 0, BENCH, false, null);
            if (r.state() == FetchResult.State.FAILED && r.failure().status() == Status.NOT_FOUND)
              refused++;
          } catch (GridException e) {
            refused++;
          }
        }
        return Attack.Outcome.of(refused == 5000, refused == 5000 ? "NOT_FOUND" : "ANSWERED");
      }));
      a.add(new Attack("raw", "flood of 300 idle connections", this::connectionFlood));
    }
    // as a client of the Grid, through its own views
    MatrixOps plain1 = normal.plain(MatrixOps.class, infos.get(0));
    a.add(new Attack(
        "grid",
        "unallowed class in a plain call",
        () -> gridCall(() -> plain1.execTask(untyped(new Adjust()), new BitSet()))));
    a.add(new Attack(
        "grid",
        "gadget chain in a plain call",
        () -> gridCall(() -> plain1.execTask(untyped(new Adjust()), gadgetChain()))));
    a.add(new Attack(
        "grid",
        "object graph 200 deep",
        () -> gridCall(() -> plain1.execTask(untyped(new Adjust()), deepGraph()))));
    a.add(new Attack(
        "grid",
        "32 MB Java-serialized array",
        // in a list, so Java serialization carries it (a bare double[] has a codec, which grows it
        // as it arrives)
        () -> gridCall(() -> plain1.execTask(
            untyped(new Adjust()), new ArrayList<>(List.of(new double[4_000_000]))))));
    a.add(new Attack(
        "grid",
        "gadget in a plain call",
        () -> gridCall(() -> plain1.execTask(
            untyped(new Adjust()), new javax.management.BadAttributeValueExpException("x")))));
    a.add(new Attack(
        "grid",
        "lookup registration whose stub names an outsider",
        this::registeredStubOfOutsider));
    a.add(new Attack(
        "grid",
        "registrar proxy from unicast discovery names an outsider",
        this::registrarOfOutsider));
    if (!quick) {
      a.add(new Attack("grid", "flood of 20,000 async calls", () -> {
        try (Grid greedy = options.grid().servers(servers.get(1).address()).build()) {
          Fig2OpsAsync on = greedy.async(Fig2OpsAsync.class);
          List<RemoteReference<byte[]>> refs = new ArrayList<>();
          for (int i = 0; i < 20_000; i++) refs.add(on.method1(1, 60_000));
          try {
            refs.get(refs.size() - 1).get(WAIT);
            return Attack.Outcome.of(false, "ACCEPTED");
          } catch (GridException e) {
            return Attack.Outcome.of(refusal(e.status()), e.status().name());
          }
        }
      }));
    }
    return a;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Task<Object, Object> untyped(Task t) {
    return t;
  }

  private static Attack.Outcome gridCall(Runnable call) {
    try {
      call.run();
      return Attack.Outcome.of(false, "ACCEPTED");
    } catch (GridException e) {
      return Attack.Outcome.of(refusal(e.status()), e.status().name());
    }
  }

  private static Command.Call slowCall(UUID id) {
    return new Command.Call(id, FIG2, SLOW, new Object[] {1, 5_000}, 0, "slow", null);
  }

  private Attack.Outcome submitFlood(NodeClient node, int batches) {
    UUID greedy = UUID.randomUUID();
    List<UUID> ids = new ArrayList<>();
    for (int b = 0; b < batches; b++) {
      List<Command> many = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        UUID id = ValueIds.forCall();
        ids.add(id);
        many.add(new Command.Call(id, FIG2, SLOW, new Object[] {1, 60_000}, 0, "flood", null));
      }
      node.submit(greedy, null, many);
    }
    FetchResult last = node.fetch(ids.get(ids.size() - 1), 10_000, BENCH, false, null);
    // the flood's calls are cancelled with their release, in calls of at most MAX_IDS_PER_CALL ids
    // (a longer release is refused, and the calls would hold the peer's pending limit for a minute)
    for (int from = 0; from < ids.size(); from += ValueTable.MAX_IDS_PER_CALL) {
      List<UUID> part = ids.subList(from, Math.min(ids.size(), from + ValueTable.MAX_IDS_PER_CALL));
      node.release(greedy, part.stream().map(Release::explicit).toList());
    }
    if (last.state() == FetchResult.State.FAILED) {
      Status s = last.failure().status();
      return Attack.Outcome.of(refusal(s), s.name());
    }
    return Attack.Outcome.of(false, last.state().name());
  }

  private Attack.Outcome probeOutsider() throws IOException {
    try (ServerSocket outsider = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      outsider.setSoTimeout(2_000);
      AtomicInteger dialed = new AtomicInteger();
      Thread t = new Thread(() -> {
        try (Socket s = outsider.accept()) {
          dialed.incrementAndGet();
        } catch (IOException e) {
          // nobody came: the probe went nowhere
        }
      });
      t.start();
      try {
        raw1.within(WAIT.toNanos())
            .probeLinks(List.of("rmi://127.0.0.1:" + outsider.getLocalPort()));
      } catch (GridException e) {
        // refused outright is as good
      }
      try {
        t.join(3_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return Attack.Outcome.of(dialed.get() == 0, dialed.get() == 0 ? "NOT_DIALED" : "DIALED");
    }
  }

  /** A remote interface for the decoy object whose stub names the outsider's port. */
  interface Outsider extends java.rmi.Remote {}

  /** The object behind the outsider's port: nobody calls it, the JVM's distributed GC would only dial it. */
  static final class OutsiderObject implements Outsider {}

  /**
   * A member of the grid introduces a "server" of its own, whose registry hands out a stub naming an outsider's port
   * (plain JDK sockets, no grid secret), and asks S1 to probe its link to it. Reading that stub would make S1's JVM
   * connect to the outsider at once (RMI's distributed GC "dirty" call), whatever check came after.
   */
  private Attack.Outcome stubOfOutsider() throws Exception {
    AtomicInteger dialed = new AtomicInteger();
    java.rmi.server.RMIServerSocketFactory counting = countingPort(dialed);
    OutsiderObject target = new OutsiderObject();
    java.rmi.Remote outsiderStub =
        java.rmi.server.UnicastRemoteObject.exportObject(target, 0, null, counting);
    int decoyPort;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      decoyPort = free.getLocalPort();
    }
    java.rmi.registry.Registry decoy = java.rmi.registry.LocateRegistry.createRegistry(
        decoyPort, member.clientFactory("127.0.0.1"), member.serverFactory());
    try {
      decoy.rebind("gridrmi.node", outsiderStub);
      String decoyAddress = "rmi://127.0.0.1:" + decoyPort;
      raw1.submit(UUID.randomUUID(), new Introduction(null, List.of(decoyAddress)), List.of());
      try {
        raw1.within(WAIT.toNanos()).probeLinks(List.of(decoyAddress));
      } catch (GridException e) {
        // refused outright is as good
      }
      return notDialed(dialed);
    } finally {
      java.rmi.server.UnicastRemoteObject.unexportObject(decoy, true);
      java.rmi.server.UnicastRemoteObject.unexportObject(target, true);
    }
  }

  /** Loopback server sockets that count the connections made to them in {@code dialed}. */
  private static java.rmi.server.RMIServerSocketFactory countingPort(AtomicInteger dialed) {
    return port -> new ServerSocket(port, 50, InetAddress.getLoopbackAddress()) {
      @Override
      public Socket accept() throws IOException {
        Socket s = super.accept();
        dialed.incrementAndGet();
        return s;
      }
    };
  }

  /** Refused if nothing dialed the outsider within 2 s (the distributed GC's "dirty" call comes at once). */
  private static Attack.Outcome notDialed(AtomicInteger dialed) throws InterruptedException {
    long until = System.nanoTime() + Duration.ofSeconds(2).toNanos();
    while (dialed.get() == 0 && System.nanoTime() < until) Thread.sleep(50);
    return Attack.Outcome.of(dialed.get() == 0, dialed.get() == 0 ? "NOT_DIALED" : "DIALED");
  }

  /**
   * A member of the grid registers with the lookup service a "server" whose proxy is an RMI stub naming an
   * outsider's port (through GridRMI's sockets, as a server's stub would be), then a new Grid lists the lookup
   * service's servers (and the bench's own Grid follows the registration by events). Reading that stub would make
   * those JVMs connect to the outsider at once (RMI's distributed GC "dirty" call). Refused if nothing dialed it and
   * the Grid lists S1 and S2 only.
   */
  private Attack.Outcome registeredStubOfOutsider() throws Exception {
    AtomicInteger dialed = new AtomicInteger();
    OutsiderObject target = new OutsiderObject();
    java.rmi.Remote outsiderStub = java.rmi.server.UnicastRemoteObject.exportObject(
        target, 0, member.clientFactory("127.0.0.1"), countingPort(dialed));
    try (LookupRegistration registration = LookupRegistration.join(
        URI.create(lookupAddress),
        outsiderStub,
        new ServerRecord("EVIL", "127.0.0.1", 2, List.of(Fig2Ops.class.getName())),
        Duration.ofSeconds(10))) {
      if (!registration.awaitRegistered(WAIT)) {
        throw new IllegalStateException(
            "the attack's registration was not accepted within " + WAIT);
      }
      List<String> listed;
      try (Grid lister = options.grid().connect(lookupAddress).build()) {
        listed = lister.servers().stream().map(ServerInfo::name).sorted().toList();
      }
      Attack.Outcome o = notDialed(dialed);
      if (o.refused() && !listed.equals(List.of("S1", "S2"))) {
        return Attack.Outcome.of(false, "LISTED " + listed);
      }
      return o;
    } finally {
      java.rmi.server.UnicastRemoteObject.unexportObject(target, true);
    }
  }

  /**
   * A program answering Jini unicast discovery at a {@code jini://} address (one that took over a lookup service's
   * port, say) hands out a "registrar proxy" that is an RMI stub naming an outsider's port (through GridRMI's sockets),
   * and a new Grid connects to that address. Reading the stub would make the Grid's JVM connect to the outsider at
   * once (RMI's distributed GC "dirty" call), on River's discovery thread before GridRMI sees it. Refused if nothing
   * dialed it and the Grid failed with PERMISSION_DENIED (not UNAVAILABLE after its timeout).
   */
  private Attack.Outcome registrarOfOutsider() throws Exception {
    AtomicInteger dialed = new AtomicInteger();
    OutsiderObject target = new OutsiderObject();
    java.rmi.Remote outsiderStub = java.rmi.server.UnicastRemoteObject.exportObject(
        target, 0, member.clientFactory("127.0.0.1"), countingPort(dialed));
    // Jini unicast discovery, version 1 (what River's LookupLocator asks): the client sends the
    // version (an int), the
    // answer is a MarshalledObject of the registrar's proxy and the lookup service's groups (none)
    ByteArrayOutputStream answer = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(answer)) {
      out.writeObject(new java.rmi.MarshalledObject<>(outsiderStub));
      out.writeInt(0);
    }
    try (ServerSocket lookupPort = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread answering = new Thread(() -> {
        while (!lookupPort.isClosed()) {
          try (Socket s = lookupPort.accept()) {
            s.setSoTimeout(5_000);
            s.getInputStream().readNBytes(4);
            s.getOutputStream().write(answer.toByteArray());
          } catch (IOException closed) {
            // the next request, or the attack is over
          }
        }
      });
      answering.setDaemon(true);
      answering.start();
      String status;
      try (Grid lister = options
          .grid()
          .connect("jini://127.0.0.1:" + lookupPort.getLocalPort())
          .build()) {
        status = "ACCEPTED";
      } catch (GridException e) {
        status = e.status().name();
      }
      Attack.Outcome o = notDialed(dialed);
      if (o.refused() && !status.equals(Status.PERMISSION_DENIED.name())) {
        return Attack.Outcome.of(false, status);
      }
      return o.refused() ? Attack.Outcome.of(true, status) : o;
    } finally {
      java.rmi.server.UnicastRemoteObject.unexportObject(target, true);
    }
  }

  private RawJrmp jrmp(int server) throws Exception {
    URI uri = URI.create(servers.get(server).address());
    Object stub = Transports.nodeStub(member, uri.getHost(), uri.getPort());
    return new RawJrmp(member, uri.getHost(), uri.getPort(), stub);
  }

  private static Method invokePlain() throws NoSuchMethodException {
    return NodeProtocol.class.getMethod(
        "invokePlain", String.class, String.class, Object[].class, String.class);
  }

  /** A plain call whose argument is a double[] claiming {@code length} elements, its data never sent. */
  private Attack.Outcome stalledArray(int length) throws Exception {
    RawJrmp j = jrmp(0);
    double marker = Double.longBitsToDouble(0x1122334455667788L);
    byte[] call = j.call(invokePlain(), FIG2, ECHO, new Object[] {new double[] {marker}}, null);
    int at = RawJrmp.after(call, new byte[] {0, 0, 0, 1, 0x11, 0x22, 0x33, 0x44}) - 4;
    java.nio.ByteBuffer.wrap(call, at - 4, 4).putInt(length);
    Socket s = j.send(call, at);
    String answer = RawJrmp.answer(s, 3_000);
    boolean refused = !answer.equals("silent");
    return new Attack.Outcome(refused, refused ? statusIn(answer) : "HELD_OPEN", s);
  }

  /** A submit whose replica's matrix header claims 2^28 rows of no columns. */
  private Attack.Outcome matrixHeader() throws Exception {
    RawJrmp j = jrmp(0);
    Method submit = NodeProtocol.class.getMethod(
        "submit", UUID.class, long.class, Introduction.class, List.class);
    UUID id = ValueIds.forPut();
    Object replica =
        new Command.Replica(UUID.randomUUID(), id, new WireValue(new Jama.Matrix(1, 1)));
    byte[] call = j.call(
        submit,
        UUID.randomUUID(),
        1L,
        null,
        new ArrayList<>(List.of(replica))); // 1: the batch's id
    byte[] header = {(byte) org.gridrmi.jama.MatrixCodec.VERSION, 0, 0, 0, 1, 0, 0, 0, 1}; // 1 x 1
    int at = RawJrmp.after(call, concat("jama.Matrix".getBytes(), header)) - 8;
    java.nio.ByteBuffer.wrap(call, at, 8).putInt(1 << 28).putInt(0);
    try (Socket s = j.send(call, -1)) {
      String answer = RawJrmp.answer(s, 10_000);
      boolean refused = !answer.equals("silent") && answer.contains("Exception");
      return Attack.Outcome.of(refused, refused ? statusIn(answer) : "ACCEPTED");
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  private static String statusIn(String answer) {
    for (Status s : Status.values()) if (answer.contains(s.name())) return s.name();
    if (answer.contains("UnmarshalException")) return "UNMARSHAL_REFUSED";
    return answer.equals("closed") ? "CLOSED" : "EXCEPTION";
  }

  /** A data connection whose first frame claims a gigabyte and then says nothing. */
  private Attack.Outcome lyingDataFrame() throws IOException {
    URI uri = URI.create(servers.get(1).address());
    Socket s = member.connect(uri.getHost(), uri.getPort()); // a member: past the grid secret
    s.getOutputStream().write(SharedPort.DATA_MAGIC);
    s.getOutputStream().write(new byte[] {0x40, 0, 0, 0, 1, 2, 3});
    s.getOutputStream().flush();
    String answer = RawJrmp.answer(s, 2_000);
    // held open, it may cost no more than its bytes: the heap is read while it is
    return new Attack.Outcome(true, answer.equals("silent") ? "HELD_CHEAP" : "CLOSED", s);
  }

  /** Connections of random bytes, of a JRMP header and garbage: each must be closed. */
  private Attack.Outcome garbage() throws IOException {
    URI uri = URI.create(servers.get(1).address());
    int closed = 0;
    int n = 100;
    for (int i = 0; i < n; i++) {
      byte[] b = new byte[1 + random.nextInt(400)];
      random.nextBytes(b);
      if (i % 2 == 0)
        System.arraycopy(
            new byte[] {0x4a, 0x52, 0x4d, 0x49, 0, 2, 0x4c}, 0, b, 0, Math.min(7, b.length));
      try (Socket s = new Socket(uri.getHost(), uri.getPort())) {
        s.getOutputStream().write(b);
        s.shutdownOutput();
        String a = RawJrmp.answer(s, 5_000);
        if (!a.equals("silent")) closed++;
      } catch (IOException e) {
        closed++;
      }
    }
    return Attack.Outcome.of(closed == n, closed == n ? "CLOSED" : (n - closed) + " HELD");
  }

  /** 300 connections held idle while a normal client calls: refused if it is still served. */
  private Attack.Outcome connectionFlood() throws IOException {
    URI uri = URI.create(servers.get(1).address());
    List<Socket> open = new ArrayList<>();
    try {
      for (int i = 0; i < 300; i++) {
        try {
          open.add(new Socket(uri.getHost(), uri.getPort()));
        } catch (IOException e) {
          break; // refused at once: fine
        }
      }
      boolean served = served();
      return Attack.Outcome.of(served, served ? "STILL_SERVING" : "DENIED_SERVICE");
    } finally {
      for (Socket s : open) s.close();
    }
  }

  static byte[] serialize(Object o) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      out.writeObject(o);
    }
    return b.toByteArray();
  }
}
