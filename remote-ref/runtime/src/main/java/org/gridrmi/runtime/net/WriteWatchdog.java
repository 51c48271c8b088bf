package org.gridrmi.runtime.net;

import java.io.IOException;
import java.net.Socket;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bounds writes the way a read timeout bounds reads: a write made under a {@link CallDeadline} that is still blocked
 * when the deadline passes (the peer stopped reading, its window is full) has its socket closed, which ends the write
 * with an exception. One daemon thread for the JVM: it only ever closes sockets.
 */
final class WriteWatchdog {
  private static final AtomicLong SCHEDULED = new AtomicLong();
  private static final ScheduledThreadPoolExecutor TIMER = new ScheduledThreadPoolExecutor(1, r -> {
    Thread t = new Thread(r, "gridrmi-write-watchdog");
    t.setDaemon(true);
    return t;
  });

  private WriteWatchdog() {}

  /** Timers scheduled so far in this JVM (tests). */
  static long timersScheduled() {
    return SCHEDULED.get();
  }

  /**
   * The watch over one socket's writes. A timer is armed at the first watched write and stays armed while writes
   * follow one another: when it fires it looks at the write in progress (if any) and closes the socket only if that
   * write is past its own deadline, else it goes back to sleep until that deadline. So a value streamed in many
   * writes costs two field updates per write, not a timer task each (which woke the timer thread twice per write and,
   * on two cores, took a visible share of a fast transfer); once writes stop, the timer fires once more and is gone.
   */
  static final class Guard {
    private final Socket socket;
    /** The deadline of the write in progress, in {@link System#nanoTime()} terms; 0 when none is. */
    private long writing;

    private boolean armed;

    Guard(Socket socket) {
      this.socket = socket;
    }

    /** A write begins: watched if this thread has a deadline. */
    synchronized void arm() {
      long deadline = CallDeadline.deadlineNanos();
      if (deadline == 0) return;
      writing = deadline;
      if (!armed) {
        armed = true;
        schedule(deadline - System.nanoTime());
      }
    }

    /** The write ended, however it ended. */
    synchronized void disarm() {
      writing = 0;
    }

    private void schedule(long delayNanos) {
      SCHEDULED.incrementAndGet();
      TIMER.schedule(this::check, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
    }

    private void check() {
      synchronized (this) {
        if (writing == 0) {
          armed = false; // no write in progress: the next one arms again
          return;
        }
        long left = writing - System.nanoTime();
        if (left > 0) {
          schedule(left);
          return;
        }
        armed = false;
      }
      try {
        socket.close();
      } catch (IOException ignored) {
        // closing is all we can do; the writer sees the broken socket
      }
    }
  }
}
