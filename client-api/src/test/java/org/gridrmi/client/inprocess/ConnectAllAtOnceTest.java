package org.gridrmi.client.inprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.Test;

/**
 * A Grid given servers by address asks them all at once who they are, so that it connects to many in the time of the
 * slowest rather than the sum (a grid of 16 server JVMs).
 */
class ConnectAllAtOnceTest extends InProcessGridTest {
  private static final Duration DELAY = Duration.ofMillis(250);

  @Test
  void connectingToSixSlowServersTakesAboutOneServersTime() {
    List<GridServer> servers = new ArrayList<>();
    for (int i = 1; i <= 6; i++) servers.add(server("S" + i));
    for (GridServer s : servers) net.delay(s.address(), DELAY);
    long start = System.nanoTime();
    Grid g = Grid.builder()
        .servers(servers.stream().map(GridServer::address).toArray(String[]::new))
        .inProcess(net)
        .callTimeout(Duration.ofSeconds(5))
        .build();
    open.add(g);
    long millis = (System.nanoTime() - start) / 1_000_000;
    // in the order given, whatever order they answered in
    assertThat(g.servers())
        .extracting(ServerInfo::name)
        .containsExactly("S1", "S2", "S3", "S4", "S5", "S6");
    // one after the other: 6 servers x 2 questions x 250 ms = 3 s at least
    assertThat(millis).as("ms to connect").isLessThan(1_800);
  }

  @Test
  void anAddressThatDoesNotAnswerStillFailsTheConnectNamingIt() {
    GridServer s1 = server("S1");
    GridServer s2 = server("S2");
    net.kill(s2.address());
    assertThatThrownBy(() -> Grid.builder()
            .servers(s1.address(), s2.address())
            .inProcess(net)
            .callTimeout(SHORT)
            .build())
        .isInstanceOf(GridException.class)
        .hasMessageContaining(s2.address());
  }
}
