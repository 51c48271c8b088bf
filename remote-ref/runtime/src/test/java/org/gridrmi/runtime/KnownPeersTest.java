package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.gridrmi.runtime.transport.Caller;
import org.gridrmi.runtime.wire.Introduction;
import org.junit.jupiter.api.Test;

/**
 * The peers a server learns from its callers are bounded: at most {@code maxLearned}, the least recently used evicted
 * first; the server itself and its configured peers are never forgotten.
 */
class KnownPeersTest {
  private final KnownPeers peers =
      new KnownPeers(() -> "rmi://127.0.0.1:1000", List.of("rmi://127.0.0.1:2000"), 100);
  private final Caller caller = new Caller("127.0.0.1", null);

  private static List<String> addresses(int from, int n) {
    List<String> a = new ArrayList<>();
    for (int i = from; i < from + n; i++) a.add("rmi://127.0.0.2:" + i);
    return a;
  }

  @Test
  void batchesOfIntroducedAddressesNeverGrowItPastItsLimit() {
    for (int batch = 0; batch < 20; batch++) {
      peers.introduce(
          new Introduction(
              null,
              addresses(
                  10_000 + batch * Introduction.MAX_SERVERS / 10, Introduction.MAX_SERVERS / 10)),
          caller);
    }
    assertThat(peers.learned()).isEqualTo(100);
    assertThat(peers.known("rmi://127.0.0.2:10000"))
        .as("the oldest was evicted")
        .isFalse();
    int last = 10_000 + 20 * Introduction.MAX_SERVERS / 10 - 1;
    assertThat(peers.known("rmi://127.0.0.2:" + last)).as("the newest stays").isTrue();
    assertThat(peers.known("rmi://127.0.0.1:1000")).as("itself").isTrue();
    assertThat(peers.known("rmi://127.0.0.1:2000")).as("a configured peer").isTrue();
  }

  @Test
  void theLeastRecentlyUsedIsEvictedFirst() {
    peers.introduce(new Introduction(null, addresses(1, 100)), caller);
    assertThat(peers.known("rmi://127.0.0.2:1")).isTrue(); // used: now the most recent
    peers.introduce(new Introduction(null, addresses(1000, 1)), caller);
    assertThat(peers.known("rmi://127.0.0.2:1")).isTrue();
    assertThat(peers.known("rmi://127.0.0.2:2")).isFalse();
  }

  @Test
  void aCallerAtItsOwnHostIsLearnedUnderTheSameBound() {
    for (int i = 0; i < 500; i++) peers.calledFrom("rmi://127.0.0.1:" + (3000 + i), caller);
    assertThat(peers.learned()).isEqualTo(100);
    assertThat(peers.known("rmi://127.0.0.1:3499")).isTrue();
  }
}
