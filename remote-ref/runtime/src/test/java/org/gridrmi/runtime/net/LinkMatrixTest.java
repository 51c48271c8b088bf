package org.gridrmi.runtime.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** A link per pair of named nodes: default, then every link of a named server, then a named pair (most specific). */
class LinkMatrixTest {
  private static final String MATRIX = "default=lan,S3=paper-wan,S3-S4=lan,S2=delay=20ms,bw=5MB/s";

  private static String link(String self, String peer) {
    return LinkPlan.parse(MATRIX).as(self).inbound(peer).describe();
  }

  @Test
  void theMostSpecificRuleWinsSeenFromEitherEnd() {
    assertThat(link("S1", "S4")).startsWith("lan"); // default
    assertThat(link("S1", "S3")).startsWith("paper-wan"); // every link touching S3
    assertThat(link("S3", "S1")).startsWith("paper-wan"); // the same pair from the other end
    assertThat(link("S3", "S4")).startsWith("lan"); // the pair beats S3's rule
    assertThat(link("S4", "S3")).startsWith("lan");
    assertThat(link("client", "S2"))
        .startsWith("custom (20 ms, 5.00 MB/s)"); // a profile with commas in a rule
    assertThat(link("S1", null)).startsWith("lan"); // a peer that did not say its name: the default
  }

  @Test
  void aLinkBetweenTwoNamedServersTakesTheSlowerOfTheirRules() {
    assertThat(link("S2", "S3")).startsWith("paper-wan");
    assertThat(link("S3", "S2")).startsWith("paper-wan");
  }

  @Test
  void outboundConnectionsUseThePeersNameAndAnAddressRuleBeatsIt() {
    LinkPlan plan =
        LinkPlan.parse("default=loopback,S2=lan,127.0.0.1:5009=paper-wan").as("S1");
    assertThat(plan.forPeer("127.0.0.1", 5002, "S2").describe()).startsWith("lan");
    assertThat(plan.forPeer("127.0.0.1", 5009, "S2").describe()).startsWith("paper-wan");
    assertThat(plan.forPeer("127.0.0.1", 5003, "S3")).isSameAs(LinkShaper.NONE);
  }

  @Test
  void aNamedPeerMayBeCutOff() {
    LinkPlan plan = LinkPlan.parse("default=lan,S1-S3=drop").as("S1");
    assertThat(plan.drops("127.0.0.1", 5003, "S3")).isTrue();
    assertThat(plan.drops("127.0.0.1", 5002, "S2")).isFalse();
    assertThat(LinkPlan.parse("default=lan,S1-S3=drop").as("S3").dropsInbound("S1"))
        .isTrue();
  }

  @Test
  void onlyAMatrixWithNamesNeedsPeersToSayTheirNames() {
    assertThat(LinkPlan.parse(MATRIX).byName()).isTrue();
    assertThat(LinkPlan.parse(MATRIX).names()).containsExactlyInAnyOrder("S2", "S3", "S4");
    assertThat(LinkPlan.parse("lan").byName()).isFalse();
    assertThat(LinkPlan.parse("default=lan,127.0.0.1:5003=drop").byName()).isFalse();
    assertThat(LinkPlan.parse("lan").as("S1").inbound(null).describe())
        .startsWith("lan"); // plain --link unchanged
  }

  @Test
  void namesThatAreNotServersOfTheGridAreRefusedNamingThem() {
    LinkPlan plan = LinkPlan.parse(MATRIX);
    plan.checkNames(Set.of("S1", "S2", "S3", "S4"));
    assertThatThrownBy(() -> plan.checkNames(Set.of("S1", "S2", "S3")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("S4")
        .hasMessageContaining("S1, S2, S3");
    LinkPlan.parse("default=lan,client=paper-wan")
        .checkNames(Set.of("S1")); // the client is always a node
  }

  @Test
  void badMatricesAreRefusedNamingTheBadPart() {
    assertThatThrownBy(() -> LinkPlan.parse("default=lan,S3-S3=lan"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("S3-S3")
        .hasMessageContaining("twice");
    assertThatThrownBy(() -> LinkPlan.parse("default=lan,S3=warp"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("warp");
    assertThatThrownBy(() -> LinkPlan.parse("default=lan,S3=delay=fast"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("fast");
    assertThatThrownBy(() -> LinkPlan.parse("default=lan,S3=lan,S3=paper-wan"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("S3")
        .hasMessageContaining("more than once");
    assertThatThrownBy(() -> LinkPlan.parse("default=lan,S3-S4=lan,S4-S3=wan"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("S4-S3");
    assertThatThrownBy(() -> LinkPlan.parse("default=lan,A-B-C=lan"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("A-B-C");
    assertThatThrownBy(() -> LinkPlan.parse("default=lan,S3="))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("S3=");
    assertThatThrownBy(() -> LinkPlan.parse("default=drop,S3=lan"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("default cannot be drop");
  }
}
