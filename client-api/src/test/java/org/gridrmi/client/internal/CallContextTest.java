package org.gridrmi.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.junit.jupiter.api.Test;

/** A reference held long after its batch went keeps nothing of that batch: its futures are let go once done. */
class CallContextTest {
  @Test
  void theBatchsFuturesAreLetGoOnceTheyCompletedNormally() {
    CompletableFuture<Void> accepted = new CompletableFuture<>();
    CompletableFuture<Void> sent = new CompletableFuture<>();
    CallContext ctx = new CallContext(null, "Work.make on S1", accepted, sent, null, null, 0);
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
    long before = usedAfterGc();
    for (int i = 0; i < n; i++) held[i] = CallContext.forPut(null, "put byte[]");
    long perContext = (usedAfterGc() - before) / n;
    assertThat(held[n - 1].label()).isEqualTo("put byte[]");
    // the context's own fields (48 bytes); before, also its local outcome's future (24)
    assertThat(perContext).as("heap per context, bytes").isLessThan(62);
  }

  @Test
  void aLocalFailureReachesWhatWaitedBeforeAndWhatAsksAfter() {
    CallContext ctx = CallContext.forPut(null, "put byte[]");
    CompletableFuture<Object> early = ctx.localOutcome();
    ctx.failLocally(new GridException(Status.DEADLINE_EXCEEDED, "late"));
    assertThat(early).isCompletedExceptionally();
    assertThat(ctx.localOutcome()).isSameAs(early);
  }

  private static long usedAfterGc() {
    for (int i = 0; i < 3; i++) System.gc();
    return java.lang.management.ManagementFactory.getMemoryMXBean()
        .getHeapMemoryUsage()
        .getUsed();
  }

  @Test
  void aFailedBatchIsKeptForWhatWaitsOnIt() {
    CompletableFuture<Void> accepted = new CompletableFuture<>();
    CallContext ctx = new CallContext(
        null, "Work.make on S1", accepted, new CompletableFuture<>(), null, null, 0);
    accepted.completeExceptionally(new GridException(Status.UNAVAILABLE, "down"));
    assertThat(ctx.submitted()).isSameAs(accepted);
  }
}
