package org.gridrmi.client.inprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.gridrmi.client.Grid;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.Test;

/** {@code Grid.close()} ends every wait on the Grid's references: CANCELLED, naming the close, before it returns. */
class CloseWhileWaitingTest {

  @Test
  void closingTheGridEndsAGetThatWaitsForAValueStillBeingMade() throws Exception {
    InProcessNetwork net = new InProcessNetwork();
    try (GridServer s1 = GridServer.builder()
        .name("S1")
        .inProcess(net)
        .export(Holding.class, new HoldingImpl())
        .start()) {
      Grid grid = Grid.builder()
          .servers(s1.address())
          .inProcess(net)
          .build(); // no call deadline: waits as long
      HoldingAsync on1 = grid.async(HoldingAsync.class, grid.server("S1"));
      RemoteReference<byte[]> slow = on1.makeSlowly(100, 1, 30_000);
      RemoteReference<byte[]> stalled = on1.makeSlowly(100, 2, 30_000);
      CompletableFuture<byte[]> viaFuture = slow.toCompletableFuture();
      CompletableFuture<byte[]> viaGet = CompletableFuture.supplyAsync(stalled::get);
      net.stall("S1"); // the server stops answering: nothing from it will end these waits
      Thread.sleep(
          100); // both waits under way (a get() that has not started yet ends the same way)
      grid.close();
      assertThat(viaFuture).as("done when close() returned").isDone();
      for (CompletableFuture<byte[]> f : java.util.List.of(viaFuture, viaGet)) {
        assertThatThrownBy(() -> f.get(5, TimeUnit.SECONDS))
            .isInstanceOf(ExecutionException.class)
            .cause()
            .isInstanceOf(GridException.class)
            .hasMessageContaining("closed")
            .satisfies(e -> assertThat(((GridException) e).status()).isEqualTo(Status.CANCELLED));
      }
      net.resume("S1");
    }
  }
}
