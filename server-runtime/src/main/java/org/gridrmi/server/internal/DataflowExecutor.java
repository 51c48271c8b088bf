package org.gridrmi.server.internal;

import java.util.Arrays;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.Daemons;
import org.gridrmi.ref.internal.FailureCarrier;
import org.gridrmi.ref.internal.LocalNode;
import org.gridrmi.ref.internal.Slot;
import org.gridrmi.ref.internal.wire.Command;
import org.gridrmi.ref.internal.wire.Failure;

/**
 * Runs async calls when their arguments exist (dataflow): a call is registered at once, its reference arguments
 * are resolved in parallel (local ones by look-up, remote ones by fetches on I/O threads), and only then is it
 * queued on the bounded compute pool, whose threads therefore never wait for a remote value.
 */
public final class DataflowExecutor implements AutoCloseable {
  private final LocalNode node;
  private final ServiceRegistry services;
  private final ThreadPoolExecutor compute;
  private final ScheduledExecutorService timers;
  private final AtomicLong callsRun = new AtomicLong();
  /** On a compute thread running calls: the call to run next there (see {@link #schedule}). */
  private final ThreadLocal<Runnable[]> continuation = new ThreadLocal<>();

  public DataflowExecutor(LocalNode node, ServiceRegistry services, int threads) {
    this.node = node;
    this.services = services;
    this.compute = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
        Daemons.factory("gridrmi-compute-" + node.name()));
    this.timers = Executors.newSingleThreadScheduledExecutor(Daemons.factory("gridrmi-deadline-" + node.name()));
  }

  public long callsRun() {
    return callsRun.get();
  }

  /** Stores a replica of a client's value under its own id, so that calls here resolve it locally. */
  public void replica(UUID holder, Command.Replica r) {
    node.table().put(r.valueId(), holder, "value " + r.valueId() + " from " + r.owner(), r.value().value());
  }

  /** Registers the call and schedules it; returns at once. A call whose id is known already is ignored. */
  public void submit(UUID holder, Command.Call c) {
    String site = c.label() + " on " + node.name();
    Slot slot = node.table().create(c.valueId(), holder, site);
    if (slot == null) return;
    ServiceRegistry.Target target;
    try {
      target = services.find(c.service(), c.method(), node.name());
    } catch (RuntimeException e) {
      slot.fail(Failure.from(e, site));
      return;
    }
    Object[] args = c.args() == null ? new Object[0] : c.args();
    CompletableFuture<?>[] pending = new CompletableFuture<?>[args.length];
    for (int i = 0; i < args.length; i++) {
      pending[i] = args[i] instanceof RemoteReference<?> r ? r.toCompletableFuture()
          : CompletableFuture.completedFuture(args[i]);
    }
    if (c.deadlineMillis() > 0) watchDeadline(slot, c, site, pending);
    CompletableFuture.allOf(pending).whenComplete((x, failed) -> {
      if (slot.isDone()) return;
      if (failed != null) {
        slot.fail(FailureCarrier.unwrap(firstFailure(pending), null).through(site));
        return;
      }
      Object[] values = Arrays.stream(pending).map(CompletableFuture::join).toArray();
      schedule(() -> run(slot, target, values, c.deadlineMillis(), site));
    });
  }

  /**
   * Queues a ready call on the compute pool, except the first call made ready by a call that just finished on a
   * compute thread (its result was the last missing argument): that thread runs it next, which saves the hand-off
   * to another thread on every link of a chain. Further calls made ready at once go to the pool, to run in parallel.
   */
  private void schedule(Runnable call) {
    Runnable[] next = continuation.get();
    if (next != null && next[0] == null) {
      next[0] = call;
    } else {
      compute.execute(() -> runChain(call));
    }
  }

  private void runChain(Runnable first) {
    Runnable[] next = new Runnable[1];
    continuation.set(next);
    try {
      for (Runnable call = first; call != null; call = next[0] == null ? null : take(next)) call.run();
    } finally {
      continuation.remove();
    }
  }

  private static Runnable take(Runnable[] next) {
    Runnable r = next[0];
    next[0] = null;
    return r;
  }

  private static Throwable firstFailure(CompletableFuture<?>[] fs) {
    for (CompletableFuture<?> f : fs) {
      if (f.isCompletedExceptionally()) {
        try {
          f.join();
        } catch (RuntimeException e) {
          return e;
        }
      }
    }
    return new IllegalStateException("no failed argument");
  }

  private void watchDeadline(Slot slot, Command.Call c, String site, CompletableFuture<?>[] pending) {
    long delay = c.deadlineMillis() - System.currentTimeMillis();
    Runnable expire = () -> {
      if (slot.fail(Failure.of(Status.DEADLINE_EXCEEDED, site + " did not finish before its deadline", null, site))) {
        for (CompletableFuture<?> f : pending) f.cancel(false);
        slot.interruptRunner();
      }
    };
    if (delay <= 0) {
      expire.run();
    } else {
      var timer = timers.schedule(expire, delay, TimeUnit.MILLISECONDS);
      slot.future().whenComplete((v, t) -> timer.cancel(false));
    }
  }

  private void run(Slot slot, ServiceRegistry.Target target, Object[] args, long deadline, String site) {
    Thread.interrupted(); // a late interrupt meant for the previous call on this thread
    if (!slot.startRunning(Thread.currentThread())) return;
    try {
      callsRun.incrementAndGet();
      slot.set(Invocation.invoke(target, args));
    } catch (Throwable t) {
      slot.fail(Failure.from(t, site));
    } finally {
      slot.stopRunning();
      Thread.interrupted(); // a cancel's interrupt must not leak into the next call on this thread
    }
  }

  @Override
  public void close() {
    compute.shutdownNow();
    timers.shutdownNow();
  }
}
