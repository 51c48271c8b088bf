package org.gridrmi.client.inprocess;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.points.PointOps;
import com.example.points.PointOpsAsync;
import com.example.points.PointOpsImpl;
import java.util.List;
import org.gridrmi.client.Grid;
import org.gridrmi.runtime.serial.Codecs;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.Test;

/** A user's record list made on S1 and taken by S2 moves with the fast codec, not Java serialization. */
class FastCodecChainTest extends InProcessGridTest {
  @Test
  void aUsersRecordListMovesServerToServerWithTheFastCodec() throws Exception {
    GridServer s1 = server("S1", b -> b.export(PointOps.class, new PointOpsImpl()));
    GridServer s2 = server("S2", b -> b.export(PointOps.class, new PointOpsImpl()));
    Grid grid = grid(s1, s2);
    PointOpsAsync on1 = grid.async(PointOpsAsync.class, grid.server("S1"));
    PointOpsAsync on2 = grid.async(PointOpsAsync.class, grid.server("S2"));
    long foryBefore = Codecs.written().getOrDefault("fory", 0L);

    long sum = on2.sumIds(on1.make(20_000)).get(java.time.Duration.ofSeconds(10));

    assertThat(sum).isEqualTo(20_000L * 19_999 / 2);
    assertThat(Codecs.written().getOrDefault("fory", 0L)).isGreaterThan(foryBefore);
    assertThat(grid.stats(grid.server("S2")).valuesByCodec()).containsKey("fory");
  }

  @Test
  void aClientGetsAUsersRecordListTheFastCodecMoved() {
    GridServer s1 = server("S1", b -> b.export(PointOps.class, new PointOpsImpl()));
    Grid grid = grid(s1);
    PointOpsAsync on1 = grid.async(PointOpsAsync.class, grid.server("S1"));
    long foryBefore = Codecs.written().getOrDefault("fory", 0L);

    List<PointOps.Pt> points = on1.make(1_000).get(java.time.Duration.ofSeconds(10));

    assertThat(points).hasSize(1_000).contains(new PointOps.Pt(7, "p7", 3.5));
    assertThat(Codecs.written().getOrDefault("fory", 0L)).isGreaterThan(foryBefore);
  }
}
