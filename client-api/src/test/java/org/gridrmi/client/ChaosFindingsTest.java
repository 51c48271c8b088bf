package org.gridrmi.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.client.it.Fig2Service;
import org.gridrmi.client.it.Fig2ServiceAsync;
import org.gridrmi.client.it.Fig2ServiceImpl;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/** What the chaos benchmark found, reduced to three servers and a Grid on an in-process network. */
class ChaosFindingsTest {
  final InProcessNetwork net = new InProcessNetwork();
  final List<GridServer> servers = new ArrayList<>();
  Grid grid;

  @BeforeEach
  void start() {
    for (String n : List.of("S1", "S2", "S3")) {
      servers.add(GridServer.builder().name(n).inProcess(net).lease(Duration.ofSeconds(60))
          .export(Fig2Service.class, new Fig2ServiceImpl()).start());
    }
    grid = Grid.builder().inProcess(net).servers(servers.stream().map(GridServer::address).toArray(String[]::new))
        .build();
  }

  @AfterEach
  void stop() {
    grid.close();
    servers.forEach(GridServer::close);
  }

  Fig2ServiceAsync on(String name) {
    return grid.async(Fig2ServiceAsync.class, grid.server(name));
  }

  GridServer server(String name) {
    return servers.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
  }

  /** Values held on {@code s} once releases had 2 s to land. */
  static int settled(GridServer s) throws InterruptedException {
    long end = System.nanoTime() + 2_000_000_000L;
    while (s.storeSize() > 0 && System.nanoTime() < end) Thread.sleep(20);
    return s.storeSize();
  }

  /**
   * S3 runs {@code concat(a, c)} and fetches {@code a} from S1, which is still computing it. The chain fails at once
   * (its last call's server is gone), so the scope releases {@code a} on S3 (it borrows it) before S3 has it, and
   * the call on S3, which is still pending. Neither stops S3's fetch: when {@code a} arrives, S3 keeps it as a
   * replica held for the client, whose release came too early. It stays one lease after the client closed.
   */
  @Disabled("core defect: a replica fetched after its borrower release is held for the client until its lease "
      + "lapses (releasing a pending call does not stop its fetches, and a release that finds no value leaves no mark)")
  @Test
  void aReplicaFetchedAfterItsReleaseIsLeftOnTheBorrowerAfterTheGridClosed() throws Exception {
    net.kill("S2");
    try (GridScope scope = grid.scope()) {
      RemoteReference<String> a = on("S1").slowOnce(RemoteReference.of("a"), "b", 500); // S3 waits for it
      RemoteReference<String> b = on("S3").concat(a, RemoteReference.of("c"));
      RemoteReference<String> c = on("S2").echo(b); // S2 is gone: the chain fails at once
      assertThatThrownBy(c::get).isInstanceOfSatisfying(GridException.class,
          e -> assertThat(e.status()).isEqualTo(Status.UNAVAILABLE));
    } // releases a (on S1 and on S3, which borrows it) and b while S3 still waits for a
    Thread.sleep(1_000); // a is made; S3's fetch brings it
    grid.close();
    assertThat(settled(server("S1"))).isZero();
    assertThat(settled(server("S3"))).as("values left on S3 after its only client closed").isZero();
  }

  /** Recovery makes values no reference of the caller names: once their value is here, it releases them itself. */
  @Test
  void theValueOfACallReRunByRecoveryIsReleasedWithItsReference() throws Exception {
    String value;
    try (GridScope scope = grid.scope()) {
      // both @Idempotent: recovery makes the lost input again too
      RemoteReference<String> r = on("S2").slowAppend(on("S2").slowAppend(RemoteReference.of("x"), "y", 300), "z", 1);
      Thread.sleep(100); // on its way to S2, or running there
      net.kill("S2");
      value = r.get(Duration.ofSeconds(10)); // re-made on S1 or S3
    } // releases r and its input: their values are wherever recovery made them
    assertThat(value).isEqualTo("xyz");
    assertThat(settled(server("S1")) + settled(server("S3"))).as("values left on S1 and S3 while the Grid is open, "
        + "after the only reference was released").isZero();
  }
}
