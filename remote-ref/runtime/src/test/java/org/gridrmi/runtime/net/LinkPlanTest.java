package org.gridrmi.runtime.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;

/** A link per destination: one profile for all, or rules by peer address, including a partition (drop). */
class LinkPlanTest {
  @Test
  void aSingleProfileAppliesToEveryPeer() {
    LinkPlan plan = LinkPlan.parse("paper-wan");
    assertThat(plan.forPeer("127.0.0.1", 5001).describe()).startsWith("paper-wan");
    assertThat(LinkPlan.parse("delay=21ms,bw=3MB/s").forPeer("10.0.0.1", 1).describe())
        .startsWith("custom (21 ms");
    assertThat(LinkPlan.parse(null).forPeer("x", 1)).isSameAs(LinkShaper.NONE);
  }

  @Test
  void rulesByPeerAddressOverrideTheDefault() {
    LinkPlan plan = LinkPlan.parse("default=lan,127.0.0.1:5003=paper-wan,127.0.0.1:5004=drop");
    assertThat(plan.forPeer("127.0.0.1", 5001).describe()).startsWith("lan");
    assertThat(plan.forPeer("127.0.0.1", 5003).describe()).startsWith("paper-wan");
    assertThat(plan.drops("127.0.0.1", 5004)).isTrue();
    assertThat(plan.drops("127.0.0.1", 5003)).isFalse();
    assertThat(plan.describe()).contains("lan").contains("127.0.0.1:5004 dropped");
  }

  @Test
  void malformedPlansNameThePartAndTheForms() {
    assertThatThrownBy(() -> LinkPlan.parse("default=lan,5003=wan"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("5003")
        .hasMessageContaining("HOST:PORT");
    assertThatThrownBy(() -> LinkPlan.parse("default=lan,127.0.0.1:5003=nowhere"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("nowhere");
  }

  @Test
  void aDroppedPeerCannotBeConnectedToAndItSaysSo() throws IOException {
    try (ServerSocket peer = new ServerSocket(0);
        NetContext net = new NetContext(
            null,
            LinkPlan.parse("default=loopback,127.0.0.1:" + peer.getLocalPort() + "=drop"),
            200,
            null)) {
      long t0 = System.nanoTime();
      assertThatThrownBy(
              () -> net.clientFactory(null).createSocket("127.0.0.1", peer.getLocalPort()))
          .isInstanceOf(SocketTimeoutException.class)
          .hasMessageContaining("partition");
      assertThat((System.nanoTime() - t0) / 1_000_000)
          .as("like a real partition: the connect times out")
          .isBetween(150L, 5_000L);
    }
  }
}
