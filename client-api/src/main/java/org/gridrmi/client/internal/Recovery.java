package org.gridrmi.client.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.Ref;

/**
 * Re-runs an idempotent call whose value was lost with its server, from its lineage: lost arguments that are
 * results of idempotent calls are re-made first (recursively), values the client put are pushed again, and the
 * call goes to its own server if that still answers, else to another live server offering the service.
 *
 * <p>Only when the owner is really gone (it does not answer a probe: an UNAVAILABLE from anything else, a stuck fetch
 * whose owner answers, is not a lost value), at most {@link #MAX_ATTEMPTS} times in a chain, with a growing pause
 * between attempts, so a Grid whose servers all fail cannot make it spin.
 */
final class Recovery {
  static final int MAX_ATTEMPTS = 3;
  private static final long FIRST_PAUSE_MILLIS = 100;

  private Recovery() {}

  static CompletableFuture<Object> rerun(Session session, Lineage lineage, GridException failure) {
    return attempt(session, lineage, failure, 1);
  }

  private static CompletableFuture<Object> attempt(
      Session session, Lineage lineage, GridException failure, int n) {
    if (n == 1 && !lostSomething(session, lineage)) {
      return CompletableFuture.failedFuture(
          failure); // its server and its inputs' owners answer: nothing was lost
    }
    if (n > MAX_ATTEMPTS) {
      return CompletableFuture.failedFuture(new GridException(
          Status.UNAVAILABLE,
          failure.description() + " (gave up " + "re-running " + lineage.label() + " after "
              + MAX_ATTEMPTS + " attempts)",
          failure,
          failure.chain()));
    }
    List<Ref<?>> made = new ArrayList<>();
    Ref<Object> again;
    try {
      again = remake(session, lineage, new HashMap<>(), made);
    } catch (GridException e) {
      made.forEach(Ref::release);
      if (e.status() == Status.DEADLINE_EXCEEDED) return CompletableFuture.failedFuture(e);
      return CompletableFuture.failedFuture(new GridException(
          Status.UNAVAILABLE,
          e.description() + " (after: " + failure.getMessage() + ")",
          failure,
          e.chain()));
    }
    // the values made again are this recovery's own: no reference the caller holds names them, so
    // once the value
    // (or its failure) is here nothing could release them but this
    again.toCompletableFuture().whenComplete((v, t) -> made.forEach(Ref::release));
    return again.toCompletableFuture().handle((v, t) -> t).thenCompose(t -> {
      if (t == null) return again.toCompletableFuture();
      GridException g = t.getCause() instanceof GridException ge
          ? ge
          : t instanceof GridException ge2 ? ge2 : null;
      if (g == null || g.status() != Status.UNAVAILABLE) return again.toCompletableFuture();
      long pause = FIRST_PAUSE_MILLIS << (n - 1);
      return CompletableFuture.supplyAsync(
              () -> null,
              CompletableFuture.delayedExecutor(
                  pause, TimeUnit.MILLISECONDS, session.runtime().io()))
          .thenCompose(x -> attempt(session, lineage, g, n + 1));
    });
  }

  @SuppressWarnings("unchecked")
  private static Ref<Object> remake(
      Session session, Lineage l, Map<String, Boolean> alive, List<Ref<?>> made) {
    Object[] args = l.args().clone();
    for (int i = 0; i < args.length; i++) {
      if (!(args[i] instanceof Ref<?> r) || isAlive(session, r.owner(), alive)) continue;
      if (r.context() instanceof CallContext c && c.lineage() != null) {
        args[i] = remake(session, c.lineage(), alive, made);
      } else {
        throw new GridException(
            Status.UNAVAILABLE,
            "cannot re-run " + l.label() + ": its argument " + (i + 1) + " (" + r.describe()
                + ") was lost with " + r.owner() + " and is not the result of an @Idempotent call",
            null,
            List.of(l.label()));
      }
    }
    ServerInfo target = isAlive(session, l.server().address(), alive)
        ? l.server()
        : session.servers().stream()
            .filter(s -> s.offers(l.service()) && !s.address().equals(l.server().address()))
            .filter(s -> isAlive(session, s.address(), alive))
            .findFirst()
            .orElseThrow(() -> new GridException(
                Status.UNAVAILABLE,
                "cannot re-run " + l.label() + ": "
                    + l.server().name() + " is gone and no other live server offers "
                    + l.service().getName()
                    + " (known: "
                    + session.servers().stream().map(ServerInfo::name).toList() + ")",
                null,
                List.of(l.label())));
    Ref<Object> again = (Ref<Object>) AsyncHandler.remaking(session, session.channel(target), l)
        .invoke(null, l.viewMethod(), args);
    made.add(again);
    return again;
  }

  /** Whether the call's server, or the owner of one of its inputs, no longer answers. */
  private static boolean lostSomething(Session session, Lineage l) {
    Map<String, Boolean> alive = new HashMap<>();
    if (!isAlive(session, l.server().address(), alive)) return true;
    for (Object a : l.args()) {
      if (a instanceof Ref<?> r && !isAlive(session, r.owner(), alive)) return true;
    }
    return false;
  }

  /** Whether the node at {@code address} answers now (a put value's owner, this Grid's own node, always does). */
  private static boolean isAlive(Session session, String address, Map<String, Boolean> alive) {
    return alive.computeIfAbsent(address, a -> {
      if (a.equals("inline")) return true;
      var home = session.homeIfStarted();
      if (home != null && home.address().equals(a)) return true;
      try {
        session.runtime().node(a).info();
        return true;
      } catch (GridException e) {
        session.runtime().transport().forget(a);
        return false;
      }
    });
  }
}
