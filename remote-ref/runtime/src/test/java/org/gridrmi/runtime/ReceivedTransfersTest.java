package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The transfers a server received whose references it does not hold yet: what it tells their sender. */
class ReceivedTransfersTest {
  @Test
  void aTransferIsAwaitedUntilItsHoldsSettleAndAnIdNeverGivenIsNot() {
    ReceivedTransfers received = new ReceivedTransfers();
    CompletableFuture<Void> holds = new CompletableFuture<>();
    long t = received.add(holds);
    assertThat(t).isNotZero();
    assertThat(received.awaiting(List.of(t, 12345L)))
        .as("an id this node never gave (another life's, or made up) is not awaited")
        .containsExactly(t);
    holds.complete(null);
    assertThat(received.awaiting(List.of(t)))
        .as("held now: the sender may unpin")
        .isEmpty();
    assertThat(received.size()).isZero();
  }

  @Test
  void holdsSettledAlreadyNeedNoTransfer() {
    assertThat(new ReceivedTransfers().add(CompletableFuture.completedFuture(null)))
        .isZero();
  }

  @Test
  void pastItsLimitATransferGetsNoIdAndItsSenderKeepsItsPinsForTheirPeriod() {
    ReceivedTransfers received = new ReceivedTransfers();
    for (int i = 0; i < ReceivedTransfers.MAX; i++)
      assertThat(received.add(new CompletableFuture<>())).isNotZero();
    assertThat(received.add(new CompletableFuture<>())).isZero();
    assertThat(received.size()).isEqualTo(ReceivedTransfers.MAX);
  }
}
