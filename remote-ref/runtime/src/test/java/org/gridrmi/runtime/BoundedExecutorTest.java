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
