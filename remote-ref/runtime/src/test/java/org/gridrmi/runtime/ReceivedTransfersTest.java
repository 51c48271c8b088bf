package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.junit.jupiter.api.Test;

/**
 * The batches a server received whose references it does not hold yet, and those their senders gave up: what it tells
 * their senders, what it refuses, and its bounds.
 */
class ReceivedTransfersTest {
  static final long KEEP = Duration.ofSeconds(70).toNanos();
  final ManualTicker time = new ManualTicker();
  final ReceivedTransfers received = new ReceivedTransfers(KEEP, time::nanoTime);
  final UUID alice = UUID.randomUUID();
  final UUID mallory = UUID.randomUUID();

  @Test
  void aBatchIsAwaitedFromItsArrivalUntilItsHoldsSettle() {
    received.receiving(alice, 7, "S");
    assertThat(received.awaiting(alice, List.of(7L)))
        .as("arrived, not registered yet")
        .containsExactly(7L);
    CompletableFuture<Void> holds = new CompletableFuture<>();
    received.received(alice, 7, holds);
    assertThat(received.awaiting(alice, List.of(7L))).containsExactly(7L);
    holds.complete(null);
    assertThat(received.awaiting(alice, List.of(7L)))
        .as("held: the sender may unpin")
        .isEmpty();
    assertThat(received.size()).isZero();
  }

  @Test
  void aBatchDeliveredTwiceWaitsUntilBothCopiesSettled() {
    CompletableFuture<Void> first = new CompletableFuture<>();
    received.receiving(alice, 7, "S");
    received.receiving(alice, 7, "S"); // its copy, whose commands are known already
    received.received(alice, 7, CompletableFuture.completedFuture(null));
    received.received(alice, 7, first);
    assertThat(received.awaiting(alice, List.of(7L))).containsExactly(7L);
    first.complete(null);
    assertThat(received.awaiting(alice, List.of(7L))).isEmpty();
    assertThat(received.size()).isZero();
  }

  @Test
  void anIdNeverReceivedIsGivenUpAndItsBatchRefusedIfItComesLater() {
    assertThat(received.awaiting(alice, List.of(9L)))
        .as("not waiting: the sender unpins")
        .isEmpty();
    assertThatThrownBy(() -> received.receiving(alice, 9, "S"))
        .isInstanceOf(GridException.class)
        .hasMessageContaining("after its sender gave it up")
        .extracting(e -> ((GridException) e).status())
        .isEqualTo(Status.CANCELLED);
    assertThat(received.size()).as("nothing waits for a refused batch").isZero();
  }

  @Test
  void anotherHoldersQuestionAboutAnIdChangesNothingForItsHolder() {
    received.receiving(alice, 5, "S");
    assertThat(received.awaiting(mallory, List.of(5L, 6L)))
        .as("mallory's batches 5 and 6: never received, given up for mallory only")
        .isEmpty();
    assertThat(received.awaiting(alice, List.of(5L))).containsExactly(5L);
    received.receiving(alice, 6, "S"); // alice's batch 6 is not mallory's: it runs
    assertThat(received.awaiting(alice, List.of(6L))).containsExactly(6L);
  }

  @Test
  void aGivenUpIdIsForgottenAfterItsKeepOnTheTicker() {
    received.awaiting(alice, List.of(3L));
    time.advance(Duration.ofNanos(KEEP - 1));
    assertThat(received.givenUp()).isEqualTo(1);
    time.advance(Duration.ofNanos(1));
    assertThat(received.givenUp()).isZero();
    received.receiving(alice, 3, "S"); // no longer refused
    assertThat(received.size()).isEqualTo(1);
  }

  @Test
  void pastTheTombstonesOfOneHolderItsUnknownIdsAreStillAwaitedAndOthersAreNotHeldBack() {
    List<Long> ids = new ArrayList<>();
    for (long i = 1; i <= ReceivedTransfers.MAX_GIVEN_UP_PER_HOLDER; i++) ids.add(i);
    assertThat(received.awaiting(mallory, ids)).isEmpty();
    assertThat(received.awaiting(mallory, List.of(-1L)))
        .as("no room to give it up: the sender keeps its pins rather than risk a late batch")
        .containsExactly(-1L);
    assertThat(received.awaiting(alice, List.of(-1L)))
        .as("another holder's room")
        .isEmpty();
    assertThat(received.givenUp()).isEqualTo(ReceivedTransfers.MAX_GIVEN_UP_PER_HOLDER + 1);
    time.advance(Duration.ofNanos(KEEP));
    assertThat(received.awaiting(mallory, List.of(-1L))).as("room again").isEmpty();
  }

  @Test
  void pastTheTombstonesInAllUnknownIdsAreStillAwaited() {
    int holders = ReceivedTransfers.MAX_GIVEN_UP / ReceivedTransfers.MAX_GIVEN_UP_PER_HOLDER;
    List<Long> ids = new ArrayList<>();
    for (long i = 1; i <= ReceivedTransfers.MAX_GIVEN_UP_PER_HOLDER; i++) ids.add(i);
    for (int h = 0; h < holders; h++) received.awaiting(UUID.randomUUID(), ids);
    assertThat(received.givenUp()).isEqualTo(ReceivedTransfers.MAX_GIVEN_UP);
    assertThat(received.awaiting(alice, List.of(1L))).containsExactly(1L);
  }

  @Test
  void pastTheBatchesWaitingOfOneHolderItsNextBatchIsRefusedBeforeItRunsAndOthersAreNot() {
    for (long i = 1; i <= ReceivedTransfers.MAX_WAITING_PER_HOLDER; i++) {
      received.receiving(mallory, i, "S");
      received.received(mallory, i, new CompletableFuture<>());
    }
    assertThatThrownBy(() -> received.receiving(mallory, -1, "S"))
        .isInstanceOf(GridException.class)
        .hasMessageContaining(
            "at most " + ReceivedTransfers.MAX_WAITING_PER_HOLDER + " of one holder")
        .extracting(e -> ((GridException) e).status())
        .isEqualTo(Status.RESOURCE_EXHAUSTED);
    received.receiving(alice, 1, "S");
    assertThat(received.size()).isEqualTo(ReceivedTransfers.MAX_WAITING_PER_HOLDER + 1);
  }

  @Test
  void pastTheBatchesWaitingInAllTheNextIsRefused() {
    int holders = ReceivedTransfers.MAX_WAITING / ReceivedTransfers.MAX_WAITING_PER_HOLDER;
    for (int h = 0; h < holders; h++) {
      UUID holder = UUID.randomUUID();
      for (long i = 1; i <= ReceivedTransfers.MAX_WAITING_PER_HOLDER; i++)
        received.receiving(holder, i, "S");
    }
    assertThatThrownBy(() -> received.receiving(alice, 1, "S"))
        .extracting(e -> ((GridException) e).status())
        .isEqualTo(Status.RESOURCE_EXHAUSTED);
  }

  @Test
  void aBatchNamingNoTransferIsRefused() {
    assertThatThrownBy(() -> received.receiving(alice, 0, "S"))
        .extracting(e -> ((GridException) e).status())
        .isEqualTo(Status.INVALID_ARGUMENT);
  }
}
