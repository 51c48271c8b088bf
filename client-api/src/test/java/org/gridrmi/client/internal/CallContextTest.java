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
    CallContext ctx = new CallContext(
        null, "Work.make on S1", accepted, sent, null, null, 0, new CompletableFuture<>());
    assertThat(ctx.submitted()).isSameAs(accepted);
    assertThat(ctx.sent()).isSameAs(sent);
    sent.complete(null);
    accepted.complete(null);
    assertThat(ctx.sent()).isNotSameAs(sent).isDone();
    assertThat(ctx.submitted()).isNotSameAs(accepted).isDone();
    assertThat(ctx.submitted().isCompletedExceptionally()).isFalse();
  }

  @Test
  void aFailedBatchIsKeptForWhatWaitsOnIt() {
    CompletableFuture<Void> accepted = new CompletableFuture<>();
    CallContext ctx = new CallContext(
        null,
        "Work.make on S1",
        accepted,
        new CompletableFuture<>(),
        null,
        null,
        0,
        new CompletableFuture<>());
    accepted.completeExceptionally(new GridException(Status.UNAVAILABLE, "down"));
    assertThat(ctx.submitted()).isSameAs(accepted);
  }
}
