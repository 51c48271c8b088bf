package org.gridrmi.benchmarks.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Unmeasured rounds that run the measured code paths until the JIT has compiled them, in every JVM they cross.
 * A benchmark that measures after a handful of rounds times the interpreter: on a 2-core machine the client's
 * and the server's call paths then cost a millisecond or two more per call, and vary as much, which is larger
 * than the differences the benchmarks exist to show.
 *
 * <p>The rounds run on several threads at once, so that on an emulated wide-area link, where one round is
 * mostly waiting, the warm-up costs seconds, not minutes; the code compiled is the same.
 */
public final class Warmup {
  /**
   * Rounds in flight at once, for benchmarks over an emulated link: a round there is mostly waiting (on paper-wan
   * about 170 ms of it and 3 ms of CPU for Fig. 7), so 8 at a time keep the 2 cores busy without queueing on them.
   */
  public static final int THREADS = 8;

  private Warmup() {}

  /** One unmeasured round; {@code round} counts from 0. */
  @FunctionalInterface
  public interface Round {
    void run(int round) throws Exception;
  }

  /**
   * Runs {@code rounds} rounds on {@code threads} threads and returns when all are done. The first failure stops
   * the rounds not yet started and is thrown, wrapped in an {@link IllegalStateException} that says which round
   * failed: a path that fails while warming up would fail when measured.
   *
   * @param rounds how many rounds in all, &ge; 0
   * @param threads how many run at once, &ge; 1
   */
  public static void run(int rounds, int threads, Round round) {
    if (rounds < 0) throw new IllegalArgumentException("warm-up rounds must be >= 0: " + rounds);
    if (threads < 1) throw new IllegalArgumentException("warm-up threads must be >= 1: " + threads);
    if (rounds == 0) return;
    AtomicInteger next = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, rounds), r -> {
      Thread t = new Thread(r, "warm-up");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<?>> workers = new ArrayList<>();
      for (int i = 0; i < Math.min(threads, rounds); i++) {
        workers.add(pool.submit(() -> {
          for (int r; (r = next.getAndIncrement()) < rounds; ) {
            try {
              round.run(r);
            } catch (Exception e) {
              next.set(rounds); // no new rounds; the others finish the one they are in
              throw new IllegalStateException(
                  "warm-up round " + (r + 1) + " of " + rounds + " failed: " + e, e);
            }
          }
          return null;
        }));
      }
      for (Future<?> w : workers) w.get();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException re
          ? re
          : new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while warming up", e);
    } finally {
      pool.shutdownNow();
    }
  }
}
