package org.gridrmi.ref.internal.net;

import java.io.IOException;
import java.net.Socket;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Bounds writes the way a read timeout bounds reads: a write made under a {@link CallDeadline} that is still blocked
 * when the deadline passes (the peer stopped reading, its window is full) has its socket closed, which ends the write
 * with an exception. One daemon thread for the JVM: it only ever closes sockets.
 */
final class WriteWatchdog {
  private static final ScheduledThreadPoolExecutor TIMER = new ScheduledThreadPoolExecutor(1, r -> {
    Thread t = new Thread(r, "gridrmi-write-watchdog");
    t.setDaemon(true);
    return t;
  });

  static {
    TIMER.setRemoveOnCancelPolicy(true);
  }

  private WriteWatchdog() {}

  /** Arms the watchdog for a write on {@code socket} if this thread has a deadline; null if it has none. */
  static ScheduledFuture<?> arm(Socket socket) {
    long deadline = CallDeadline.deadlineNanos();
    if (deadline == 0) return null;
    return TIMER.schedule(() -> {
      try {
        socket.close();
      } catch (IOException ignored) {
        // closing is all we can do; the writer sees the broken socket
      }
    }, Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
  }

  static void disarm(ScheduledFuture<?> armed) {
    if (armed != null) armed.cancel(false);
  }
}
