package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.junit.jupiter.api.Test;

/** The pool reuses an idle thread before it starts another, and keeps its bounds on threads and queue. */
class BoundedExecutorTest {

  @Test
  void tasksOneAfterAnotherRunOnOneThreadNotANewThreadEach() throws Exception {
    Set<String> threads = ConcurrentHashMap.newKeySet();
    try (BoundedExecutor pool = new BoundedExecutor("test-pool", 16, 100)) {
      for (int i = 0; i < 20; i++) {
        CountDownLatch done = new CountDownLatch(1);
        pool.execute(() -> {
          threads.add(Thread.currentThread().getName());
          done.countDown();
        });
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        waitUntilIdle(pool);
      }
    }
    assertThat(threads).hasSize(1);
  }

  @Test
  void busyThreadsMakeTheNextTaskStartAThreadOfItsOwnUpToTheLimit() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch started = new CountDownLatch(3);
    Set<String> threads = ConcurrentHashMap.newKeySet();
    try (BoundedExecutor pool = new BoundedExecutor("test-pool", 3, 2)) {
      for (int i = 0; i < 3; i++) {
        pool.execute(() -> {
          threads.add(Thread.currentThread().getName());
          started.countDown();
          await(release);
        });
      }
      assertThat(started.await(10, TimeUnit.SECONDS))
          .as("three blocking tasks run at once")
          .isTrue();
      pool.execute(
          () -> await(release)); // queued: every thread is busy and the pool is at its limit
      pool.execute(() -> await(release));
      assertThatThrownBy(() -> pool.execute(() -> {}))
          .isInstanceOfSatisfying(GridException.class, e -> {
            assertThat(e.status()).isEqualTo(Status.RESOURCE_EXHAUSTED);
            assertThat(e.getMessage()).contains("test-pool", "3 threads busy", "2 tasks queued");
          });
      release.countDown();
    }
    assertThat(threads).hasSize(3);
  }

  /**
   * Tasks given at once to a pool whose threads are idle each get a thread while the pool may grow: none waits in the
   * queue behind the others. A thread that had just taken a task from the queue but not yet started it was counted
   * idle, so the next task was queued for it too and waited until another task ended or came (here never: each
   * waits for all to start). GetSendsItsBatchTest's set-up, which fills a Grid's I/O pool so, waited 15 s for that in
   * 4 runs of 15.
   */
  @Test
  void tasksGivenAtOnceToIdleThreadsAllRunAtOnce() throws Exception {
    for (int round = 0; round < 100; round++) {
      try (BoundedExecutor pool = new BoundedExecutor("test-pool", 16, 100)) {
        CountDownLatch warm = new CountDownLatch(1);
        CountDownLatch warmStarted = new CountDownLatch(12);
        for (int i = 0; i < 12; i++) {
          pool.execute(() -> {
            warmStarted.countDown();
            await(warm);
          });
        }
        assertThat(warmStarted.await(10, TimeUnit.SECONDS)).isTrue();
        warm.countDown();
        waitUntilIdle(pool);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(16);
        for (int i = 0; i < 16; i++) {
          pool.execute(() -> {
            started.countDown();
            await(release);
          });
        }
        boolean all = started.await(2, TimeUnit.SECONDS);
        long notStarted = started.getCount();
        release.countDown();
        assertThat(all)
            .as(
                "round %d: 16 blocking tasks on 16 threads all started (%d did not)",
                round, notStarted)
            .isTrue();
      }
    }
  }

  @Test
  void aClosedPoolRefusesWithCancelled() {
    BoundedExecutor pool = new BoundedExecutor("test-pool", 2, 2);
    pool.close();
    assertThatThrownBy(() -> pool.execute(() -> {}))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.CANCELLED));
  }

  private static void waitUntilIdle(BoundedExecutor pool) throws InterruptedException {
    for (int i = 0; i < 1000 && pool.load() > 0; i++) Thread.sleep(1);
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
