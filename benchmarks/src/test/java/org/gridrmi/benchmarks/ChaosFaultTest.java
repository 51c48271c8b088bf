package org.gridrmi.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.gridrmi.runtime.net.LinkPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What each fault does to whom: the link plans the servers and clients get, and when it strikes. */
class ChaosFaultTest {
  @TempDir
  Path dir;

  @Test
  void aPartitionDropsThePairBothWaysAndLeavesTheClientsAlone() {
    try (ChaosServers s = new ChaosServers(3, dir, dir.resolve("ledgers"), List.of(), List.of())) {
      String s1 = s.hostPort("S1");
      String s3 = s.hostPort("S3");
      LinkPlan onS3 = LinkPlan.parse(ChaosFault.PARTITION.serverLink(s, "S3", "lan"));
      LinkPlan onS1 = LinkPlan.parse(ChaosFault.PARTITION.serverLink(s, "S1", "lan"));
      assertThat(onS3.drops("127.0.0.1", port(s1))).isTrue();
      assertThat(onS3.drops("127.0.0.1", port(s.hostPort("S2")))).isFalse();
      assertThat(onS1.drops("127.0.0.1", port(s3))).isTrue();
      assertThat(onS3.inbound().describe())
          .isEqualTo(LinkPlan.parse("lan").inbound().describe());
      assertThat(ChaosFault.PARTITION.serverLink(s, "S2", "lan")).isEqualTo("lan");
      assertThat(ChaosFault.PARTITION.clientLink(s, "lan")).isEqualTo("lan");
      assertThat(ChaosFault.PARTITION.describe(s.names())).contains("S3", "S1");
    }
  }

  @Test
  void theSlowServerSendsAndReceivesOverTheWan() {
    try (ChaosServers s = new ChaosServers(3, dir, dir.resolve("ledgers"), List.of(), List.of())) {
      String wan = LinkPlan.parse("paper-wan").inbound().describe();
      assertThat(ChaosFault.SLOW.serverLink(s, "S3", "loopback")).isEqualTo("paper-wan");
      LinkPlan client = LinkPlan.parse(ChaosFault.SLOW.clientLink(s, "loopback"));
      assertThat(client.forPeer("127.0.0.1", port(s.hostPort("S3"))).describe()).isEqualTo(wan);
      assertThat(client.forPeer("127.0.0.1", port(s.hostPort("S1"))).describe()).isNotEqualTo(wan);
      assertThat(ChaosFault.SLOW.serverLink(s, "S1", "loopback"))
          .isEqualTo(ChaosFault.SLOW.clientLink(s, "loopback"));
    }
  }

  @Test
  void stopAndKillStrikeDuringThePhaseTheOthersForAllOfIt() {
    Duration stopFor = Duration.ofSeconds(10);
    assertThat(ChaosFault.STOP.strikeAt()).isEqualTo(ChaosFault.STRIKE_AT);
    assertThat(ChaosFault.STOP.healAt(stopFor)).isEqualTo(ChaosFault.STRIKE_AT.plus(stopFor));
    assertThat(ChaosFault.STOP.span(stopFor)).isGreaterThan(ChaosFault.STOP.healAt(stopFor));
    assertThat(ChaosFault.KILL.healAt(stopFor)).isNull();
    assertThat(ChaosFault.KILL.span(stopFor)).isGreaterThan(ChaosFault.KILL.strikeAt());
    assertThat(ChaosFault.PARTITION.strikeAt()).isNull();
    assertThat(ChaosFault.BASELINE.isFault()).isFalse();
    assertThat(ChaosFault.BASELINE.victim(List.of("S1", "S2", "S3"))).isNull();
    assertThat(List.of(ChaosFault.STOP, ChaosFault.KILL, ChaosFault.PARTITION).stream()
            .map(f -> f.victim(List.of("S1", "S2", "S3"))))
        .containsExactly("S1", "S2", "S3");
    assertThat(ChaosFault.parse(" Kill ")).isEqualTo(ChaosFault.KILL);
    assertThatThrownBy(() -> ChaosFault.parse("flood"))
        .hasMessageContaining("baseline, stop, kill, partition, slow");
  }

  private static int port(String hostPort) {
    return Integer.parseInt(hostPort.substring(hostPort.indexOf(':') + 1));
  }
}
