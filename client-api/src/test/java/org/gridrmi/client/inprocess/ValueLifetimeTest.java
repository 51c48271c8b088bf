package org.gridrmi.client.inprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerStats;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.ManualTicker;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Value lifetime on an in-process network: values freed once no reference to them is left (in the client, inside
 * values on servers), and stores that keep within their budget by spilling to disk.
 */
class ValueLifetimeTest {
  static final Duration WAIT = Duration.ofSeconds(10);
  final InProcessNetwork net = new InProcessNetwork();
  final List<AutoCloseable> open = new ArrayList<>();
  /** The Grids' time: their transit pins (200 ms) let go only when a test moves it. */
  final ManualTicker clientTime = new ManualTicker();
  /** The servers' time (leases, pins), unless a test gives its servers another: moved only by a test. */
  final ManualTicker serverTime = new ManualTicker();

  @TempDir
  Path tmp;

  @AfterEach
  void close() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) open.get(i).close();
  }

  GridServer server(String name, UnaryOperator<GridServer.Builder> more) {
    // the servers' leases and pins run on a ticker nobody moves unless a test says so: a lease on
    // the wall clock lapsed under load (a JVM stalled past it) and freed a value a server still
    // held
    GridServer s = more.apply(GridServer.builder()
            .name(name)
            .inProcess(net)
            .lease(Duration.ofSeconds(2))
            .ticker(serverTime::nanoTime)
            .export(Holding.class, new HoldingImpl()))
        .start();
    open.add(s);
    return s;
  }

  Grid grid(GridServer... servers) {
    String[] addresses =
        java.util.Arrays.stream(servers).map(GridServer::address).toArray(String[]::new);
    Grid g = Grid.builder()
        .servers(addresses)
        .inProcess(net)
        .referenceTransit(Duration.ofMillis(200))
        .ticker(clientTime::nanoTime)
        .collectOnServerPressure(false)
        .build();
    open.add(g);
    return g;
  }

  /** S1 and S2 on a clock that never moves (no lease lapses, no pin's period ends), and a Grid's views of them. */
  record FrozenPair(Grid grid, GridServer s1, GridServer s2, HoldingAsync on1, HoldingAsync on2) {}

  FrozenPair frozenPair() {
    GridServer s1 = server("S1", b -> b);
    GridServer s2 = server("S2", b -> b);
    Grid grid = grid(s1, s2);
    return new FrozenPair(
        grid,
        s1,
        s2,
        grid.async(HoldingAsync.class, grid.server("S1")),
        grid.async(HoldingAsync.class, grid.server("S2")));
  }

  /** Collects garbage until {@code condition} holds (references are released by the cleaner after a GC). */
  static void collectUntil(String what, java.util.concurrent.Callable<Boolean> condition) {
    await(what).atMost(WAIT).pollInterval(Duration.ofMillis(50)).until(() -> {
      System.gc();
      return condition.call();
    });
  }

  /** Collects garbage for a while, for checks that something stays. */
  static void collectFor(Duration d) throws InterruptedException {
    long end = System.nanoTime() + d.toNanos();
    while (System.nanoTime() < end) {
      System.gc();
      Thread.sleep(50);
    }
  }

  /**
   * A server that fetched a value says so to its owner (an abandon), so that the owner keeps nothing for it once the
   * client releases the value. That word was sent once, best effort: lost, the owner kept the value for the server
   * for a lease (what bench memory's leftover values looked like). It is sent again until answered.
   */
  @Test
  void aLostAbandonIsSentAgainSoTheOwnerKeepsNothingForABorrowerThatHasTheValue() {
    // the servers' time never moves here: a borrow left to lapse with its lease would stay
    FrozenPair p = frozenPair();
    GridServer s1 = p.s1();
    HoldingAsync on1 = p.on1();
    HoldingAsync on2 = p.on2();
    net.dropNext("S1", "an abandon", 1); // S2's word that it has the value is lost once
    RemoteReference<byte[]> data = on1.make(1000, 1);
    RemoteReference<Long> crc = on2.crc(data);
    assertThat(crc.get(WAIT)).isEqualTo(new HoldingImpl().crc(HoldingImpl.content(1000, 1)));
    data.release();
    crc.release();
    await("S1 holds nothing, with no lease passing").atMost(WAIT).until(() -> s1.storeSize() == 0);
  }

  @Test
  void aValueReferencedOnlyFromInsideAListOnAnotherServerLivesAsLongAsTheList() throws Exception {
    FrozenPair p = frozenPair();
    Grid grid = p.grid();
    GridServer s1 = p.s1();
    GridServer s2 = p.s2();
    HoldingAsync on1 = p.on1();
    HoldingAsync on2 = p.on2();
    RemoteReference<byte[]> data = on1.make(1000, 1);
    RemoteReference<List<RemoteReference<byte[]>>> list = on2.keep(List.of(data));
    assertThat(on2.totalLength(list).get(WAIT)).isEqualTo(1000);
    // S2 holds the value at S1 (it registered when it accepted the list): from here on, S2's hold
    // keeps it, however late the client's release comes
    await("S2 registered as a holder at S1").atMost(WAIT).until(() -> s1.holders() == 2);
    data = null; // the client's only reference to the value; the list on S2 still points to it
    clientTime.advance(Duration.ofSeconds(1)); // past the client's transit pin (200 ms)
    collectUntil(
        "the client's release of the value reached S1",
        () -> grid.stats(grid.server("S1")).store().releases().collected() >= 1);
    assertThat(s1.storeSize()).as("S1 keeps the value the list on S2 refers to").isEqualTo(1);
    assertThat(on2.totalLength(list).get(WAIT)).as("and S2 can still read it").isEqualTo(1000);

    list = null; // the list goes: S2 frees it, then its references inside are garbage there too
    collectUntil("S1 and S2 hold nothing", () -> s1.storeSize() == 0 && s2.storeSize() == 0);
    ServerStats.Releases r = grid.stats(grid.server("S1")).store().releases();
    assertThat(r.collected())
        .as("releases by collection on S1 (the client's, then S2's)")
        .isGreaterThanOrEqualTo(2);
  }

  /** A value of 1,000 bytes that S1 made: the batch that makes it was accepted, so a call dropped later is not it. */
  static RemoteReference<byte[]> madeOnS1(Grid grid) {
    RemoteReference<byte[]> data =
        grid.async(HoldingAsync.class, grid.server("S1")).make(1000, 1);
    data.get(WAIT);
    return data;
  }

  /** Collects garbage until the Grid's release of a value of S1 (its last reference dropped) reached S1. */
  static void untilTheClientsReleaseReachedS1(Grid grid) {
    collectUntil(
        "the client's release of the value reached S1",
        () -> grid.stats(grid.server("S1")).store().releases().collected() >= 1);
  }

  /**
   * Sends S2 a list holding a value of S1 ({@code send}: the list S2 keeps), once {@code fault} ran, then drops the
   * Grid's own reference: the Grid's release reaches S1 (its transit pins last 200 ms on a ticker nobody moves here,
   * so only the server's word ends them), and S1 keeps the value for S2.
   */
  void s2KeepsAValueOfS1TheGridLetGoOf(
      Grid grid,
      GridServer s1,
      Runnable fault,
      Function<RemoteReference<byte[]>, RemoteReference<List<RemoteReference<byte[]>>>> send) {
    HoldingAsync on2 = grid.async(HoldingAsync.class, grid.server("S2"));
    RemoteReference<byte[]> data = madeOnS1(grid);
    fault.run();
    RemoteReference<List<RemoteReference<byte[]>>> kept = send.apply(data);
    assertThat(on2.totalLength(kept).get(WAIT)).isEqualTo(1000);
    data = null;
    untilTheClientsReleaseReachedS1(grid);
    assertThat(s1.storeSize()).as("S1 keeps the value S2's list refers to").isEqualTo(1);
    assertThat(on2.totalLength(kept).get(WAIT)).isEqualTo(1000);
  }

  @Test
  void aReferenceSentInsideAnArgumentIsPinnedUntilTheServerHoldsItNotForATime() {
    GridServer s1 = server("S1", b -> b);
    Grid grid = grid(s1, server("S2", b -> b));
    HoldingAsync on2 = grid.async(HoldingAsync.class, grid.server("S2"));
    // S2's first hold of the value at S1 is lost: it is sent again, and S2 accepts the batch once
    // S1 has it
    s2KeepsAValueOfS1TheGridLetGoOf(
        grid, s1, () -> net.dropNext("S1", 1), data -> on2.keep(List.of(data)));
  }

  @Test
  void aReferenceTheServerHeldAfterItsReceiptIsUnpinnedOnceTheServerSaysSoNotAfterATime() {
    GridServer s1 = server("S1", b -> b);
    // S2 waits at most 200 ms (half its call timeout) for its holds before it answers a batch
    Grid grid = grid(s1, server("S2", b -> b.callTimeout(Duration.ofMillis(400))));
    HoldingAsync on2 = grid.async(HoldingAsync.class, grid.server("S2"));
    // S2's hold at S1 is answered only after three resends (50, 100, 200 ms): after S2's receipt,
    // which says not all references are held, so the Grid pins the one it sent under its transfer
    // and asks S2 later whether it holds it
    s2KeepsAValueOfS1TheGridLetGoOf(
        grid, s1, () -> net.dropNext("S1", "a hold", 3), data -> on2.keep(List.of(data)));
  }

  /**
   * Sends S2 a batch carrying a reference to a value of S1 whose receipt says S2 does not hold it yet (S2 and S1 are cut
   * apart, so S2's hold never arrives: the Grid keeps the reference pinned under the receipt's transfer), drops the
   * Grid's own reference, and ends S2's life by {@code gone}: the pin goes then, not with its time (200 ms on a ticker
   * nobody moves here), so the Grid's release reaches S1, which frees the value.
   */
  void thePinForAServerKnownGoneEnds(BiConsumer<Grid, GridServer> gone) {
    GridServer s1 = server("S1", b -> b);
    // S2 waits at most 200 ms (half its call timeout) for its holds before it answers a batch
    GridServer s2 = server("S2", b -> b.callTimeout(Duration.ofMillis(400)));
    Grid grid = grid(s1, s2);
    HoldingAsync on2 = grid.async(HoldingAsync.class, grid.server("S2"));
    RemoteReference<byte[]> data = madeOnS1(grid);
    net.partition("S1", "S2");
    on2.keep(List.of(data));
    assertThat(on2.make(1, 2).get(WAIT)).hasSize(1); // the batch carrying the list was accepted
    data = null;
    gone.accept(grid, s2);
    untilTheClientsReleaseReachedS1(grid);
    assertThat(s1.storeSize()).as("nobody holds the value any more").isZero();
  }

  @Test
  void aServerThatRefusesConnectionsIsGoneAndTheReferencesPinnedForItGoAtOnce() {
    // nothing listens at S2's address: the Grid's questions there are refused
    thePinForAServerKnownGoneEnds((grid, s2) -> net.kill("S2"));
  }

  @Test
  void aServerRestartedAtTheSameAddressIsANewLifeAndTheReferencesPinnedForTheOldOneGoAtOnce() {
    thePinForAServerKnownGoneEnds((grid, s2) -> {
      net.dropNext("S2", "a transfer check", 1_000_000); // the Grid's questions are all lost
      s2.close();
      server("S2", b -> b); // a new life at the address: the next receipt carries its node id
      HoldingAsync on2 = grid.async(HoldingAsync.class, grid.server("S2"));
      assertThat(on2.make(1, 3).get(WAIT)).hasSize(1);
    });
  }

  /**
   * A batch whose submit failed although S2 took it (its answer was lost): S2 runs its call, which keeps a reference to
   * a value of S1, but S2's hold of it reaches S1 only once S1 and S2 can talk again, after more than the Grid's transit
   * time (200 ms) on its ticker. The Grid keeps the reference pinned under the batch's transfer until S2 says it holds
   * it, so its own release reaches S1 only after S2's hold: S1 keeps the value, and S2's call reads it. (Before, the
   * pin lasted the transit time: the release reached S1 first, which freed the value; S2's read was NOT_FOUND.)
   */
  @Test
  void aReferenceInABatchWhoseSubmitFailedButTheServerTookStaysPinnedUntilTheServerHoldsIt() {
    GridServer s1 = server("S1", b -> b);
    // S2 waits at most 200 ms (half its call timeout) for its holds before it answers a batch
    Grid grid = grid(s1, server("S2", b -> b.callTimeout(Duration.ofMillis(400))));
    HoldingAsync on2 = grid.async(HoldingAsync.class, grid.server("S2"));
    RemoteReference<byte[]> data = madeOnS1(grid);
    net.partition("S1", "S2"); // S2's hold of the value waits
    net.loseAnswerOfNext("S2", "a batch", 1);
    stashInAFailedBatch(on2, data);
    data = null;
    clientTime.advance(Duration.ofSeconds(1)); // past the Grid's transit time
    // the Grid's release would reach S1 now if the pin went with the time
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    while (System.nanoTime() < end
        && grid.stats(grid.server("S1")).store().releases().collected() == 0) {
      System.gc();
      sleep(50);
    }
    net.heal(); // S2's hold reaches S1, S2 says so when asked, and the Grid lets go
    untilTheClientsReleaseReachedS1(grid);
    assertThat(s1.storeSize()).as("S1 keeps the value S2 stashed").isEqualTo(1);
    assertThat(on2.totalLength(on2.takeStashed()).get(WAIT)).isEqualTo(1000);
  }

  /**
   * A batch whose submit failed and that never reached S2 (held back on the way): the Grid pins the reference it carried
   * under the batch's transfer and asks S2, which never received it, gives it up and says it does not wait for it: the
   * pin ends then, with the Grid's ticker never moving (before, it lasted the transit time on that ticker: the release
   * never came). The batch arriving late is refused, and its call does not run.
   */
  @Test
  void aBatchThatNeverReachedTheServerIsUnpinnedOnceTheServerSaysSoAndRefusedIfItComesLate() {
    GridServer s1 = server("S1", b -> b);
    Grid grid = grid(s1, server("S2", b -> b));
    HoldingAsync on2 = grid.async(HoldingAsync.class, grid.server("S2"));
    RemoteReference<byte[]> data = madeOnS1(grid);
    net.holdBackNext("S2", "a batch", 1);
    stashInAFailedBatch(on2, data);
    data = null;
    untilTheClientsReleaseReachedS1(grid);
    assertThat(s1.storeSize()).as("nobody holds the value").isZero();
    GridException late = net.deliverHeldBack("S2");
    assertThat(late).as("the late batch is refused").isNotNull();
    assertThat(late.status()).isEqualTo(Status.CANCELLED);
    assertThat(late.getMessage()).contains("after its sender gave it up");
    assertThat(on2.takeStashed().get(WAIT)).as("its call did not run").isNull();
  }

  /** Has S2 stash a list holding {@code data} in a batch whose submit fails (the fault set before): UNAVAILABLE. */
  static void stashInAFailedBatch(HoldingAsync on2, RemoteReference<byte[]> data) {
    RemoteReference<Integer> stashed = on2.stash(List.of(data));
    assertThatThrownBy(() -> stashed.get(WAIT))
        .isInstanceOf(GridException.class)
        .extracting(e -> ((GridException) e).status())
        .isEqualTo(Status.UNAVAILABLE);
  }

  static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  @Test
  void aReferenceInsideAPutPushedWithTheBatchIsPinnedUntilTheServerHoldsItNotForATime() {
    GridServer s1 = server("S1", b -> b);
    Grid grid = grid(s1, server("S2", b -> b));
    HoldingAsync on2 = grid.async(HoldingAsync.class, grid.server("S2"));
    // the put is small: it goes to S2 inside the batch, whose receipt says S2 holds the reference
    // inside it
    s2KeepsAValueOfS1TheGridLetGoOf(grid, s1, () -> {}, data -> on2.same(grid.put(List.of(data))));
  }

  @Test
  void aCallTakingAListOfReferencesGoesOnlyOnceTheCallsMakingThemWereAcceptedOnTheirServers()
      throws Exception {
    GridServer s1 = server("S1", b -> b);
    GridServer s2 = server("S2", b -> b);
    GridServer s3 = server("S3", b -> b);
    Grid grid = grid(s1, s2, s3);
    HoldingAsync on1 = grid.async(HoldingAsync.class, grid.server("S1"));
    HoldingAsync on2 = grid.async(HoldingAsync.class, grid.server("S2"));
    HoldingAsync on3 = grid.async(HoldingAsync.class, grid.server("S3"));
    net.stall(
        "S3"); // S3 accepts nothing for now, so S1 does not get the call that takes S3's result
    // either
    RemoteReference<byte[]> data = on1.copy(on3.make(1000, 1));
    RemoteReference<Long> length = on2.totalLength(on2.keep(List.of(data)));
    // had S2 got its calls now, it would have read the reference in the list and asked S1 for a
    // value it never
    // heard of: NOT_FOUND (what ValueLifetimeTest saw once under load, when S1's batch went out
    // late)
    Thread.sleep(300);
    net.resume("S3");
    assertThat(length.get(WAIT)).isEqualTo(1000);
  }

  @Test
  void referencesInsideAFetchedValueAreHeldByTheClientWhileItKeepsThem() throws Exception {
    FrozenPair p = frozenPair();
    Grid grid = p.grid();
    GridServer s1 = p.s1();
    GridServer s2 = p.s2();
    HoldingAsync on1 = p.on1();
    HoldingAsync on2 = p.on2();
    RemoteReference<List<RemoteReference<byte[]>>> list =
        on2.keep(List.of(on1.make(500, 2), on1.make(700, 3)));
    List<RemoteReference<byte[]>> fetched = list.get(WAIT);
    clientTime.advance(Duration.ofSeconds(1)); // past the client's pins of the references it sent
    list = null;
    collectUntil("S2 let go of the list", () -> s2.storeSize() == 0);
    // two holds on S1 ended by collection: S2's (once its pins of the list's references let go),
    // or the client's own first ones, which its adopted references replaced
    collectUntil(
        "two collected releases reached S1",
        () -> grid.stats(grid.server("S1")).store().releases().collected() >= 2);
    assertThat(s1.storeSize())
        .as("the client's fetched references keep both values")
        .isEqualTo(2);
    assertThat(fetched.get(0).get(WAIT)).isEqualTo(HoldingImpl.content(500, 2));
    assertThat(fetched.get(1).get(WAIT)).isEqualTo(HoldingImpl.content(700, 3));

    fetched = null;
    collectUntil("S1 holds nothing", () -> s1.storeSize() == 0);
  }

  @Test
  void aServerLetsGoOfTheReferencesInsideAFetchedValueOnceTheClientHoldsThemNotAfterALease()
      throws Exception {
    // the servers' time never moves here: a pin that waits for a lease would keep S1's values
    FrozenPair p = frozenPair();
    GridServer s1 = p.s1();
    GridServer s2 = p.s2();
    HoldingAsync on1 = p.on1();
    HoldingAsync on2 = p.on2();
    RemoteReference<List<RemoteReference<byte[]>>> list =
        on2.keep(List.of(on1.make(500, 2), on1.make(700, 3)));
    List<RemoteReference<byte[]>> fetched = list.get(WAIT); // S2 pins the references it writes
    clientTime.advance(Duration.ofSeconds(1)); // past the client's pins of the references it sent
    assertThat(fetched.get(0).get(WAIT)).isEqualTo(HoldingImpl.content(500, 2));
    list = null;
    collectUntil("S2 let go of the list", () -> s2.storeSize() == 0);
    assertThat(s1.storeSize())
        .as("the client's fetched references keep both values")
        .isEqualTo(2);

    fetched = null; // the client's holds were answered: S2 was told, and unpinned at once
    collectUntil("S1 holds nothing, with no lease passing", () -> s1.storeSize() == 0);
  }

  /**
   * A reference this Grid made, read back inside a value (here a plain call's result) before the batch that makes it
   * reached its owner: resolved, it waited for nothing and asked the owner at once, which had not heard of it
   * (NOT_FOUND). It now waits for that batch's acceptance first, as the reference the call returned does.
   */
  @Test
  void aReferenceReadBackBeforeTheBatchMakingItArrivedWaitsForThatBatch() {
    FrozenPair p = frozenPair();
    Grid grid = p.grid();
    HoldingAsync on1 = p.on1();
    Holding plainOn2 = grid.plain(Holding.class, grid.server("S2"));
    net.stall("S1"); // the batch making the values waits; the plain call to S2 does not
    List<RemoteReference<byte[]>> made = List.of(on1.make(500, 2), on1.make(700, 3));
    List<RemoteReference<byte[]>> returned = plainOn2.same(made);
    net.resume("S1");
    assertThat(returned.get(1).get(WAIT)).isEqualTo(HoldingImpl.content(700, 3));
    java.lang.ref.Reference.reachabilityFence(made);
  }

  /**
   * A plain call's result is written by the transport's own stream, not by a fetch: the references a server wrote
   * inside it were pinned there for a lease (a period nobody acknowledged). Now the result names a transfer, and the
   * Grid acknowledges it once its holds of the references it read there were answered, as a fetcher does.
   */
  @Test
  void aServerLetsGoOfTheReferencesInsideAPlainCallsResultOnceTheClientHoldsThemNotAfterALease()
      throws Exception {
    // the servers' time never moves here: a pin that waits for a lease would keep S1's values
    FrozenPair p = frozenPair();
    Grid grid = p.grid();
    GridServer s1 = p.s1();
    GridServer s2 = p.s2();
    HoldingAsync on1 = p.on1();
    HoldingAsync on2 = p.on2();
    assertThat(on2.stash(List.of(on1.make(500, 2), on1.make(700, 3))).get(WAIT)).isEqualTo(2);
    // S2's service kept the references it was given, and writes them in the plain call's result
    List<RemoteReference<byte[]>> returned =
        grid.plain(Holding.class, grid.server("S2")).takeStashed();
    clientTime.advance(Duration.ofSeconds(1)); // past the client's pins of the references it sent
    assertThat(returned.get(1).get(WAIT)).isEqualTo(HoldingImpl.content(700, 3));
    collectUntil("S2 let go of its call's result", () -> s2.storeSize() == 0);
    assertThat(s1.storeSize()).as("the client's references keep both values").isEqualTo(2);

    returned = null; // S2 was told the client holds them, and unpinned its copies at once
    collectUntil("S1 holds nothing, with no lease passing", () -> s1.storeSize() == 0);
  }

  /**
   * A server writes references it holds inside a plain call's result and then lets go of them. The transport's stream
   * noticed none, so nothing pinned them, and the server's release could reach the owner before the reading Grid's
   * hold (here that hold is lost once, and sent again after a pause): the owner freed the value the Grid had just read
   * (NOT_FOUND). They are pinned now until the Grid acknowledges the result's transfer.
   */
  @Test
  void theReferencesInsideAPlainCallsResultStayHeldUntilTheGridHoldsThem() throws Exception {
    FrozenPair p = frozenPair();
    Grid grid = p.grid();
    GridServer s1 = p.s1();
    GridServer s2 = p.s2();
    HoldingAsync on1 = p.on1();
    HoldingAsync on2 = p.on2();
    // S2's service keeps the references: S2 holds both values on S1
    assertThat(on2.stash(List.of(on1.make(500, 2), on1.make(700, 3))).get(WAIT)).isEqualTo(2);
    clientTime.advance(Duration.ofSeconds(1)); // past the client's pins of the references it sent
    collectUntil(
        "the client let go of both values, and S2 of its call's result",
        () -> s2.storeSize() == 0
            && grid.stats(grid.server("S1")).store().releases().collected() >= 2);
    net.dropNext("S1", "a hold", 1); // the client's hold of what it reads next is lost once
    List<RemoteReference<byte[]>> returned =
        grid.plain(Holding.class, grid.server("S2")).takeStashed();
    collectFor(Duration.ofMillis(500)); // S2's references are garbage now: released unless pinned
    clientTime.advance(Duration.ofSeconds(1)); // the client's hold is sent again
    assertThat(returned.get(1).get(WAIT)).isEqualTo(HoldingImpl.content(700, 3));
  }

  @Test
  void aServerUnpinsWhatItSentToAFetcherOnceThatFetcherIsKnownRestartedNotAfterALease()
      throws Exception {
    // S1's time never moves here: a pin that waits for a lease would keep its values
    GridServer s1 = server("S1", b -> b);
    GridServer s2 = server("S2", b -> b);
    Grid grid = grid(s1, s2);
    HoldingAsync on1 = grid.async(HoldingAsync.class, grid.server("S1"));
    RemoteReference<List<RemoteReference<byte[]>>> list = on1.keep(List.of(on1.make(500, 2)));
    // S2 fetches the list from S1, which pins the reference inside under a transfer; S2's word that
    // it holds it never arrives
    net.dropNext("S1", "a transfer acknowledgement", 1_000_000);
    HoldingAsync on2 = grid.async(HoldingAsync.class, grid.server("S2"));
    assertThat(on2.totalLength(list).get(WAIT)).isEqualTo(500);
    list = null;
    clientTime.advance(Duration.ofSeconds(1)); // past the client's pins of the references it sent
    // S1 frees the list once S2 has said it has it (S2 ends its borrow itself) and the client let
    // go;
    // the value inside stays, pinned for S2
    collectUntil("S1 let go of the list", () -> s1.storeSize() == 1);
    s2.close(); // S2's life ends
    // a new life at S2's address fetches from S1: the life S1 pinned the reference for is gone
    server("S2", b -> b);
    HoldingAsync again = grid.async(HoldingAsync.class, grid.server("S2"));
    // its first receipt carries its node id: the Grid's next batch introduces S1 to it again
    assertThat(again.make(1, 1).get(WAIT)).hasSize(1);
    // made and sent before the call that takes it, so that S1 does not push it: S2 fetches it
    RemoteReference<byte[]> made = on1.make(10, 3);
    assertThat(made.get(WAIT)).hasSize(10);
    assertThat(again.crc(made).get(WAIT)).isNotZero();
    made = null;
    collectUntil("S1 holds nothing, with no lease passing", () -> s1.storeSize() == 0);
  }

  @Test
  void callsReleasedWhileTheyWaitForTheirArgumentsLeaveNothingAnywhere() {
    GridServer s1 = server("S1", b -> b);
    GridServer s3 = server("S3", b -> b);
    Grid grid = grid(s1, s3);
    HoldingAsync on1 = grid.async(HoldingAsync.class, grid.server("S1"));
    HoldingAsync on3 = grid.async(HoldingAsync.class, grid.server("S3"));
    RemoteReference<byte[]> a = on1.makeSlowly(1000, 1, 500);
    RemoteReference<Long> b = on3.crc(a); // S3 fetches a from S1, which is still making it
    RemoteReference<Long> c = on1.crc(a); // and a call on S1 itself waits for it too
    await().atMost(WAIT).until(() -> s3.fetchesInFlight() == 1);
    b.release();
    a.release(); // on S3 before its replica could exist, and on S1, where c still needs it
    assertThat(c.get(WAIT))
        .as("a call on the owner that still needs it gets it")
        .isEqualTo(crc(HoldingImpl.content(1000, 1)));
    c.release();
    await("nothing left on S1 or S3")
        .atMost(WAIT)
        .until(() -> s1.storeSize() == 0 && s3.storeSize() == 0 && s3.fetchesInFlight() == 0);
  }

  @Test
  void aFutureKeepsItsValueWhileItWaitsEvenWhenTheReferenceIsDropped() throws Exception {
    GridServer s1 = server("S1", b -> b);
    Grid grid = grid(s1);
    HoldingAsync on1 = grid.async(HoldingAsync.class, grid.server("S1"));
    java.util.concurrent.CompletableFuture<byte[]> f =
        on1.makeSlowly(1000, 4, 800).toCompletableFuture();
    collectFor(Duration.ofMillis(400)); // the reference object is garbage but for the future
    assertThat(f.get(10, TimeUnit.SECONDS)).isEqualTo(HoldingImpl.content(1000, 4));
    collectUntil("released once the future has it", () -> s1.storeSize() == 0);
  }

  @Test
  void aStoreOverItsBudgetSpillsTheLeastRecentlyUsedAndReadsThemBackBitExact() {
    Path spill = tmp.resolve("spill");
    GridServer s1 = server("S1", b -> b.maxStore(1_000_000).spillDir(spill).maxSpill(100_000_000));
    Grid grid = grid(s1);
    HoldingAsync on1 = grid.async(HoldingAsync.class, grid.server("S1"));
    List<RemoteReference<byte[]>> values = new ArrayList<>();
    for (int i = 0; i < 12; i++) values.add(on1.make(300_000, i));
    for (int i = 0; i < 12; i++)
      assertThat(on1.crc(values.get(i)).get(WAIT)).isEqualTo(crc(HoldingImpl.content(300_000, i)));
    ServerStats.Store st = grid.stats(grid.server("S1")).store();
    assertThat(st.memoryBytes()).as("bytes in memory").isLessThanOrEqualTo(1_000_000);
    assertThat(st.spilledBytes()).as("bytes on disk").isGreaterThanOrEqualTo(8 * 300_000L);
    for (int i = 11; i >= 0; i--) {
      assertThat(values.get(i).get(WAIT))
          .as("value %d read back", i)
          .isEqualTo(HoldingImpl.content(300_000, i));
    }
    values.forEach(RemoteReference::release);
    collectUntil(
        "spill files deleted",
        () -> spillFiles(spill) == 0); // the small results' references go by GC

    assertThat(grid.stats(grid.server("S1")).store().spilledBytes()).isZero();
  }

  @Test
  void aValueLargerThanBothBudgetsFailsWithResourceExhaustedNamingThem() {
    GridServer s1 =
        server("S1", b -> b.maxStore(100_000).spillDir(tmp.resolve("spill")).maxSpill(150_000));
    Grid grid = grid(s1);
    HoldingAsync on1 = grid.async(HoldingAsync.class, grid.server("S1"));
    assertThatThrownBy(() -> on1.make(200_000, 1).get(WAIT))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.RESOURCE_EXHAUSTED))
        .hasMessageContaining("server S1 cannot keep Holding.make on S1")
        .hasMessageContaining("0.20 MB")
        .hasMessageContaining("--max-store")
        .hasMessageContaining("--max-spill");
    assertThat(on1.make(50_000, 2).get(WAIT)).as("the server goes on").hasSize(50_000);
  }

  @Test
  void aSpillDirectoryThatCannotBeMadeIsRefusedAtStart() throws Exception {
    Path file = Files.writeString(tmp.resolve("a-file"), "x");
    assertThatThrownBy(() -> server("S1", b -> b.spillDir(file.resolve("spill"))))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining(
            "the spill directory " + file.resolve("spill") + " cannot be used by S1");
  }

  @Test
  void aCallThatRunsOutOfMemoryIsResourceExhaustedNamingItAndTheServerGoesOn() {
    GridServer s1 = server("S1", b -> b);
    Grid grid = grid(s1);
    HoldingAsync on1 = grid.async(HoldingAsync.class, grid.server("S1"));
    assertThatThrownBy(() -> on1.exhaust(1 << 30).get(WAIT))
        .isInstanceOfSatisfying(GridException.class, e -> {
          assertThat(e.status()).isEqualTo(Status.RESOURCE_EXHAUSTED);
          assertThat(e.chain()).containsExactly("Holding.exhaust on S1");
        })
        .hasMessageContaining("Holding.exhaust on S1 ran out of memory on server S1");
    assertThat(on1.make(10, 1).get(WAIT)).hasSize(10);
  }

  @Test
  void aServerWhoseStoreIsHalfFullHasTheClientCollectGarbage() throws Exception {
    GridServer s1 = server("S1", b -> b.maxStore(1_000_000).spillDir(tmp.resolve("spill")));
    Grid grid = Grid.builder()
        .servers(s1.address())
        .inProcess(net)
        .build(); // collects on pressure by default
    open.add(grid);
    HoldingAsync on1 = grid.async(HoldingAsync.class, grid.server("S1"));
    CountDownLatch explicitGc = explicitGcSeen();
    RemoteReference<byte[]> big = on1.make(600_000, 1);
    assertThat(on1.crc(big).get(WAIT)).isNotZero();
    on1.crc(big)
        .get(WAIT); // this batch's receipt says the store is more than half full, if the first did
    // not
    assertThat(explicitGc.await(5, TimeUnit.SECONDS))
        .as("a System.gc() after the server's receipt")
        .isTrue();
  }

  /** Counts down at the next collection whose cause is System.gc(). */
  static CountDownLatch explicitGcSeen() {
    CountDownLatch seen = new CountDownLatch(1);
    NotificationListener listener = (n, handback) -> {
      if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType()))
        return;
      var info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
      if ("System.gc()".equals(info.getGcCause())) seen.countDown();
    };
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      ((NotificationEmitter) gc).addNotificationListener(listener, null, null);
    }
    return seen;
  }

  static long crc(byte[] b) {
    java.util.zip.CRC32 c = new java.util.zip.CRC32();
    c.update(b);
    return c.getValue();
  }

  static long spillFiles(Path dir) throws java.io.IOException {
    try (var s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).count();
    }
  }
}
