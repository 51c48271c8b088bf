package org.gridrmi.runtime.net;

import java.util.concurrent.TimeUnit;

/**
 * The bound of the remote call the current thread is making, which applies to every read and write of its GridRMI
 * sockets: RMI makes a call on the caller's thread, so the socket reads this to set its read timeout, and arms
 * {@link WriteWatchdog} for writes. The bound is a deadline for the call's first answer byte that moves on as bytes
 * keep flowing (each read or write that moves data extends it to at least {@code inactivity} from then): so a peer
 * that stops answering is found within the bound, and a large value on a slow link still arrives. Without a bound (a
 * server serving calls, an idle pooled connection) sockets wait, as they must between calls.
 */
public final class CallDeadline {
  private static final ThreadLocal<long[]> BOUND =
      new ThreadLocal<>(); // {deadline, inactivity (nanos), state (UNTIL_ANSWERED's flags)}

  /** The bound waits for the answer without limit, and bounds all else by the inactivity bound. */
  private static final long UNTIL_ANSWERED = 1;

  /** Data was written last: the next read waits for an answer. */
  private static final long AWAITING = 2;

  /** A read is under way (its timeout was just asked for): the next progress is that read's. */
  private static final long READING = 4;

  private CallDeadline() {}

  /** Something that may throw, run under a bound. */
  @FunctionalInterface
  public interface Call<T, E extends Exception> {
    T run() throws E;
  }

  /**
   * Runs {@code call} with its socket I/O bounded: the first answer within {@code timeoutNanos}, then no silence
   * longer than {@code inactivityNanos}. An outer bound on this thread stays in force if it is shorter.
   */
  public static <T, E extends Exception> T within(
      long timeoutNanos, long inactivityNanos, Call<T, E> call) throws E {
    long[] outer = BOUND.get();
    long deadline = System.nanoTime() + Math.max(0, timeoutNanos);
    long[] mine = outer == null || outer[0] > deadline
        ? new long[] {deadline, inactivityNanos, 0}
        : outer.clone();
    BOUND.set(mine);
    try {
      return call.run();
    } finally {
      if (outer == null) BOUND.remove();
      else BOUND.set(outer);
    }
  }

  /**
   * Runs {@code call} (a call without a deadline) with no bound on the wait for its answer, which lasts as long as
   * the peer computes, but with every other silence bounded by {@code inactivityNanos}: a request that cannot be
   * written, and an answer that stops half way. An outer bound on this thread stays in force.
   */
  public static <T, E extends Exception> T untilAnswered(long inactivityNanos, Call<T, E> call)
      throws E {
    if (BOUND.get() != null) return call.run();
    BOUND.set(new long[] {System.nanoTime() + inactivityNanos, inactivityNanos, UNTIL_ANSWERED});
    try {
      return call.run();
    } finally {
      BOUND.remove();
    }
  }

  /** The current thread's deadline in {@link System#nanoTime()} terms, or 0 if it has none. */
  static long deadlineNanos() {
    long[] b = BOUND.get();
    return b == null ? 0 : b[0];
  }

  /** Data moved: the peer is alive, so the bound moves on to at least the inactivity bound from now. */
  static void progress() {
    long[] b = BOUND.get();
    if (b == null) return;
    if ((b[2] & UNTIL_ANSWERED) != 0) {
      // a read's progress ends the wait for the answer; a write's (the request) starts one
      b[2] = (b[2] & READING) != 0 ? UNTIL_ANSWERED : UNTIL_ANSWERED | AWAITING;
    }
    b[0] = Math.max(b[0], System.nanoTime() + b[1]);
  }

  /** The read timeout to use now: 0 (none) without a bound, else the time left, at least 1 ms. */
  static int readTimeoutMillis() {
    long[] b = BOUND.get();
    if (b == null) return 0;
    if ((b[2] & UNTIL_ANSWERED) != 0) {
      b[2] |= READING;
      // waiting for the answer: no bound of ours (RMI's own handshake timeout still applies to a
      // new connection)
      if ((b[2] & AWAITING) != 0) return 0;
      b[0] = Math.max(
          b[0], System.nanoTime() + b[1]); // the answer started: silence is measured from now
    }
    long left = TimeUnit.NANOSECONDS.toMillis(b[0] - System.nanoTime());
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, left));
  }
}
