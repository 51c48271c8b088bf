package org.gridrmi.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.client.CallOptions;
import org.gridrmi.client.Fig2Service;
import org.gridrmi.client.Fig2ServiceAsync;
import org.gridrmi.client.Fig2ServiceImpl;
import org.gridrmi.client.Grid;
import org.gridrmi.client.Placement;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.internal.Views;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Automatic placement across real server processes: S1 and S2 on a LAN with the client, S3 behind the paper's
 * wide-area link. Once the servers measured their links and compute times, a chain on a large value S3 made runs on
 * S3, where its data is, and the value never crosses the WAN.
 */
class PlacementProcessesIT {
  static final String LINKS = "default=lan,S3=paper-wan";
  static final int MB = 1 << 20;
  static ItServers servers;
  static final List<ServerProcess> processes = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    servers = new ItServers("placement-");
    for (String name : List.of("S1", "S2", "S3")) {
      processes.add(servers.start(
          name,
          List.of(),
          "--link",
          LINKS,
          "--service",
          Fig2Service.class.getName() + "=" + Fig2ServiceImpl.class.getName()));
    }
  }

  @AfterAll
  static void stop() {
    servers.close();
  }

  @Test
  void aChainFollowsItsDataToTheServerThatHoldsIt() {
    String[] addresses = processes.stream().map(ServerProcess::address).toArray(String[]::new);
    try (Grid grid = Grid.builder().link(LINKS).connect(addresses).build()) {
      Fig2ServiceAsync auto = grid.async(Fig2ServiceAsync.class, CallOptions.auto());
      // every server runs the chain's methods once (so each knows its compute time), and the links
      // are probed
      for (ServerInfo s : grid.servers()) {
        Fig2ServiceAsync on = grid.async(Fig2ServiceAsync.class, s);
        assertThat(on.length(on.method1(1024, 1)).get(Duration.ofSeconds(30))).isEqualTo(1024);
        on.method2(on.method1(1024, 2)).get(Duration.ofSeconds(30));
      }
      grid.links().probe();
      Views.placementOf(auto).refreshNow();
      ServerInfo s3 = grid.server("S3");
      RemoteReference<byte[]> data = grid.async(Fig2ServiceAsync.class, s3).method1(MB, 7);
      assertThat(data.get(Duration.ofSeconds(30)))
          .hasSize(MB); // a done value: the client knows its size now
      long s1Before = grid.stats(grid.server("S1")).receivedFrom(s3.address());

      RemoteReference<Long> sum = auto.method2(data);
      RemoteReference<Integer> length = auto.length(data);

      assertThat(sum.get(Duration.ofSeconds(30)))
          .isEqualTo(new Fig2ServiceImpl().method2(new Fig2ServiceImpl().method1(MB, 7)));
      assertThat(length.get(Duration.ofSeconds(30))).isEqualTo(MB);
      Placement p = grid.explain(sum);
      System.out.println(p);
      assertThat(p.byModel()).as(p.reason()).isTrue();
      assertThat(p.chosen()).isEqualTo("S3");
      assertThat(grid.explain(length).chosen()).isEqualTo("S3");
      Placement.Candidate onS1 = p.candidates().stream()
          .filter(c -> c.server().equals("S1"))
          .findFirst()
          .orElseThrow();
      // elsewhere the model counts the value crossing the WAN: t_s + 1 MB x t_w of paper-wan, about
      // a third of a second
      assertThat(onS1.transfers()).anySatisfy(t -> {
        assertThat(t.from()).isEqualTo("S3");
        assertThat(t.time()).isGreaterThan(Duration.ofMillis(200));
      });
      assertThat(grid.stats(grid.server("S1")).receivedFrom(s3.address()) - s1Before)
          .as("bytes S1 got from S3")
          .isLessThan(64 * 1024);
    }
  }
}
