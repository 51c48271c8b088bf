package org.gridrmi.it.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.ServerStats;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Value lifetime across real processes: references inside values keep their values on other servers, a borrower
 * gets a value its client dropped, a store spills gigabytes within its budget and reads them back bit for bit, and a
 * call that exhausts a server's heap is RESOURCE_EXHAUSTED while the server stays up.
 */
class ValueLifetimeProcessesIT {
  static final Duration WAIT = Duration.ofSeconds(60);
  static final int MB = 1 << 20;
  ItServers processes;
  final List<Grid> grids = new ArrayList<>();

  @TempDir
  Path tmp;

  @org.junit.jupiter.api.BeforeEach
  void logs() throws Exception {
    processes = new ItServers("lifetime-");
  }

  @AfterEach
  void stop() {
    grids.forEach(Grid::close);
    processes.close();
  }

  ServerProcess server(String name, List<String> jvm, String... extra) {
    List<String> args = new ArrayList<>(List.of(
        "--lease",
        "2s",
        "--service",
        Lifetime.class.getName() + "=" + LifetimeImpl.class.getName()));
    args.addAll(List.of(extra));
    return processes.start(name, jvm, args.toArray(String[]::new));
  }

  Grid grid(ServerProcess... servers) {
    Grid g = Grid.builder()
        .servers(
            java.util.Arrays.stream(servers).map(ServerProcess::address).toArray(String[]::new))
        .referenceTransit(Duration.ofMillis(300))
        .build();
    grids.add(g);
    return g;
  }

  /** Has a server's JVM collect garbage, as it would under allocation, so its dropped references are cleaned. */
  static void collect(ServerProcess p) throws Exception {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    Process gc = new ProcessBuilder(jcmd.toString(), String.valueOf(p.pid()), "GC.run")
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
    gc.waitFor();
  }

  static int values(Grid grid, ServerInfo s) {
    return grid.stats(s).values();
  }

  @Test
  void aValueReferencedOnlyFromAListHeldByS2SurvivesTheClientDroppingItAndGoesWithTheList()
      throws Exception {
    ServerProcess p1 = server("S1", List.of());
    ServerProcess p2 = server("S2", List.of());
    Grid grid = grid(p1, p2);
    ServerInfo s1 = grid.server("S1");
    ServerInfo s2 = grid.server("S2");
    LifetimeAsync on1 = grid.async(LifetimeAsync.class, s1);
    LifetimeAsync on2 = grid.async(LifetimeAsync.class, s2);
    RemoteReference<byte[]> data = on1.make(100_000, 7, 0);
    RemoteReference<List<RemoteReference<byte[]>>> list = on2.keep(List.of(data));
    assertThat(on2.totalLength(list).get(WAIT)).isEqualTo(100_000);
    int before = values(grid, s1);
    data = null;
    for (int i = 0;
        i < 20;
        i++) { // the client drops its reference; S1 hears of it, S2's list still holds it
      System.gc();
      Thread.sleep(100);
    }
    assertThat(values(grid, s1))
        .as("S1 keeps the value the list on S2 refers to")
        .isEqualTo(before);
    assertThat(grid.stats(s1).store().releases().collected())
        .as("the client's release arrived")
        .isPositive();
    assertThat(on2.totalLength(list).get(WAIT)).as("S2 still reads it").isEqualTo(100_000);

    list = null; // now the list goes, and with it S2's references inside it
    await("the value is freed on S1")
        .atMost(WAIT)
        .pollInterval(Duration.ofMillis(200))
        .until(() -> {
          System.gc();
          collect(p2);
          return values(grid, s1) == 0;
        });
    ServerStats.Store st = grid.stats(s2).store();
    assertThat(st.heldByReference())
        .as("S2 holds nothing by reference any more")
        .isZero();
  }

  @Test
  void aReferenceInsideAPutPushedToAServerIsLetGoOnceTheServerHoldsItNotAfterTheTransitTime()
      throws Exception {
    ServerProcess p1 = server("S1", List.of());
    ServerProcess p2 = server("S2", List.of());
    // a transit time of a minute: a pin that waited for its time would keep the client's hold far
    // past the wait below
    Grid grid = minuteTransitGrid(p1, p2, b -> b);
    ServerInfo s1 = grid.server("S1");
    LifetimeAsync on1 = grid.async(LifetimeAsync.class, s1);
    LifetimeAsync on2 = grid.async(LifetimeAsync.class, grid.server("S2"));
    RemoteReference<byte[]> data = on1.make(100_000, 7, 0);
    data.get(WAIT);
    RemoteReference<List<RemoteReference<byte[]>>> put = grid.put(List.of(data));
    // the put goes to S2 inside the batch; S2 holds the reference inside before it answers
    RemoteReference<List<RemoteReference<byte[]>>> kept = on2.same(put);
    assertThat(on2.totalLength(kept).get(WAIT)).isEqualTo(100_000);
    data = null;
    put = null;
    awaitReleaseOnS1WithinTheTransitTime(grid, s1);
    assertThat(values(grid, s1))
        .as("S1 keeps the value the list on S2 refers to")
        .isEqualTo(1);
    assertThat(on2.totalLength(kept).get(WAIT)).isEqualTo(100_000);
  }

  /**
   * A batch whose submit failed because its server was stopped (SIGSTOP) past the Grid's call timeout: the server may
   * read it when it resumes, or never get it. The Grid keeps the reference the batch carried pinned under the batch's
   * transfer and asks the server about it; once the server resumes and answers (it holds the reference, or it gives the
   * batch up and refuses it should it come later) the Grid lets go: its release reaches S1 well within its transit
   * time of a minute (before, the pin lasted that minute). Whichever way it went, S1 keeps the value exactly when S2
   * ran the call that stashed it, and S2 then reads it.
   */
  @Test
  void aBatchWhoseServerWasStoppedIsUnpinnedOnceTheServerAnswersAndNeverRunsWithoutItsReferences()
      throws Exception {
    String[] args = {
      "--lease", "60s", "--service", Lifetime.class.getName() + "=" + LifetimeImpl.class.getName()
    };
    ServerProcess p1 = processes.start("S1", List.of(), args);
    ServerProcess p2 = processes.start("S2", List.of(), args);
    Grid grid = minuteTransitGrid(p1, p2, b -> b.callTimeout(Duration.ofSeconds(1)));
    ServerInfo s1 = grid.server("S1");
    LifetimeAsync on1 = grid.async(LifetimeAsync.class, s1);
    LifetimeAsync on2 = grid.async(LifetimeAsync.class, grid.server("S2"));
    RemoteReference<byte[]> data = on1.make(100_000, 7, 0);
    data.get(WAIT);
    // S2's connections are open; nothing of S1's is released but the value below
    assertThat(on2.make(10, 1, 0).get(WAIT)).hasSize(10);
    FaultProcessesIT.signal(p2, "STOP");
    try {
      RemoteReference<Integer> stashed = on2.stash(List.of(data));
      assertThatThrownBy(() -> stashed.get(WAIT)).isInstanceOf(GridException.class);
      data = null;
    } finally {
      FaultProcessesIT.signal(p2, "CONT");
    }
    awaitReleaseOnS1WithinTheTransitTime(grid, s1);
    boolean keptOnS1 = values(grid, s1) == 1;
    RemoteReference<List<RemoteReference<byte[]>>> taken = on2.takeStashed();
    List<RemoteReference<byte[]>> kept = taken.get(WAIT);
    System.out.println("stopped server: the late batch "
        + (kept != null ? "ran, and S2 held its reference" : "was given up, and ran nothing"));
    assertThat(kept != null)
        .as("S1 keeps the value exactly when S2 ran the call that stashed it")
        .isEqualTo(keptOnS1);
    if (kept != null) assertThat(on2.totalLength(taken).get(WAIT)).isEqualTo(100_000);
  }

  /**
   * Waits (20 s at most, a third of a minute's transit time) until the Grid's release of a value reached S1, collecting
   * garbage here.
   */
  static void awaitReleaseOnS1WithinTheTransitTime(Grid grid, ServerInfo s1) {
    await("the client's release of the value reached S1 well within its transit time")
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> {
          System.gc();
          return grid.stats(s1).store().releases().collected() >= 1;
        });
  }

  /** A Grid of {@code p1} and {@code p2} whose transit time is a minute, with {@code more} settings. */
  Grid minuteTransitGrid(
      ServerProcess p1, ServerProcess p2, java.util.function.UnaryOperator<Grid.Builder> more) {
    Grid grid = more.apply(Grid.builder()
            .servers(p1.address(), p2.address())
            .referenceTransit(Duration.ofSeconds(60)))
        .build();
    grids.add(grid);
    return grid;
  }

  /** S1 and S2 with a lease of a minute, a Grid of both, and views of each. */
  record MinuteLeasePair(
      ServerProcess p2, Grid grid, ServerInfo s1, LifetimeAsync on1, LifetimeAsync on2) {}

  /** A lease of a minute: a pin that waited for its time would keep S1's value far past the waits of these tests. */
  MinuteLeasePair minuteLeasePair() {
    String[] args = {
      "--lease", "60s", "--service", Lifetime.class.getName() + "=" + LifetimeImpl.class.getName()
    };
    ServerProcess p1 = processes.start("S1", List.of(), args);
    ServerProcess p2 = processes.start("S2", List.of(), args);
    Grid grid = grid(p1, p2);
    ServerInfo s1 = grid.server("S1");
    return new MinuteLeasePair(
        p2,
        grid,
        s1,
        grid.async(LifetimeAsync.class, s1),
        grid.async(LifetimeAsync.class, grid.server("S2")));
  }

  /** Waits (20 s at most, a third of the lease) until S1 holds no value, collecting garbage here and on S2. */
  static void awaitFreedOnS1WithinTheLease(MinuteLeasePair pair) {
    await("the value is freed on S1 well within S2's lease")
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> {
          System.gc();
          collect(pair.p2());
          return values(pair.grid(), pair.s1()) == 0;
        });
  }

  @Test
  void referencesInsideAValueTheClientFetchedAreUnpinnedByTheServerOnceTheClientHoldsThem()
      throws Exception {
    MinuteLeasePair pair = minuteLeasePair();
    LifetimeAsync on1 = pair.on1();
    LifetimeAsync on2 = pair.on2();
    RemoteReference<List<RemoteReference<byte[]>>> list =
        on2.keep(List.of(on1.make(100_000, 7, 0)));
    List<RemoteReference<byte[]>> fetched = list.get(WAIT); // S2 writes it under a transfer
    assertThat(fetched.get(0).get(WAIT)).hasSize(100_000);
    list = null;
    fetched = null; // the client acknowledged the transfer once S1 answered its hold
    awaitFreedOnS1WithinTheLease(pair);
  }

  /**
   * As above for a plain call's result, which RMI's own stream writes after the call returned: S2 pins the references
   * it wrote there under the result's transfer, and unpins them once the client says it holds them.
   */
  @Test
  void referencesInsideAPlainCallsResultAreUnpinnedByTheServerOnceTheClientHoldsThem()
      throws Exception {
    MinuteLeasePair pair = minuteLeasePair();
    Grid grid = pair.grid();
    LifetimeAsync on1 = pair.on1();
    LifetimeAsync on2 = pair.on2();
    assertThat(on2.stash(List.of(on1.make(100_000, 7, 0))).get(WAIT)).isEqualTo(1);
    List<RemoteReference<byte[]>> returned =
        grid.plain(Lifetime.class, grid.server("S2")).takeStashed();
    assertThat(returned.get(0).get(WAIT)).hasSize(100_000);
    returned = null; // the client acknowledged the result's transfer once S1 answered its hold
    awaitFreedOnS1WithinTheLease(pair);
  }

  @Test
  void aBorrowerWhoseClientDroppedTheReferenceStillGetsTheValue() throws Exception {
    ServerProcess p1 = server("S1", List.of());
    ServerProcess p2 = server("S2", List.of());
    Grid grid = grid(p1, p2);
    ServerInfo s1 = grid.server("S1");
    LifetimeAsync on1 = grid.async(LifetimeAsync.class, s1);
    LifetimeAsync on2 = grid.async(LifetimeAsync.class, grid.server("S2"));
    RemoteReference<byte[]> slow = on1.make(MB, 3, 2_000); // S2 waits for it at S1
    RemoteReference<Long> crc = on2.crc(slow);
    slow = null;
    for (int i = 0; i < 10; i++) { // released (naming S2 as its borrower) long before it exists
      System.gc();
      Thread.sleep(50);
    }
    await("the client's release arrived")
        .atMost(WAIT)
        .until(() -> grid.stats(s1).store().releases().collected() > 0);
    assertThat(crc.get(WAIT)).isEqualTo(LifetimeImpl.crcOf(LifetimeImpl.content(MB, 3)));
    await("S1 let go of it once S2 had it").atMost(WAIT).until(() -> values(grid, s1) == 0);
  }

  @Test
  void twoGigabytesOnAServerWithA512MegabyteStoreSpillAndReadBackBitExact() throws Exception {
    Path spill = tmp.resolve("spill");
    ServerProcess p1 = server(
        "S1",
        List.of("-Xmx1g"),
        "--max-store",
        "512MB",
        "--spill-dir",
        spill.toString(),
        "--max-spill",
        "4GB");
    Grid grid = grid(p1);
    ServerInfo s1 = grid.server("S1");
    LifetimeAsync on1 = grid.async(LifetimeAsync.class, s1);
    int n = 32;
    int size = 64 * MB;
    List<RemoteReference<byte[]>> values = new ArrayList<>();
    long peakMemory = 0;
    for (int i = 0; i < n; i++) {
      values.add(on1.make(size, i, 0));
      assertThat(on1.crc(values.get(i)).get(WAIT)).isNotNull(); // made, stored, read once
      peakMemory = Math.max(peakMemory, grid.stats(s1).store().memoryBytes());
    }
    ServerStats.Store st = grid.stats(s1).store();
    assertThat(peakMemory).as("bytes in memory, at most").isLessThanOrEqualTo(512_000_000L);
    assertThat(st.spilledBytes()).as("bytes on disk").isGreaterThan(1_500_000_000L);
    for (int i = 0;
        i < n;
        i++) { // every value read back from disk on S1, checked against the original
      assertThat(on1.crc(values.get(i)).get(WAIT))
          .as("value %d", i)
          .isEqualTo(LifetimeImpl.crcOf(LifetimeImpl.content(size, i)));
    }
    for (int i : new int[] {0, n / 2, n - 1}) { // and whole, to the client
      assertThat(values.get(i).get(WAIT))
          .as("value %d in full", i)
          .isEqualTo(LifetimeImpl.content(size, i));
    }
    values.forEach(RemoteReference::release);
    await("spill files deleted")
        .atMost(WAIT)
        .until(() -> grid.stats(s1).store().spilledBytes() == 0);
    try (var files = Files.walk(spill)) {
      assertThat(files.filter(Files::isRegularFile).count()).isZero();
    }
  }

  @Test
  void aCallThatExhaustsTheHeapIsResourceExhaustedAndTheServerStaysUp() throws Exception {
    ServerProcess p1 = server("S1", List.of("-Xmx96m"));
    Grid grid = grid(p1);
    LifetimeAsync on1 = grid.async(LifetimeAsync.class, grid.server("S1"));
    assertThatThrownBy(() -> on1.allocate(1_000).get(WAIT))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.RESOURCE_EXHAUSTED))
        .hasMessageContaining("Lifetime.allocate on S1 ran out of memory on server S1");
    assertThat(on1.crc(on1.make(1_000, 1, 0)).get(WAIT))
        .isEqualTo(LifetimeImpl.crcOf(LifetimeImpl.content(1_000, 1)));
    assertThat(p1.isAlive()).isTrue();
  }
}
