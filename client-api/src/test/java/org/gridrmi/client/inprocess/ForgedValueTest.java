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
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.ValueIds;
import org.gridrmi.runtime.wire.WireValue;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.Test;

/** Only a value's producer writes it: a copy pushed by anyone else cannot replace what its readers get. */
class ForgedValueTest {
  static final Duration WAIT = Duration.ofSeconds(10);

  @Test
  void aReplicaNamingAPendingResultIsRefusedAndTheReadersGetTheRealValue() {
    InProcessNetwork net = new InProcessNetwork();
    try (GridServer s1 = GridServer.builder()
            .name("S1")
            .inProcess(net)
            .export(Holding.class, new HoldingImpl())
            .start();
        Grid grid = Grid.builder().servers(s1.address()).inProcess(net).build()) {
      HoldingAsync on1 = grid.async(HoldingAsync.class, grid.server("S1"));
      RemoteReference<byte[]> slow = on1.makeSlowly(100, 7, 1_000);
      NodeClient s1FromOutside = outsider(net).client(s1.address());
      // the id a reader was given (ids travel to other clients inside values and results)
      Command forged =
          new Command.Replica(UUID.randomUUID(), slow.id(), new WireValue(new byte[] {66}));
      await()
          .atMost(WAIT)
          .until(() -> s1.storeSize() == 1); // the call is registered, its result pending
      assertThatThrownBy(() -> s1FromOutside.submit(UUID.randomUUID(), null, List.of(forged)))
          .isInstanceOf(GridException.class)
          .satisfies(
              e -> assertThat(((GridException) e).status()).isEqualTo(Status.PERMISSION_DENIED))
          .hasMessageContaining("call's result");
      assertThat(slow.get(WAIT)).as("the call's own result").hasSize(100);
    }
  }

  @Test
  void aReplicaAheadOfTheCallThatMakesItsIdIsRefusedToo() {
    InProcessNetwork net = new InProcessNetwork();
    try (GridServer s1 = GridServer.builder()
        .name("S1")
        .inProcess(net)
        .export(Holding.class, new HoldingImpl())
        .start()) {
      NodeClient s1FromOutside = outsider(net).client(s1.address());
      UUID aCallsResult = ValueIds.forCall();
      assertThatThrownBy(() -> s1FromOutside.submit(
              UUID.randomUUID(),
              null,
              List.of(
                  new Command.Replica(UUID.randomUUID(), aCallsResult, new WireValue("forged")))))
          .isInstanceOf(GridException.class)
          .satisfies(
              e -> assertThat(((GridException) e).status()).isEqualTo(Status.PERMISSION_DENIED));
      assertThat(s1.storeSize()).as("nothing stored").isZero();
    }
  }

  @Test
  void anotherHoldersCopyOfAPutIsRefusedAndTheFirstStays() {
    InProcessNetwork net = new InProcessNetwork();
    try (GridServer s1 = GridServer.builder()
        .name("S1")
        .inProcess(net)
        .export(Holding.class, new HoldingImpl())
        .start()) {
      NodeClient s1FromOutside = outsider(net).client(s1.address());
      UUID put = ValueIds.forPut();
      UUID first = UUID.randomUUID();
      s1FromOutside.submit(
          first, null, List.of(new Command.Replica(first, put, new WireValue("real"))));
      UUID second = UUID.randomUUID();
      assertThatThrownBy(() -> s1FromOutside.submit(
              second, null, List.of(new Command.Replica(second, put, new WireValue("forged")))))
          .isInstanceOf(GridException.class)
          .satisfies(
              e -> assertThat(((GridException) e).status()).isEqualTo(Status.PERMISSION_DENIED));
      // the same holder pushing its own value again (a batch sent again) only holds it
      s1FromOutside.submit(
          first, null, List.of(new Command.Replica(first, put, new WireValue("real"))));
      assertThat(s1.storeSize()).isEqualTo(1);
    }
  }

  /** A transport of a node no Grid introduced: what anyone who reaches the network can call with. */
  static Transport outsider(InProcessNetwork net) {
    return InternalInProcess.transport(
        net,
        "M",
        Timeouts.DEFAULT,
        new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of()).filter());
  }
}
