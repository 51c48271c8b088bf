package org.gridrmi.client.inprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gridrmi.client.inprocess.ForgedValueTest.outsider;

import java.time.Duration;
import java.util.List;
import org.gridrmi.client.Grid;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.Test;

/**
 * A link probe reaches only a server's known peers: a caller cannot make a server connect to addresses of its
 * choosing (nor make them known peers, from which it would then fetch).
 */
class ProbeOutsidersTest {
  private static final long BOUND = Duration.ofSeconds(10).toNanos();

  private static GridServer server(InProcessNetwork net, String name) {
    return GridServer.builder()
        .name(name)
        .inProcess(net)
        .export(Holding.class, new HoldingImpl())
        .start();
  }

  @Test
  void aProbeOfAnAddressNobodyIntroducedConnectsNowhere() {
    InProcessNetwork net = new InProcessNetwork();
    try (GridServer s1 = server(net, "S1");
        GridServer outside = server(net, "X")) {
      NodeClient s1FromOutside = outsider(net).client(s1.address()).within(BOUND);
      long before = net.delivered("X");
      s1FromOutside.probeLinks(List.of(outside.address()));
      assertThat(net.delivered("X")).as("calls S1 made to X").isEqualTo(before);
      // nor did it become a known peer: probing again still reaches nothing
      s1FromOutside.probeLinks(List.of(outside.address()));
      assertThat(net.delivered("X")).as("calls S1 made to X").isEqualTo(before);
    }
  }

  @Test
  void theServersOfAGridThatIntroducedThemAreProbed() {
    InProcessNetwork net = new InProcessNetwork();
    try (GridServer s1 = server(net, "S1");
        GridServer s2 = server(net, "S2");
        Grid grid =
            Grid.builder().servers(s1.address(), s2.address()).inProcess(net).build()) {
      HoldingAsync on1 = grid.async(HoldingAsync.class, grid.server("S1"));
      on1.makeSlowly(10, 1, 0).get(Duration.ofSeconds(10)); // a batch introduces the Grid's servers
      long before = net.delivered("S2");
      outsider(net).client(s1.address()).within(BOUND).probeLinks(List.of(s2.address()));
      assertThat(net.delivered("S2")).as("calls S1 made to S2").isGreaterThan(before);
    }
  }
}
