package org.gridrmi.client.internal;

import java.rmi.RemoteException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.Ref;
import org.gridrmi.ref.internal.Stubs;

/**
 * Re-runs an idempotent call whose value was lost with its server, from its lineage: lost arguments that are
 * results of idempotent calls are re-made first (recursively), values the client put are pushed again, and the
 * call goes to its own server if that still answers, else to another live server offering the service.
 */
final class Recovery {
  private Recovery() {}

  static CompletableFuture<Object> rerun(Session session, Lineage lineage, Throwable failure) {
    try {
      return remake(session, lineage, new HashMap<>()).toCompletableFuture();
    } catch (GridException e) {
      return CompletableFuture.failedFuture(new GridException(Status.UNAVAILABLE, e.description()
          + " (after: " + failure.getMessage() + ")", failure, e.chain()));
    }
  }

  @SuppressWarnings("unchecked")
  private static Ref<Object> remake(Session session, Lineage l, Map<String, Boolean> alive) {
    Object[] args = l.args().clone();
    for (int i = 0; i < args.length; i++) {
      if (!(args[i] instanceof Ref<?> r) || isAlive(r.owner(), alive)) continue;
      if (r.context() instanceof CallContext c && c.lineage() != null) {
        args[i] = remake(session, c.lineage(), alive);
      } else {
        throw new GridException(Status.UNAVAILABLE, "cannot re-run " + l.label() + ": its argument " + (i + 1)
            + " (" + r.describe() + ") was lost with " + r.owner() + " and is not the result of an @Idempotent call",
            null, List.of(l.label()));
      }
    }
    ServerInfo target = isAlive(l.server().address(), alive) ? l.server() : session.servers().stream()
        .filter(s -> s.offers(l.service()) && !s.address().equals(l.server().address()))
        .filter(s -> isAlive(s.address(), alive)).findFirst()
        .orElseThrow(() -> new GridException(Status.UNAVAILABLE, "cannot re-run " + l.label() + ": "
            + l.server().name() + " is gone and no other live server offers " + l.service().getName()
            + " (known: " + session.servers().stream().map(ServerInfo::name).toList() + ")", null,
            List.of(l.label())));
    return (Ref<Object>) new AsyncHandler(session, session.channel(target), l.service(), l.deadline())
        .invoke(null, l.viewMethod(), args);
  }

  private static boolean isAlive(String address, Map<String, Boolean> alive) {
    return alive.computeIfAbsent(address, a -> {
      if (a.equals("inline")) return true;
      try {
        Stubs.node(a).info();
        return true;
      } catch (RemoteException | GridException e) {
        Stubs.forget(a);
        return false;
      }
    });
  }
}
