package org.gridrmi.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.testing.HeapUse;
import org.junit.jupiter.api.Test;

/** A reference held long after its batch went keeps nothing of that batch: its futures are let go once done. */
class CallContextTest {
  @Test
  void theBatchsFuturesAreLetGoOnceTheyCompletedNormally() {
    CompletableFuture<Void> accepted = new CompletableFuture<>();
    CompletableFuture<Void> sent = new CompletableFuture<>();
    CallContext ctx = CallContext.of(null, "Work.make on S1", accepted, sent, null, null, 0);
    assertThat(ctx.submitted()).isSameAs(accepted);
    assertThat(ctx.sent()).isSameAs(sent);
    sent.complete(null);
    accepted.complete(null);
    assertThat(ctx.sent()).isNotSameAs(sent).isDone();
    assertThat(ctx.submitted()).isNotSameAs(accepted).isDone();
    assertThat(ctx.submitted().isCompletedExceptionally()).isFalse();
  }

  @Test
  void aContextOnlyHeldCostsNoFutureOfItsOwn() {
    int n = 100_000;
    CallContext[] held = new CallContext[n];
    long before = HeapUse.afterGc();
    for (int i = 0; i < n; i++) held[i] = CallContext.forPut(null, "put byte[]");
    long perContext = (HeapUse.afterGc() - before) / n;
    assertThat(held[n - 1].label()).isEqualTo("put byte[]");
    // the context's own fields (32 bytes); before, 48 (a deadline and a lineage it does not
    // have, and its session beside its channel), and before that also its local outcome's future
    // (24)
    assertThat(perContext).as("heap per context, bytes").isLessThan(40);
  }

  @Test
  void aCallsDeadlineAndLineageAreKeptWhereItHasThem() {
    CallContext plain =
        CallContext.of(null, "Work.make on S1", CallContext.DONE, CallContext.DONE, null, null, 0);
    assertThat(plain.deadlineNanos()).isZero();
    assertThat(plain.lineage()).isNull();
    CallContext bounded = CallContext.of(
        null, "Work.make on S1", CallContext.DONE, CallContext.DONE, null, null, 12_345L);
    assertThat(bounded.deadlineNanos()).isEqualTo(12_345L);
    assertThat(bounded.lineage()).isNull();
    assertThat(bounded.label()).isEqualTo("Work.make on S1");
  }

  @Test
  void aLocalFailureReachesWhatWaitedBeforeAndWhatAsksAfter() {
    CallContext ctx = CallContext.forPut(null, "put byte[]");
    CompletableFuture<Object> early = ctx.localOutcome();
    ctx.failLocally(new GridException(Status.DEADLINE_EXCEEDED, "late"));
    assertThat(early).isCompletedExceptionally();
    assertThat(ctx.localOutcome()).isSameAs(early);
  }

  @Test
  void aFailedBatchIsKeptForWhatWaitsOnIt() {
    CompletableFuture<Void> accepted = new CompletableFuture<>();
    CallContext ctx =
        CallContext.of(null, "Work.make on S1", accepted, new CompletableFuture<>(), null, null, 0);
    accepted.completeExceptionally(new GridException(Status.UNAVAILABLE, "down"));
    assertThat(ctx.submitted()).isSameAs(accepted);
  }
}
