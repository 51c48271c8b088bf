package org.gridrmi.runtime.net;

import java.io.OutputStream;
import java.util.Locale;

/**
 * A slower network emulated on the sending side: each message (the bytes between two flushes) reaches the peer
 * one-way latency plus size/bandwidth after it was flushed, so a message of n bytes costs t_s + n t_w with
 * t_s = {@code delay} and t_w = 1/{@code bytesPerSecond}.
 *
 * <p>The link's transmitter is shared by the messages of one socket: a message starts transmitting when it is
 * flushed or when the previous one has finished transmitting, whichever is later; the latency is not serialized,
 * so a pipelining sender does not pay it twice. Waiting is done by a per-socket daemon thread that sleeps; the
 * writer never blocks for the latency (only, like TCP, when more than {@value #MAX_PENDING_BYTES} bytes are in
 * flight). See {@link DelayedOutputStream}.
 */
public final class EmulatedLink implements LinkShaper {
  /** Bytes in flight on one socket before {@code flush} blocks the writer, like a TCP send window. */
  public static final int MAX_PENDING_BYTES = 16 << 20;

  private final String name;
  private final long delayNanos;
  private final double bytesPerSecond;

  /**
   * @param name a profile name for {@link #describe()}, such as {@code "paper-wan"}
   * @param delayNanos one-way latency per message, &ge; 0
   * @param bytesPerSecond bandwidth, &gt; 0; {@link Double#POSITIVE_INFINITY} for no limit
   */
  public EmulatedLink(String name, long delayNanos, double bytesPerSecond) {
    if (delayNanos < 0) throw new IllegalArgumentException("negative delay " + delayNanos + " ns");
    if (!(bytesPerSecond > 0))
      throw new IllegalArgumentException("bandwidth must be positive: " + bytesPerSecond);
    this.name = name;
    this.delayNanos = delayNanos;
    this.bytesPerSecond = bytesPerSecond;
  }

  /** One-way latency per message (t_s), nanoseconds. */
  public long delayNanos() {
    return delayNanos;
  }

  /** Bandwidth in bytes per second; infinite if unlimited. */
  public double bytesPerSecond() {
    return bytesPerSecond;
  }

  /** Transmission time per byte (t_w), seconds; 0 if unlimited. */
  public double secondsPerByte() {
    return 1 / bytesPerSecond;
  }

  /** Time to put {@code bytes} on the wire at this bandwidth, nanoseconds. */
  long transmitNanos(long bytes) {
    return Double.isInfinite(bytesPerSecond) ? 0 : Math.round(bytes * 1e9 / bytesPerSecond);
  }

  /**
   * Returns a stream that buffers what is written and hands each flushed chunk to a delivery thread which writes
   * it to {@code raw} when it is due. Write errors of that thread are thrown by later calls on the stream.
   */
  @Override
  public OutputStream shape(OutputStream raw) {
    return new DelayedOutputStream(raw, this);
  }

  @Override
  public String describe() {
    String bw = Double.isInfinite(bytesPerSecond)
        ? "unlimited"
        : String.format(Locale.ROOT, "%.3g MB/s", bytesPerSecond / 1e6);
    return String.format(Locale.ROOT, "%s (%s ms, %s)", name, trim(delayNanos / 1e6), bw);
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.3g", v);
  }

  @Override
  public String toString() {
    return describe();
  }
}
