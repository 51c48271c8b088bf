package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.atLeast;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.transport.Transport;
import org.gridrmi.runtime.wire.FetchResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The shared fetches of one node, against a mocked transport: what goes on the wire, and when. */
class FetcherTest {
  static final String OWNER = "rmi://owner:1";
  static final org.gridrmi.runtime.wire.Borrower ME =
      new org.gridrmi.runtime.wire.Borrower("rmi://me:2", UUID.randomUUID());
  final Transport transport = mock(Transport.class);
  final NodeClient owner = mock(NodeClient.class);
  final SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
  final NodeRuntime runtime = new NodeRuntime(
      "t", transport, policy, RuntimeSettings.DEFAULT.withTimeouts(Timeouts.DEFAULT));
  final List<Object[]> kept = new CopyOnWriteArrayList<>();
  final Fetcher fetcher =
      new Fetcher(runtime, () -> ME, (id, v, holders) -> kept.add(new Object[] {id, v, holders}));
  static final CompletableFuture<Void> NOW = CompletableFuture.completedFuture(null);

  FetcherTest() {
    when(transport.client(OWNER)).thenReturn(owner);
  }

  @AfterEach
  void close() {
    runtime.close();
  }

  @Test
  void threeWaitersShareOneFetchAndTheValueIsKeptForTheirHolders() throws Exception {
    UUID id = UUID.randomUUID();
    CountDownLatch asked = new CountDownLatch(1);
    CountDownLatch answer = new CountDownLatch(1);
    when(owner.fetch(
            eq(id),
            anyLong(),
            org.mockito.ArgumentMatchers.argThat(
                r -> r.address().equals("rmi://me:2") && r.key() != null),
            anyBoolean(),
            any()))
        .thenAnswer(i -> {
          asked.countDown();
          answer.await();
          return FetchResult.ready("value");
        });
    UUID a = UUID.randomUUID();
    UUID b = UUID.randomUUID();
    var w1 = fetcher.await(OWNER, id, a, null, NOW);
    asked.await();
    var w2 = fetcher.await(OWNER, id, b, null, NOW);
    var w3 = fetcher.await(OWNER, id, a, null, NOW);
    answer.countDown();
    for (var w : List.of(w1, w2, w3)) assertThat(w.future().get()).isEqualTo("value");
    verify(owner, times(1)).fetch(eq(id), anyLong(), any(), anyBoolean(), any());
    assertThat(kept).hasSize(1);
    @SuppressWarnings("unchecked")
    List<UUID> holders = (List<UUID>) kept.get(0)[2];
    assertThat(holders).containsExactlyInAnyOrder(a, b);
    assertThat(fetcher.inFlight()).isZero();
  }

  @Test
  void aBorrowerTellsTheOwnerOnceItHasTheValueOrItsFailureSoThatTheOwnerEndsTheBorrow()
      throws Exception {
    // the owner's answer alone ends nothing (it may be lost): the borrower's word does
    UUID ready = UUID.randomUUID();
    UUID failed = UUID.randomUUID();
    // both may go in one call (see Abandons)
    List<UUID> abandoned = new CopyOnWriteArrayList<>();
    org.mockito.Mockito.doAnswer(i -> abandoned.addAll(i.getArgument(1)))
        .when(owner)
        .abandon(
            org.mockito.ArgumentMatchers.argThat(r ->
                r.address().equals("rmi://me:2") && ME.node().equals(r.node()) && r.key() != null),
            any());
    when(owner.fetch(eq(ready), anyLong(), any(), anyBoolean(), any()))
        .thenReturn(FetchResult.ready("value"));
    when(owner.fetch(eq(failed), anyLong(), any(), anyBoolean(), any()))
        .thenReturn(FetchResult.failed(
            org.gridrmi.runtime.wire.Failure.of(Status.NOT_FOUND, "gone", null, null)));
    assertThat(
            fetcher.await(OWNER, ready, UUID.randomUUID(), null, NOW).future().get())
        .isEqualTo("value");
    assertThat(fetcher.await(OWNER, failed, UUID.randomUUID(), null, NOW).future())
        .failsWithin(Duration.ofSeconds(5));
    await().atMost(Duration.ofSeconds(5)).until(() -> abandoned.size() >= 2);
    assertThat(abandoned).containsExactlyInAnyOrder(ready, failed);
  }

  @Test
  void aPendingAnswerIsAskedAgainAndAnAnnouncedFetchSaysSoWhileItsBatchIsOnItsWay()
      throws Exception {
    UUID id = UUID.randomUUID();
    CompletableFuture<Void> accepted = new CompletableFuture<>();
    when(owner.fetch(eq(id), anyLong(), any(), eq(true), any())).thenAnswer(i -> {
      accepted.complete(null); // the batch is accepted while the first poll waits
      return FetchResult.PENDING;
    });
    when(owner.fetch(eq(id), anyLong(), any(), eq(false), any()))
        .thenReturn(FetchResult.ready(42L));
    assertThat(fetcher.await(OWNER, id, null, accepted, NOW).future().get()).isEqualTo(42L);
    verify(owner).fetch(eq(id), anyLong(), any(), eq(true), any());
    verify(owner).fetch(eq(id), anyLong(), any(), eq(false), any());
  }

  @Test
  void aFailingOwnerIsUnavailableNamingItAndIsForgotten() {
    UUID id = UUID.randomUUID();
    when(owner.fetch(eq(id), anyLong(), any(), anyBoolean(), any()))
        .thenThrow(new GridException(Status.UNAVAILABLE, "connection refused"));
    var w = fetcher.await(OWNER, id, null, null, NOW);
    assertThat(w.future())
        .failsWithin(Duration.ofSeconds(5))
        .withThrowableOfType(ExecutionException.class)
        .havingCause()
        .isInstanceOfSatisfying(GridException.class, e -> {
          assertThat(e.status()).isEqualTo(Status.UNAVAILABLE);
          assertThat(e.getMessage())
              .contains(OWNER)
              .contains(org.gridrmi.runtime.wire.ValueIds.shortForm(id));
        });
    verify(transport).forget(OWNER);
  }

  @Test
  void whenNobodyWaitsAnyMoreThePollingStops() throws Exception {
    UUID id = UUID.randomUUID();
    when(owner.fetch(eq(id), anyLong(), any(), anyBoolean(), any()))
        .thenReturn(FetchResult.PENDING);
    var w = fetcher.await(OWNER, id, null, null, NOW);
    verify(owner, org.mockito.Mockito.timeout(5_000).atLeast(2))
        .fetch(eq(id), anyLong(), any(), anyBoolean(), any());
    w.cancel(); // the deadline of the only call waiting for it passed
    await().atMost(Duration.ofSeconds(5)).until(() -> fetcher.inFlight() == 0);
    Thread.sleep(
        100); // a poll in flight when it was cancelled may finish, and then no other starts
    org.mockito.Mockito.clearInvocations(owner);
    Thread.sleep(200);
    verify(owner, times(0)).fetch(any(), anyLong(), any(), anyBoolean(), any());
  }

  @Test
  void aNewWaiterAfterTheFetchEndedStartsANewOne() throws Exception {
    UUID id = UUID.randomUUID();
    when(owner.fetch(eq(id), anyLong(), any(), anyBoolean(), any()))
        .thenReturn(FetchResult.ready("v"));
    assertThat(fetcher.await(OWNER, id, null, null, NOW).future().get()).isEqualTo("v");
    assertThat(fetcher.await(OWNER, id, null, null, NOW).future().get()).isEqualTo("v");
    verify(owner, atLeast(2)).fetch(eq(id), anyLong(), any(), anyBoolean(), any());
  }
}
