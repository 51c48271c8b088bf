package org.gridrmi.client.inprocess;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.gridrmi.client.Grid;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.InternalInProcess;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.Test;

/**
 * A link probe reaches only a server's known peers: a caller cannot make a server connect to addresses of its
 * choosing (nor make them known peers, from which it would then fetch).
 */
class ProbeOutsidersTest {
  private static Transport outsider(InProcessNetwork net) {
    return InternalInProcess.transport(
        net,
        "M",
        Timeouts.DEFAULT,
        new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of()).filter());
  }

  @Test
  void aProbeOfAnAddressNobodyIntroducedConnectsNowhere() {
    InProcessNetwork net = new InProcessNetwork();
    try (GridServer s1 = GridServer.builder()
            .name("S1")
            .inProcess(net)
            .export(Holding.class, new HoldingImpl())
            .start();
        GridServer outside = GridServer.builder()
            .name("X")
            .inProcess(net)
            .export(Holding.class, new HoldingImpl())
            .start()) {
      Transport attacker = outsider(net);
      long before = net.delivered("X");
      attacker
          .client(s1.address())
          .within(Duration.ofSeconds(10).toNanos())
          .probeLinks(List.of(outside.address()));
      assertThat(net.delivered("X")).as("calls S1 made to X").isEqualTo(before);
      // nor did it become a known peer: probing again still reaches nothing
      attacker
          .client(s1.address())
          .within(Duration.ofSeconds(10).toNanos())
          .probeLinks(List.of(outside.address()));
      assertThat(net.delivered("X")).as("calls S1 made to X").isEqualTo(before);
    }
  }

  @Test
  void theServersOfAGridThatIntroducedThemAreProbed() {
    InProcessNetwork net = new InProcessNetwork();
    try (GridServer s1 = GridServer.builder()
            .name("S1")
            .inProcess(net)
            .export(Holding.class, new HoldingImpl())
            .start();
        GridServer s2 = GridServer.builder()
            .name("S2")
            .inProcess(net)
            .export(Holding.class, new HoldingImpl())
            .start();
        Grid grid =
            Grid.builder().servers(s1.address(), s2.address()).inProcess(net).build()) {
      HoldingAsync on1 = grid.async(HoldingAsync.class, grid.server("S1"));
      on1.makeSlowly(10, 1, 0).get(Duration.ofSeconds(10)); // a batch introduces the Grid's servers
      long before = net.delivered("S2");
      outsider(net)
          .client(s1.address())
          .within(Duration.ofSeconds(10).toNanos())
          .probeLinks(List.of(s2.address()));
      assertThat(net.delivered("S2")).as("calls S1 made to S2").isGreaterThan(before);
    }
  }
}
