package org.gridrmi.it.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.ServerStats;
import org.gridrmi.client.Traffic;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The data plane across processes: values made on S1 are read on S2 bit for bit over S2's data connection to S1
 * (not through the client), up to 480 MB between two servers of 1 GB of heap; and an owner killed mid-transfer fails
 * the consumer's call alone, naming the owner, with nothing of the value left on the consumer.
 */
class DataPlaneProcessesIT {
  static final Duration WAIT = Duration.ofSeconds(120);
  static final int MB = 1 << 20;
  static ItServers servers;
  static ServerProcess p1;
  static ServerProcess p2;

  static ServerProcess server(String name, String... extra) {
    List<String> args = new ArrayList<>(
        List.of("--service", BulkData.class.getName() + "=" + BulkDataImpl.class.getName()));
    args.addAll(List.of(extra));
    return servers.start(name, List.of("-Xmx1g"), args.toArray(String[]::new));
  }

  @BeforeAll
  static void start() throws Exception {
    servers = new ItServers("data-plane-");
    p1 = server("S1");
    p2 = server("S2");
  }

  @AfterAll
  static void stop() {
    servers.close();
  }

  private static long ms(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  @Test
  void eightMegabytesOfDoublesMadeOnS1AreReadBitExactOnS2AndNotThroughTheClient() {
    int n = MB; // 8 MB
    try (Grid grid = Grid.connect(p1.address(), p2.address())) {
      ServerInfo s2 = grid.server("S2");
      BulkDataAsync on1 = grid.async(BulkDataAsync.class, grid.server("S1"));
      BulkDataAsync on2 = grid.async(BulkDataAsync.class, s2);
      on2.checksum(on1.doubles(1000, 1)).get(WAIT); // connections and classes warm
      ServerStats before = grid.stats(s2);
      Traffic clientBefore = grid.traffic();
      long start = System.nanoTime();

      RemoteReference<double[]> made = on1.doubles(n, 42);
      long sum = on2.checksum(made).get(WAIT);

      System.out.printf("data plane IT: 8 MB double[] S1 -> S2 in %d ms%n", ms(start));
      assertThat(sum).isEqualTo(BulkDataImpl.expected(n, 42));
      long s2FromS1 = grid.stats(s2).receivedFrom(p1.address()) - before.receivedFrom(p1.address());
      assertThat(s2FromS1).as("bytes S2 received from S1").isBetween(8L * n, 8L * n + 64 * 1024);
      assertThat(grid.traffic().since(clientBefore).receivedBytes())
          .as("bytes the client received")
          .isLessThan(8192);
      double[] atClient = made.get(WAIT); // and the same bits reach the client
      for (int i = 0; i < n; i++) {
        if (Double.doubleToRawLongBits(atClient[i]) != BulkDataImpl.bits(42, i)) {
          throw new AssertionError("element " + i + " of the value read by the client differs");
        }
      }
    }
  }

  /**
   * The receiver's admission control: S2 allocates an 8 MB {@code double[]} it fetches once, at its length, and
   * copies the data straight into it. Grown from 64 KB as its data arrived, it cost S2 another 4 MB of arrays and of
   * copying (1.5 times the value).
   */
  @Test
  void anEightMegabyteArrayIsAllocatedOnceOnTheServerThatFetchesIt() {
    int n = MB; // 8 MB
    try (Grid grid = Grid.connect(p1.address(), p2.address())) {
      BulkDataAsync on1 = grid.async(BulkDataAsync.class, grid.server("S1"));
      BulkDataAsync on2 = grid.async(BulkDataAsync.class, grid.server("S2"));
      for (int i = 0; i < 3; i++) on2.checksum(on1.doubles(n, i)).get(WAIT); // connections warm
      long least = Long.MAX_VALUE;
      for (int i = 0; i < 3; i++) { // the least of three: a thread of S2 may allocate beside it
        RemoteReference<double[]> made = on1.doubles(n, 9);
        made.get(WAIT); // made on S1 (the client's copy comes from S1)
        long before = on2.allocatedBytes().get(WAIT);
        assertThat(on2.checksum(made).get(WAIT)).isEqualTo(BulkDataImpl.expected(n, 9));
        least = Math.min(least, on2.allocatedBytes().get(WAIT) - before);
        made.release();
      }
      System.out.printf("data plane IT: S2 allocated %d bytes to fetch 8 MB%n", least);
      assertThat(least)
          .as("bytes S2 allocated to fetch and check an 8 MB double[]")
          .isBetween(8L * n, 8L * n + 8L * n / 8);
    }
  }

  @Test
  void aDoubleMatrixMadeOnS1IsReadBitExactOnS2() {
    try (Grid grid = Grid.connect(p1.address(), p2.address())) {
      BulkDataAsync on1 = grid.async(BulkDataAsync.class, grid.server("S1"));
      BulkDataAsync on2 = grid.async(BulkDataAsync.class, grid.server("S2"));
      long start = System.nanoTime();
      RemoteReference<double[][]> m = on1.rows(1000, 1000, 7);
      assertThat(on2.rowsChecksum(m).get(WAIT)).isEqualTo(BulkDataImpl.expected(1000L * 1000, 7));
      System.out.printf("data plane IT: double[1000][1000] S1 -> S2 in %d ms%n", ms(start));
      double[][] atClient = m.get(WAIT);
      assertThat(new BulkDataImpl().rowsChecksum(atClient))
          .isEqualTo(BulkDataImpl.expected(1000L * 1000, 7));
    }
  }

  @Test
  void fourHundredEightyMegabytesMoveBetweenServersOfOneGigabyteOfHeap() {
    int n = 60_000_000; // 480 MB
    long expected = BulkDataImpl.expected(n, 480);
    try (Grid grid = Grid.connect(p1.address(), p2.address())) {
      ServerInfo s2 = grid.server("S2");
      BulkDataAsync on1 = grid.async(BulkDataAsync.class, grid.server("S1"));
      BulkDataAsync on2 = grid.async(BulkDataAsync.class, s2);
      long before = grid.stats(s2).receivedFrom(p1.address());
      long start = System.nanoTime();
      RemoteReference<double[]> made = on1.doubles(n, 480);
      RemoteReference<Long> sum = on2.checksum(made);
      assertThat(sum.get(WAIT)).isEqualTo(expected);
      System.out.printf(
          "data plane IT: 480 MB double[] made on S1 and checked on S2 (-Xmx1g each) in %d ms%n",
          ms(start));
      assertThat(grid.stats(s2).receivedFrom(p1.address()) - before)
          .as("bytes S2 received from S1")
          .isGreaterThanOrEqualTo(8L * n);
      made.release();
      sum.release();
    }
  }

  @Test
  void killingTheOwnerMidTransferFailsTheConsumerNamingTheOwnerAndLeavesNothingOfTheValue()
      throws Exception {
    // a slow link from the owner, so that the transfer is still going when it dies
    ServerProcess owner = server("S3", "--link", "delay=1ms,bw=40MB/s");
    int n = 25_000_000; // 200 MB: five seconds on that link
    try (Grid grid = Grid.connect(p1.address(), p2.address(), owner.address())) {
      ServerInfo s2 = grid.server("S2");
      BulkDataAsync on3 = grid.async(BulkDataAsync.class, grid.server("S3"));
      BulkDataAsync on2 = grid.async(BulkDataAsync.class, s2);
      ServerStats before = grid.stats(s2);
      RemoteReference<Long> sum = on2.checksum(on3.doubles(n, 3));
      await("S2 is receiving the value")
          .atMost(WAIT)
          .pollInterval(Duration.ofMillis(50))
          .until(() ->
              grid.stats(s2).receivedFrom(owner.address()) - before.receivedFrom(owner.address())
                  > 8 * MB);
      long received =
          grid.stats(s2).receivedFrom(owner.address()) - before.receivedFrom(owner.address());
      owner.kill();
      long killed = System.nanoTime();

      assertThatThrownBy(() -> sum.get(WAIT)).isInstanceOfSatisfying(GridException.class, e -> {
        assertThat(e.status()).isEqualTo(Status.UNAVAILABLE);
        assertThat(e.getMessage()).contains(owner.address());
      });
      System.out.printf(
          "data plane IT: owner killed after S2 had %d MB of 200 MB; the consumer failed %d ms later%n",
          received / MB, ms(killed));
      assertThat(received).as("bytes S2 had when the owner died").isLessThan(8L * n);

      ServerStats after = grid.stats(s2);
      assertThat(after.store().memoryBytes())
          .as("bytes of values on S2 after the failed transfer")
          .isLessThan(before.store().memoryBytes() + MB);
      assertThat(after.store().spilledBytes()).isEqualTo(before.store().spilledBytes());
      // S2 goes on serving, with values from S1 too
      BulkDataAsync on1 = grid.async(BulkDataAsync.class, grid.server("S1"));
      assertThat(on2.checksum(on2.doubles(1000, 9)).get(WAIT))
          .isEqualTo(BulkDataImpl.expected(1000, 9));
      assertThat(on2.checksum(on1.doubles(MB, 10)).get(WAIT))
          .isEqualTo(BulkDataImpl.expected(MB, 10));
    }
  }
}
