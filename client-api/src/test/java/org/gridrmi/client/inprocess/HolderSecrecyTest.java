package org.gridrmi.client.inprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.gridrmi.client.Grid;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.InternalInProcess;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.Test;

/** A holder id is a capability: what a node tells anyone who asks (its {@code info()}) is never one. */
class HolderSecrecyTest {
  static final Duration WAIT = Duration.ofSeconds(10);

  @Test
  void theIdAGridsNodeTellsAnyoneCannotReleaseOrCancelWhatTheGridHolds() {
    InProcessNetwork net = new InProcessNetwork();
    try (GridServer s1 = GridServer.builder()
            .name("S1")
            .inProcess(net)
            .export(Holding.class, new HoldingImpl())
            .start();
        Grid grid = Grid.builder().servers(s1.address()).inProcess(net).build()) {
      HoldingAsync on1 = grid.async(HoldingAsync.class, grid.server("S1"));
      RemoteReference<byte[]> made = on1.make(100, 1);
      RemoteReference<byte[]> slow = on1.makeSlowly(100, 2, 1_000);
      assertThat(made.get(WAIT)).hasSize(100);
      // The two calls may travel in separate batches: the second may still be on its way when the
      // first is done.
      await()
          .atMost(WAIT)
          .untilAsserted(() -> assertThat(s1.storeSize()).as("both values held").isEqualTo(2));
      RemoteReference<String> put =
          grid.put("x"); // the Grid's own node starts, at an address anyone may call
      Transport outsider = InternalInProcess.transport(
          net,
          "M",
          Timeouts.DEFAULT,
          new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of()).filter());
      UUID told = outsider.client(put.owner()).info().id();
      NodeClient s1FromOutside = outsider.client(s1.address());
      assertThatThrownBy(() -> s1FromOutside.release(told, List.of(Release.explicit(made.id()))))
          .as("a release by a holder that holds nothing there is refused")
          .isInstanceOfSatisfying(
              GridException.class, e -> assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED));
      assertThat(s1FromOutside.cancel(told, slow.id())).isFalse();
      assertThat(s1.storeSize()).as("both values still held for the Grid").isEqualTo(2);
      assertThat(on1.crc(made).get(WAIT)).isNotZero();
      assertThat(slow.get(WAIT)).hasSize(100);
    }
  }
}
