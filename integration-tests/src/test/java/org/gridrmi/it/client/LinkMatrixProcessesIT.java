package org.gridrmi.it.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.gridrmi.client.Grid;
import org.gridrmi.client.LinkEstimate;
import org.gridrmi.client.MethodTime;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A link matrix across server processes: only the links touching S2 are slow (20 ms, 5 MB/s), and what each server
 * learns of its links shows it: S1's t_s to S2 is about 20 ms, to S3 near zero. The bounds are generous (a factor of
 * two, and 5 ms for loopback): the check is which pair is slow, not the machine's speed.
 */
class LinkMatrixProcessesIT {
  static final String MATRIX = "default=loopback,S2=delay=20ms,bw=5MB/s";
  static final Duration WAIT = Duration.ofSeconds(60);
  static ItServers servers;
  static ServerProcess p1;
  static ServerProcess p2;
  static ServerProcess p3;

  static ServerProcess server(String name) {
    return servers.start(
        name,
        List.of("-Xmx256m"),
        "--link",
        MATRIX,
        "--service",
        BulkData.class.getName() + "=" + BulkDataImpl.class.getName());
  }

  @BeforeAll
  static void start() throws Exception {
    servers = new ItServers("link-matrix-");
    p1 = server("S1");
    p2 = server("S2");
    p3 = server("S3");
  }

  @AfterAll
  static void stop() {
    servers.close();
  }

  private static Grid grid(String link) {
    return Grid.builder()
        .servers(p1.address(), p2.address(), p3.address())
        .link(link)
        .build();
  }

  private static LinkEstimate to(List<LinkEstimate> links, ServerProcess peer) {
    return links.stream()
        .filter(l -> l.peer().equals(peer.address()))
        .findFirst()
        .orElseThrow(() ->
            new AssertionError("no estimate of the link to " + peer.address() + " in " + links));
  }

  @Test
  void theLinksTouchingTheNamedServerAreLearnedSlowAndTheOthersFast() {
    try (Grid grid = grid(MATRIX)) {
      Map<String, List<LinkEstimate>> links = Map.of();
      for (int i = 0; i < 3; i++)
        links = grid.links().probe(); // more samples than a cold first fetch
      System.out.println(
          "link matrix IT: " + links + "\n  client: " + grid.links().own());
      LinkEstimate s1s2 = to(links.get("S1"), p2);
      LinkEstimate s1s3 = to(links.get("S1"), p3);
      LinkEstimate s3s2 = to(links.get("S3"), p2);
      assertThat(s1s2.ts()).as("S1 -> S2: t_s of 20 ms").isBetween(0.010, 0.040);
      assertThat(s3s2.ts()).as("S3 -> S2: t_s of 20 ms").isBetween(0.010, 0.040);
      assertThat(s1s3.ts()).as("S1 -> S3: loopback").isLessThan(0.005);
      assertThat(s1s2.knowsBandwidth()).isTrue();
      assertThat(s1s2.tw()).as("S1 -> S2: 5 MB/s is 0.2 us per byte").isBetween(0.1e-6, 0.4e-6);
      assertThat(to(grid.links().own(), p2).ts())
          .as("client -> S2: S2's rule applies to the client too")
          .isBetween(0.010, 0.040);
      assertThat(to(grid.links().own(), p1).ts()).as("client -> S1: loopback").isLessThan(0.005);
      assertThat(grid.stats(grid.server("S1")).links())
          .extracting(LinkEstimate::peer)
          .contains(p2.address(), p3.address());
    }
  }

  @Test
  void eachServerLearnsItsComputeTimePerMethod() {
    try (Grid grid = grid(MATRIX)) {
      BulkDataAsync on3 = grid.async(BulkDataAsync.class, grid.server("S3"));
      for (int i = 0; i < 5; i++) on3.checksum(on3.doubles(10_000, i)).get(WAIT);
      List<MethodTime> methods = grid.stats(grid.server("S3")).methods();
      assertThat(methods)
          .filteredOn(m -> m.method().equals("BulkData.checksum"))
          .singleElement()
          .satisfies(m -> {
            assertThat(m.calls()).isGreaterThanOrEqualTo(5);
            assertThat(m.meanSeconds()).isPositive();
          });
      assertThat(methods).extracting(MethodTime::method).contains("BulkData.doubles");
    }
  }

  @Test
  void aMatrixNamingAServerTheGridDoesNotHaveIsRefusedWhenTheGridIsBuilt() {
    assertThatThrownBy(() -> grid("default=loopback,S2=lan,S9-S1=paper-wan"))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("S9")
        .hasMessageContaining("S1, S2, S3");
  }
}
