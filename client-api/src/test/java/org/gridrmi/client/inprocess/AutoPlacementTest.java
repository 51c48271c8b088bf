package org.gridrmi.client.inprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import org.gridrmi.client.CallOptions;
import org.gridrmi.client.Grid;
import org.gridrmi.client.Placement;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.Test;

/** Views placed call by call ({@code CallOptions.auto()}) on an in-process network: the fallback, a departed server. */
class AutoPlacementTest extends InProcessGridTest {
  Grid grid(String... names) {
    return grid(java.util.Arrays.stream(names).map(this::server).toArray(GridServer[]::new));
  }

  @Test
  void withoutCalibrationACallGoesWhereItsLargestArgumentIsAndExplainSaysSo() {
    Grid grid = grid("S1", "S2", "S3");
    WorkAsync on2 = grid.async(WorkAsync.class, grid.server("S2"));
    WorkAsync auto = grid.async(WorkAsync.class, CallOptions.auto());
    RemoteReference<byte[]> data = on2.make(50_000, token());
    data.get(Duration.ofSeconds(5)); // done: its size is known here now
    RemoteReference<Integer> n = auto.length(data, token());
    assertThat(n.get(Duration.ofSeconds(5))).isEqualTo(50_000);
    Placement p = grid.explain(n);
    assertThat(p.chosen()).isEqualTo("S2");
    assertThat(p.byModel()).isFalse();
    assertThat(p.call()).isEqualTo("Work.length");
    assertThat(p.reason())
        .contains("no calibration data yet")
        .contains("locality on S2")
        .containsPattern(
            "holds the largest argument \\(500[0-9]{2} bytes\\)"); // 50 kB and its codec's header
    assertThat(p.toString()).startsWith("Work.length placed on S2: no calibration data yet");
  }

  @Test
  void aChainOfAutomaticCallsStaysWithItsDataBeforeAnythingIsMeasured() {
    Grid grid = grid("S1", "S2");
    WorkAsync on2 = grid.async(WorkAsync.class, grid.server("S2"));
    WorkAsync auto = grid.async(WorkAsync.class, CallOptions.auto());
    RemoteReference<String> text = auto.append(on2.append(grid.put("a"), "b"), "c");
    assertThat(text.get(Duration.ofSeconds(5))).isEqualTo("abc");
    assertThat(grid.explain(text).chosen()).isEqualTo("S2");
    assertThat(grid.explain(text).reason()).contains("holds the most arguments");
  }

  @Test
  void callsPlacedOnADepartedServerFailAsUnavailableAndThePolicyStopsChoosingIt() {
    Grid grid = grid("S1", "S2");
    WorkAsync on2 = grid.async(WorkAsync.class, grid.server("S2"));
    WorkAsync auto = grid.async(WorkAsync.class, CallOptions.auto());
    RemoteReference<String> x = grid.put("x");
    RemoteReference<String> there = on2.append(x, "y");
    there.get(Duration.ofSeconds(5));
    // the Grid's link to S2 renews its lease once as soon as it holds something there, then not for
    // a
    // third of the lease: wait for that first renewal, so that no message of the Grid's own finds
    // S2
    // gone before the placement below (it would, on a loaded machine, and S2 would be left out)
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> grid.stats(grid.server("S2")).calls().leaseRenewals() > 0);
    net.kill("S2");
    RemoteReference<String> first = auto.append(there, "z"); // its argument is on S2: placed there
    assertThat(grid.explain(first).chosen()).isEqualTo("S2");
    // append is @Idempotent: like any such call whose server is gone, it is made again elsewhere
    // (its input too)
    assertThat(first.get(Duration.ofSeconds(5))).isEqualTo("xyz");
    RemoteReference<String> next = auto.append(there, "w");
    assertThat(grid.explain(next).chosen()).isEqualTo("S1");
    assertThat(grid.explain(next).reason()).doesNotContain("S2");
    RemoteReference<String> notIdempotent = auto.slow(there, 1); // on S1, whose fetch from S2 fails
    assertThatThrownBy(() -> notIdempotent.get(Duration.ofSeconds(5)))
        .isInstanceOf(GridException.class)
        .satisfies(e -> assertThat(((GridException) e).status()).isEqualTo(Status.UNAVAILABLE));
    RemoteReference<String> fresh = auto.append(grid.put("p"), "q");
    assertThat(fresh.get(Duration.ofSeconds(5))).isEqualTo("pq");
    assertThat(grid.explain(fresh).chosen()).isEqualTo("S1");
    java.lang.ref.Reference.reachabilityFence(x); // no release of x reaches S2 early either
  }

  @Test
  void explainRefusesReferencesNotPlacedAutomatically() {
    Grid grid = grid("S1");
    RemoteReference<String> pinned =
        grid.async(WorkAsync.class, grid.server("S1")).append(grid.put("a"), "b");
    assertThatThrownBy(() -> grid.explain(pinned))
        .isInstanceOf(GridException.class)
        .satisfies(e -> assertThat(((GridException) e).status()).isEqualTo(Status.NOT_FOUND))
        .hasMessageContaining("CallOptions.auto()");
    assertThatThrownBy(() -> grid.explain(grid.put("v")))
        .isInstanceOf(GridException.class)
        .satisfies(e -> assertThat(((GridException) e).status()).isEqualTo(Status.NOT_FOUND));
    assertThatThrownBy(() -> grid.explain(RemoteReference.of("inline")))
        .isInstanceOf(GridException.class)
        .satisfies(e -> assertThat(((GridException) e).status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("only calls of a view made with CallOptions.auto()");
  }

  @Test
  void anAutomaticViewTakesNoServer() {
    Grid grid = grid("S1");
    assertThat(CallOptions.auto().withServer(grid.server("S1")).automatic()).isFalse();
    assertThat(CallOptions.auto().withDeadline(Duration.ofSeconds(1)).automatic())
        .isTrue();
    assertThatThrownBy(() -> new CallOptions(grid.server("S1"), null, true))
        .isInstanceOf(GridException.class)
        .hasMessageContaining("takes no server");
  }
}
