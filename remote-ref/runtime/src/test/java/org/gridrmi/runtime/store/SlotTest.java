package org.gridrmi.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class SlotTest {
  final ValueTable table = new ValueTable(UUID.randomUUID(), 1000, TestStores.inMemory());

  /**
   * A cancel reads the thread running the call, then interrupts it; meanwhile the call may end and its thread take the
   * next one. The interrupt must not reach that next call: once {@code stopRunning} returns, no interrupt of this
   * slot's is pending on the thread. The runner's {@code interrupt()} is made to wait here so the steps happen in the
   * order that went wrong.
   */
  @Test
  void aCancelRacingTheEndOfTheCallDoesNotInterruptTheThreadsNextCall() throws Exception {
    Slot slot = table.create(UUID.randomUUID(), UUID.randomUUID(), "call");
    CountDownLatch interrupting = new CountDownLatch(1);
    CountDownLatch letInterrupt = new CountDownLatch(1);
    CountDownLatch callEnds = new CountDownLatch(1);
    CountDownLatch stopped = new CountDownLatch(1);
    CountDownLatch cancelled = new CountDownLatch(1);
    CountDownLatch running = new CountDownLatch(1);
    AtomicBoolean nextCallInterrupted = new AtomicBoolean();
    Thread runner =
        new Thread(() -> {
          slot.startRunning(Thread.currentThread());
          running.countDown();
          awaitQuietly(callEnds);
          slot.stopRunning(); // the call ended; what follows is the next call on this thread
          stopped.countDown();
          while (cancelled.getCount() > 0) Thread.onSpinWait();
          nextCallInterrupted.set(Thread.currentThread().isInterrupted());
        }) {
          @Override
          public void interrupt() {
            interrupting.countDown();
            awaitQuietly(letInterrupt);
            super.interrupt();
          }
        };
    runner.start();
    Thread canceller = new Thread(() -> {
      awaitQuietly(running); // a cancel before the call runs has no runner to interrupt
      slot.cancel("test");
      cancelled.countDown();
    });
    canceller.start();
    assertThat(interrupting.await(5, TimeUnit.SECONDS)).isTrue(); // the cancel has read the runner
    callEnds.countDown();
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> stopped.getCount() == 0 || runner.getState() == Thread.State.BLOCKED);
    letInterrupt.countDown();
    runner.join(5_000);
    canceller.join(5_000);
    assertThat(nextCallInterrupted)
        .as("the next call on the thread was interrupted")
        .isFalse();
  }

  static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
