package org.gridrmi.benchmarks;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import org.gridrmi.benchmarks.memory.MemoryOpsAsync;
import org.gridrmi.benchmarks.memory.MemoryOpsImpl;
import org.gridrmi.client.CallOptions;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;

/**
 * The client of {@code bench memory}: chains {@code s2.sum(s1.make(bytes))}, at most {@code window} in flight, with
 * no scope and no release. The client keeps no reference once a chain is submitted and nothing of a result but its
 * count: what the servers still hold afterwards is what the Grid's value lifetime left there. Each chain's result is
 * checked against the sum computed here, and every chain ends within its deadline plus a grace period.
 */
final class MemoryChains {
  /** Where a wait ends past a call's own deadline: the call's failure travels back in this time. */
  static final Duration GRACE = Duration.ofSeconds(10);
  /** How often a wait for a place in the window reports progress. */
  static final long TICK_MILLIS = 1000;

  /** The first chain that failed: its number (from 0), the status (or what else ended it) and the message. */
  record Failure(int chain, String status, String message) {}

  private final MemoryOpsAsync maker;
  private final MemoryOpsAsync summer;
  private final int bytes;
  private final long expectedSum;
  private final int window;
  private final Duration wait;
  private final int maxFailures;
  private volatile int notRun;
  private final AtomicInteger completed = new AtomicInteger();
  private final AtomicInteger failed = new AtomicInteger();
  private final AtomicReference<Failure> firstFailure = new AtomicReference<>();
  private final Map<String, AtomicInteger> failedByStatus = new ConcurrentHashMap<>();

  /**
   * @param s1 where values are made
   * @param s2 where they are summed (it fetches each from s1)
   * @param window the most chains in flight at once
   * @param deadline each call's deadline
   * @param maxFailures after this many failed chains no more are submitted
   */
  MemoryChains(
      Grid grid,
      ServerInfo s1,
      ServerInfo s2,
      int bytes,
      int window,
      Duration deadline,
      int maxFailures) {
    this.maker = grid.async(MemoryOpsAsync.class, CallOptions.on(s1).withDeadline(deadline));
    this.summer = grid.async(MemoryOpsAsync.class, CallOptions.on(s2).withDeadline(deadline));
    this.bytes = bytes;
    this.expectedSum = MemoryOpsImpl.expectedSum(bytes);
    this.window = window;
    this.wait = deadline.plus(GRACE);
    this.maxFailures = maxFailures;
  }

  /**
   * Runs {@code chains} chains and returns once every one submitted has ended; submits no more once
   * {@code maxFailures} have failed.
   *
   * @param onProgress told the number of chains submitted so far, after each one and every
   *     {@value #TICK_MILLIS} ms while it waits for a chain in flight to end
   */
  void run(int chains, IntConsumer onProgress) throws InterruptedException {
    Semaphore inFlight = new Semaphore(window);
    for (int i = 0; i < chains; i++) {
      if (failed.get()
          >= maxFailures) { // a server out of memory: the rest would only wait out their deadlines
        notRun = chains - i;
        break;
      }
      acquire(inFlight, 1, i, onProgress);
      int chain = i;
      try {
        submit().orTimeout(wait.toMillis(), TimeUnit.MILLISECONDS).whenComplete((v, t) -> {
          try {
            end(chain, v, t);
          } finally {
            inFlight.release();
          }
        });
      } catch (GridException e) { // refused at once (a closed Grid, a full queue): it ended here
        fail(chain, e);
        inFlight.release();
      }
      onProgress.accept(chain + 1);
    }
    acquire(inFlight, window, chains - notRun, onProgress); // the last ones in flight
  }

  /** Takes {@code places} in the window, telling progress while it waits; every chain ends within its wait. */
  private void acquire(Semaphore inFlight, int places, int submitted, IntConsumer onProgress)
      throws InterruptedException {
    long until = System.nanoTime() + wait.toNanos();
    while (!inFlight.tryAcquire(places, TICK_MILLIS, TimeUnit.MILLISECONDS)) {
      if (System.nanoTime() > until) {
        throw new GridException(
            Status.DEADLINE_EXCEEDED, "bench memory: chains in flight did not end within " + wait);
      }
      onProgress.accept(submitted);
    }
  }

  /**
   * One chain. The reference to the value S1 makes is dropped as this returns (S2, its borrower, must still get
   * it); only the sum's future is kept, which keeps its reference until the sum is here.
   */
  private CompletableFuture<Long> submit() {
    RemoteReference<byte[]> value = maker.make(bytes);
    RemoteReference<Long> sum = summer.sum(value);
    return sum
        .toCompletableFuture(); // the future keeps its reference until the sum is here; then both
    // go
  }

  private void end(int chain, Long sum, Throwable t) {
    if (t == null && sum != null && sum == expectedSum) {
      completed.incrementAndGet();
    } else if (t == null) {
      record(chain, "WRONG_RESULT", "sum " + sum + ", expected " + expectedSum);
    } else {
      Throwable c = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
      if (c instanceof GridException g) {
        fail(chain, g);
      } else if (c instanceof TimeoutException) {
        record(chain, "LOST", "no answer, not even a failure, within " + wait);
      } else {
        record(chain, c.getClass().getSimpleName(), String.valueOf(c.getMessage()));
      }
    }
  }

  private void fail(int chain, GridException e) {
    String prefix = e.status() + ": ";
    String m = e.getMessage();
    record(chain, e.status().name(), m.startsWith(prefix) ? m.substring(prefix.length()) : m);
  }

  private void record(int chain, String status, String message) {
    failed.incrementAndGet();
    failedByStatus.computeIfAbsent(status, k -> new AtomicInteger()).incrementAndGet();
    firstFailure.compareAndSet(null, new Failure(chain, status, message.replaceAll("\\R", " ")));
  }

  /** Chains that ended with the right sum. */
  int completed() {
    return completed.get();
  }

  /** Chains that ended otherwise. */
  int failed() {
    return failed.get();
  }

  /** Failed chains by status (or what else ended them), in the order of the statuses' names. */
  Map<String, Integer> failedByStatus() {
    Map<String, Integer> m = new TreeMap<>();
    failedByStatus.forEach((k, v) -> m.put(k, v.get()));
    return m;
  }

  /** Chains that ended either way. */
  int ended() {
    return completed.get() + failed.get();
  }

  /** Chains never submitted because {@code maxFailures} had failed first. */
  int notRun() {
    return notRun;
  }

  /** The first chain that failed, or null. */
  Failure firstFailure() {
    return firstFailure.get();
  }
}
