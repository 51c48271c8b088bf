package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.store.Slot;
import org.gridrmi.runtime.wire.FetchResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A fetch that says its value's batch is in flight waits for the id on the owner; any other is NOT_FOUND. */
class NodeEndpointFetchTest {
  static TestNodes.Started started;
  static LocalNode node;
  static NodeEndpoint endpoint;
  final UUID client = UUID.randomUUID();

  @BeforeAll
  static void start() {
    started = TestNodes.node(
        new org.gridrmi.ref.InProcessNetwork(),
        "fetch-test",
        org.gridrmi.runtime.transport.Timeouts.DEFAULT);
    node = started.node();
    endpoint = started.endpoint();
  }

  @AfterAll
  static void stop() {
    started.close();
  }

  @Test
  void anAnnouncedFetchWaitsForTheCallToArriveAndThenForItsValue() throws Exception {
    UUID id = UUID.randomUUID();
    CompletableFuture<FetchResult> fetch =
        CompletableFuture.supplyAsync(() -> endpoint.fetch(id, 10_000, null, true, null));
    Thread.sleep(100);
    assertThat(fetch).isNotDone();
    Slot s = node.table().create(id, client, "call");
    Thread.sleep(50);
    assertThat(fetch).isNotDone();
    s.set("value");
    FetchResult r = fetch.get();
    assertThat(r.state()).isEqualTo(FetchResult.State.READY);
    assertThat(r.value().decoded()).isEqualTo("value");
    assertThat(node.table().creationWaiters()).isZero();
  }

  @Test
  void anAnnouncedFetchThatTimesOutIsPendingAndLeavesNoWaiter() {
    FetchResult r = endpoint.fetch(UUID.randomUUID(), 50, null, true, null);
    assertThat(r.state()).isEqualTo(FetchResult.State.PENDING);
    assertThat(node.table().creationWaiters()).isZero();
  }

  @Test
  void aFetchOfAnUnknownIdNotAnnouncedIsNotFoundAtOnce() {
    long start = System.nanoTime();
    FetchResult r = endpoint.fetch(UUID.randomUUID(), 10_000, null, false, null);
    assertThat(r.state()).isEqualTo(FetchResult.State.FAILED);
    assertThat(r.failure().status()).isEqualTo(Status.NOT_FOUND);
    assertThat(System.nanoTime() - start).isLessThan(5_000_000_000L);
  }

  @Test
  void aFetchOfACollectedValueIsNotFoundSayingItWasCollected() {
    UUID id = UUID.randomUUID();
    node.table().put(id, client, "v", "x");
    node.table()
        .release(
            client,
            java.util.List.of(new org.gridrmi.runtime.wire.Release(
                id, org.gridrmi.runtime.wire.Release.Cause.COLLECTED, java.util.List.of())));
    FetchResult r = endpoint.fetch(id, 100, null, false, null);
    assertThat(r.state()).isEqualTo(FetchResult.State.FAILED);
    assertThat(r.failure().status()).isEqualTo(Status.NOT_FOUND);
    assertThat(r.failure().message())
        .contains("value " + org.gridrmi.runtime.wire.ValueIds.shortForm(id) + " is not held by")
        .contains("it was collected (the last reference to it was garbage collected)");
  }
}
