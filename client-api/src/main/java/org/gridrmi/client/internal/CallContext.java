package org.gridrmi.client.internal;

import java.util.concurrent.CompletableFuture;
import org.gridrmi.ref.internal.Ref;
import org.gridrmi.ref.internal.RefContext;

/**
 * What the client knows of a reference it made: see {@link RefContext}.
 *
 * @param lineage how to make the value again, for a call to an {@code @Idempotent} method; else null
 */
record CallContext(Session session, String label, CompletableFuture<?> submitted, CompletableFuture<?> sent,
    ServerChannel channel, Lineage lineage) implements RefContext {

  @Override public boolean closed() { return session.closed(); }
  @Override public void release(Ref<?> ref) { session.release(ref, channel); }

  @Override
  public CompletableFuture<Object> recover(Throwable failure) {
    return lineage == null || session.closed() ? null : Recovery.rerun(session, lineage, failure);
  }
}
