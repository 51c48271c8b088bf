package org.gridrmi.client.internal;

import java.util.concurrent.CompletableFuture;
import org.gridrmi.ref.internal.Ref;
import org.gridrmi.ref.internal.RefContext;

/** What the client knows of a reference it made: see {@link RefContext}. */
record CallContext(Session session, String label, CompletableFuture<?> submitted, CompletableFuture<?> sent,
    ServerChannel channel)
    implements RefContext {

  @Override public boolean closed() { return session.closed(); }
  @Override public void release(Ref<?> ref) { session.release(ref, channel); }
}
