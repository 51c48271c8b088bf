package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.after;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;
import org.gridrmi.runtime.wire.Borrower;
import org.gridrmi.runtime.wire.Failure;
import org.gridrmi.runtime.wire.FetchResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Values their owners push to a node before or while it fetches them ({@link Fetcher#pushed}), against a mocked
 * transport and a manual clock: what is asked of the owner, and what is kept and for how long.
 */
class FetcherPushTest {
  static final String OWNER = "rmi://owner:1";
  static final Borrower ME = new Borrower("rmi://me:2", UUID.randomUUID());
  static final CompletableFuture<Void> NOW = CompletableFuture.completedFuture(null);
  final Transport transport = mock(Transport.class);
  final NodeClient owner = mock(NodeClient.class);
  final ManualTicker clock = new ManualTicker();
  final NodeRuntime runtime = new NodeRuntime(
      "t",
      transport,
      new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of()),
      RuntimeSettings.DEFAULT.withTimeouts(Timeouts.DEFAULT).withTicker(clock));
  final List<Object[]> kept = new CopyOnWriteArrayList<>();
  final Fetcher fetcher =
      new Fetcher(runtime, () -> ME, (id, v, holders) -> kept.add(new Object[] {id, v, holders}));

  FetcherPushTest() {
    when(transport.client(OWNER)).thenReturn(owner);
  }

  @AfterEach
  void close() {
    runtime.close();
  }

  @Test
  void aValuePushedBeforeItsFetchIsTakenWithoutAskingTheOwner() throws Exception {
    UUID id = UUID.randomUUID();
    UUID holder = UUID.randomUUID();
    assertThat(fetcher.pushed(OWNER, id, FetchResult.ready(new byte[] {1, 2}))).isTrue();
    assertThat(fetcher.pushedKept()).isEqualTo(1);

    Fetcher.Waiter w = fetcher.await(OWNER, id, holder, null, NOW);

    assertThat((byte[]) w.future().get(5, TimeUnit.SECONDS)).containsExactly(1, 2);
    assertThat(kept).hasSize(1);
    assertThat(kept.get(0)[2]).isEqualTo(List.of(holder));
    assertThat(fetcher.pushedKept()).isZero();
    assertThat(fetcher.inFlight()).isZero();
    verify(owner, after(200).never()).fetch(any(), anyLong(), any(), anyBoolean(), any());
    // but the owner may keep it for this node (the client released it naming this node as one it
    // was lent to) until this node says it has it
    verify(owner, timeout(5_000).times(1)).abandon(any(), eq(List.of(id)));
  }

  @Test
  void aPushedFailureFailsTheFetchWaitingForItWithoutAskingTheOwnerAndIsNotKeptOtherwise() {
    UUID early = UUID.randomUUID();
    FetchResult broke =
        FetchResult.failed(Failure.of(Status.REMOTE_FAILURE, "it broke", null, "f"));
    assertThat(fetcher.pushed(OWNER, early, broke)).as("no fetch waits for it").isFalse();
    assertThat(fetcher.pushedKept()).isZero();

    UUID id = UUID.randomUUID();
    Fetcher.Waiter w = fetcher.await(OWNER, id, null, null, new CompletableFuture<>());
    assertThat(fetcher.pushed(OWNER, id, broke)).isTrue();

    assertThat(w.future())
        .failsWithin(Duration.ofSeconds(5))
        .withThrowableThat()
        .withMessageContaining("it broke");
    verify(owner, after(200).never()).fetch(any(), anyLong(), any(), anyBoolean(), any());
  }

  @Test
  void aPushAnswersAFetchInFlightAndTheBorrowItAskedForEndsOnceThePollIsBack() throws Exception {
    UUID id = UUID.randomUUID();
    CountDownLatch asked = new CountDownLatch(1);
    CountDownLatch answer = new CountDownLatch(1);
    when(owner.fetch(eq(id), anyLong(), any(), anyBoolean(), any())).thenAnswer(i -> {
      asked.countDown();
      answer.await();
      return FetchResult.ready("from the fetch");
    });
    Fetcher.Waiter w = fetcher.await(OWNER, id, null, null, NOW);
    assertThat(asked.await(5, TimeUnit.SECONDS)).isTrue();

    assertThat(fetcher.pushed(OWNER, id, FetchResult.ready("pushed"))).isTrue();

    assertThat(w.future().get(5, TimeUnit.SECONDS)).isEqualTo("pushed");
    verify(owner, after(100).never()).abandon(any(), any()); // the owner has not answered yet
    answer.countDown();
    verify(owner, timeout(5_000)).abandon(any(), eq(List.of(id)));
    verify(owner, after(200).times(1)).fetch(eq(id), anyLong(), any(), anyBoolean(), any());
    assertThat(kept).as("the fetch's late answer is dropped").hasSize(1);
  }

  @Test
  void aPushedValueNobodyTakesWithinItsBoundIsDroppedAndTheFetchAsks() throws Exception {
    UUID id = UUID.randomUUID();
    when(owner.fetch(eq(id), anyLong(), any(), anyBoolean(), any()))
        .thenReturn(FetchResult.ready("from the owner"));
    fetcher.pushed(OWNER, id, FetchResult.ready("pushed"));
    clock.advance(PushedValues.KEEP);

    assertThat(fetcher.pushedKept()).isZero();
    assertThat(fetcher.await(OWNER, id, null, null, NOW).future().get(5, TimeUnit.SECONDS))
        .isEqualTo("from the owner");
  }

  @Test
  void aValuePushedByAnotherOwnerIsNotTakenForThisOne() throws Exception {
    UUID id = UUID.randomUUID();
    when(owner.fetch(eq(id), anyLong(), any(), anyBoolean(), any()))
        .thenReturn(FetchResult.ready("from the owner"));
    fetcher.pushed("rmi://someone-else:3", id, FetchResult.ready("forged"));

    assertThat(fetcher.await(OWNER, id, null, null, NOW).future().get(5, TimeUnit.SECONDS))
        .isEqualTo("from the owner");
  }

  @Test
  void wordThatNothingIsPushedStartsTheFetchAtOnce() throws Exception {
    UUID id = UUID.randomUUID();
    when(owner.fetch(eq(id), anyLong(), any(), anyBoolean(), any()))
        .thenReturn(FetchResult.ready("large"));
    CompletableFuture<Void> never = new CompletableFuture<>(); // the push wait, as if it were long
    Fetcher.Waiter w = fetcher.await(OWNER, id, null, null, never);

    fetcher.pushed(OWNER, id, FetchResult.PENDING);

    assertThat(w.future().get(5, TimeUnit.SECONDS)).isEqualTo("large");
    never.complete(null); // a second start changes nothing
    verify(owner, after(200).times(1)).fetch(eq(id), anyLong(), any(), anyBoolean(), any());
  }

  @Test
  void whatIsKeptIsBoundedInAllPerOwnerAndInBytes() {
    for (int i = 0; i < PushedValues.MAX_PER_OWNER; i++) {
      assertThat(fetcher.pushed(OWNER, UUID.randomUUID(), FetchResult.ready(i))).isTrue();
    }
    assertThat(fetcher.pushed(OWNER, UUID.randomUUID(), FetchResult.ready(-1)))
        .as("past the owner's limit")
        .isFalse();
    int owners = PushedValues.MAX_VALUES / PushedValues.MAX_PER_OWNER;
    for (int o = 1; o < owners; o++) {
      for (int i = 0; i < PushedValues.MAX_PER_OWNER; i++) {
        assertThat(fetcher.pushed("rmi://o" + o + ":1", UUID.randomUUID(), FetchResult.ready(i)))
            .isTrue();
      }
    }
    assertThat(fetcher.pushed("rmi://another:1", UUID.randomUUID(), FetchResult.ready(1)))
        .as("past the limit in all")
        .isFalse();
    assertThat(fetcher.pushedKept()).isEqualTo(PushedValues.MAX_VALUES);

    clock.advance(PushedValues.KEEP);
    assertThat(fetcher.pushedKept()).isZero();
    byte[] large = new byte[64 * 1024];
    long each = PushedValues.sizeOf(FetchResult.ready(large));
    long fit = PushedValues.MAX_BYTES / each;
    for (int i = 0; i < fit; i++) {
      assertThat(fetcher.pushed(
              "rmi://o" + (i % 4) + ":1", UUID.randomUUID(), FetchResult.ready(large)))
          .isTrue();
    }
    assertThat(fetcher.pushed("rmi://o9:1", UUID.randomUUID(), FetchResult.ready(large)))
        .as("past the bytes")
        .isFalse();
  }
}
