package org.gridrmi.runtime.serial;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Logs refusals of one kind at WARNING: the first few, then every so many, with the count so far, so that a flood
 * of bad input (a scanner, a misconfigured client) leaves a readable log rather than one line per attempt.
 */
public final class RefusalLog {
  private final System.Logger log;
  private final int first;
  private final int every;
  private final AtomicLong count = new AtomicLong();

  /** Logs the first {@code first} refusals, then every {@code every}th, to the logger named {@code logger}. */
  public RefusalLog(String logger, int first, int every) {
    this.log = System.getLogger(logger);
    this.first = first;
    this.every = every;
  }

  /** Counts a refusal and logs {@code message} if it is one of those logged. */
  public void refused(String message) {
    long n = count.incrementAndGet();
    if (n <= first || n % every == 0)
      log.log(System.Logger.Level.WARNING, message + " (" + n + " so far)");
  }

  /** Refusals counted so far. */
  public long count() {
    return count.get();
  }
}
