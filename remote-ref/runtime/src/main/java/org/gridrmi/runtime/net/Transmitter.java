package org.gridrmi.runtime.net;

/**
 * When the chunks of one emulated socket reach the peer ({@link DelayedOutputStream}): a chunk starts transmitting
 * when it is flushed or when the previous one has finished, whichever is later, takes its size over the bandwidth
 * to transmit, and arrives the link's one-way delay after that. So a pipelining sender pays the delay once, not once
 * per message, and a long message is paced by the bandwidth. Kept apart from the stream so that the rule is tested
 * with explicit times, not with a loaded machine's clock; not thread-safe (the stream calls it under its lock).
 *
 * <p>Due time of chunk i: {@code txEnd_i = max(flush_i, txEnd_(i-1)) + bytes_i / bw; due_i = txEnd_i + delay}.
 */
final class Transmitter {
  private final EmulatedLink link;
  private long txEndNanos;
  private boolean transmitted;

  Transmitter(EmulatedLink link) {
    this.link = link;
  }

  /**
   * When a chunk of {@code bytes} flushed at {@code nowNanos} (a {@link System#nanoTime} reading) is due at the
   * peer; never earlier than the previous chunk's due time.
   */
  long dueNanos(long nowNanos, long bytes) {
    long start = transmitted ? Math.max(nowNanos, txEndNanos) : nowNanos;
    transmitted = true;
    txEndNanos = start + link.transmitNanos(bytes);
    return txEndNanos + link.delayNanos();
  }
}
