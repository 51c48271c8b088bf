package org.gridrmi.benchmarks.harness;

import java.io.PrintStream;

/**
 * One line per step of a long benchmark, with the time left estimated from the steps done so far:
 * {@code size 40 KB, run 3/5, ~1m10s left}. Written to stderr by default so stdout stays a clean table.
 */
public final class Progress {
  private final int totalSteps;
  private final PrintStream out;
  private final long startNanos = System.nanoTime();
  private int started;

  /** @param totalSteps how many times {@link #step} will be called, &ge; 1 */
  public Progress(int totalSteps) {
    this(totalSteps, System.err);
  }

  public Progress(int totalSteps, PrintStream out) {
    if (totalSteps < 1)
      throw new IllegalArgumentException("totalSteps must be >= 1: " + totalSteps);
    this.totalSteps = totalSteps;
    this.out = out;
  }

  /** Announces the next step, such as {@code "size 40 KB, run 3/5"}; returns the line printed. */
  public String step(String label) {
    int done = started++;
    String eta;
    if (done == 0) {
      eta = "estimating time left";
    } else {
      long elapsed = System.nanoTime() - startNanos;
      eta = "~" + duration(elapsed / done * (long) Math.max(0, totalSteps - done)) + " left";
    }
    String line = label + ", " + eta;
    out.println(line);
    out.flush();
    return line;
  }

  /** Prints and returns {@code done in 2m03s}. */
  public String finish() {
    String line = "done in " + duration(System.nanoTime() - startNanos);
    out.println(line);
    out.flush();
    return line;
  }

  /** {@code 45s}, {@code 1m10s}, {@code 2h05m}. */
  public static String duration(long nanos) {
    long s = Math.round(nanos / 1e9);
    if (s < 60) return s + "s";
    if (s < 3600) return (s / 60) + "m" + String.format("%02d", s % 60) + "s";
    return (s / 3600) + "h" + String.format("%02d", s % 3600 / 60) + "m";
  }
}
