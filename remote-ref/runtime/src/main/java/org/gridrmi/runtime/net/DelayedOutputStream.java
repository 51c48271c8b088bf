package org.gridrmi.runtime.net;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The sending side of one emulated socket. Bytes are buffered until {@link #flush()} (JRMP flushes at message
 * boundaries), then the chunk is queued with a due time and a per-socket daemon thread writes it to the real
 * stream when it is due. The writer returns at once, so pipelined messages overlap their latencies.
 *
 * <p>When each chunk is due is {@link Transmitter}'s rule. Due times never decrease, so one FIFO queue and one
 * thread keep the byte order.
 *
 * <p>The thread sleeps ({@link LockSupport#parkNanos}), never spins, since several JVMs share two cores. It starts
 * on the first flush, ends after {@link #close()} has delivered everything, and also ends after
 * {@value #IDLE_MILLIS} ms without work, which covers sockets closed directly rather than through this stream.
 * If the real stream fails, the error is kept and thrown by every later write, flush or close.
 */
final class DelayedOutputStream extends OutputStream {
  /** Buffered bytes are queued at this size even without a flush, so a long message needs bounded memory. */
  static final int CHUNK_BYTES = 64 * 1024;

  static final long IDLE_MILLIS = 5_000;
  static final String THREAD_PREFIX = "gridrmi-link-";
  private static final AtomicInteger THREADS = new AtomicInteger();
  /** Marks the end of the stream in the queue: close the real stream after what precedes it. */
  private static final Chunk CLOSE = new Chunk(new byte[0], 0);

  private final OutputStream raw;
  private final EmulatedLink link;
  // all fields below are guarded by this
  private final ArrayDeque<Chunk> queue = new ArrayDeque<>();
  private byte[] buf = new byte[8192];
  private int count;
  private final Transmitter transmitter;
  private long pendingBytes;
  private Thread worker;
  private IOException failure;
  private boolean closed;

  DelayedOutputStream(OutputStream raw, EmulatedLink link) {
    this.raw = raw;
    this.link = link;
    this.transmitter = new Transmitter(link);
  }

  private record Chunk(byte[] data, long dueNanos) {}

  @Override
  public synchronized void write(int b) throws IOException {
    checkUsable();
    if (count == buf.length) grow(1);
    buf[count++] = (byte) b;
    if (count >= CHUNK_BYTES) submit();
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, b.length);
    checkUsable();
    while (len > 0) {
      int n = Math.min(len, CHUNK_BYTES - count);
      if (buf.length - count < n) grow(n);
      System.arraycopy(b, off, buf, count, n);
      count += n;
      off += n;
      len -= n;
      if (count >= CHUNK_BYTES) submit();
    }
  }

  /** Queues what was written since the last flush; returns without waiting for the link's latency. */
  @Override
  public synchronized void flush() throws IOException {
    checkUsable();
    if (count > 0) submit();
  }

  /** Queues the rest and the end of stream; the real stream is closed once everything before it is delivered. */
  @Override
  public synchronized void close() throws IOException {
    if (closed) {
      if (failure != null) throw failed();
      return;
    }
    try {
      flush();
    } finally {
      closed = true;
    }
    if (queue.isEmpty() && worker == null) {
      raw.close();
    } else {
      queue.add(CLOSE);
      ensureWorker();
      notifyAll();
    }
  }

  private void grow(int extra) {
    buf = Arrays.copyOf(buf, Math.max(buf.length * 2, count + extra));
  }

  private void checkUsable() throws IOException {
    if (failure != null) throw failed();
    if (closed) throw new IOException("stream closed");
  }

  private IOException failed() {
    return new IOException(
        "emulated link " + link.describe() + ": delivery failed: " + failure.getMessage(), failure);
  }

  private void submit() throws IOException {
    byte[] data = Arrays.copyOf(buf, count);
    count = 0;
    // like a full TCP send window: block the writer (without spinning) while too much is in flight
    while (pendingBytes > 0
        && pendingBytes + data.length > EmulatedLink.MAX_PENDING_BYTES
        && failure == null) {
      try {
        wait();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted while the emulated link was full");
      }
    }
    if (failure != null) throw failed();
    queue.add(new Chunk(data, transmitter.dueNanos(System.nanoTime(), data.length)));
    pendingBytes += data.length;
    ensureWorker();
    notifyAll();
  }

  private void ensureWorker() {
    if (worker == null) {
      worker = new Thread(this::deliver, THREAD_PREFIX + THREADS.incrementAndGet());
      worker.setDaemon(true);
      worker.start();
    }
  }

  /** The delivery thread: takes chunks in order, sleeps until each is due, writes it. */
  private void deliver() {
    while (true) {
      Chunk c = next();
      if (c == null) return;
      for (long rest = c.dueNanos - System.nanoTime();
          rest > 0;
          rest = c.dueNanos - System.nanoTime()) {
        LockSupport.parkNanos(this, rest); // may return early; the loop re-checks, it does not spin
      }
      try {
        if (c == CLOSE) {
          raw.close();
        } else {
          raw.write(c.data);
          raw.flush();
        }
      } catch (IOException e) {
        fail(e);
        return;
      }
      synchronized (this) {
        queue.poll();
        pendingBytes -= c.data.length;
        notifyAll();
        if (c == CLOSE) {
          worker = null;
          return;
        }
      }
    }
  }

  /** The head of the queue, or null when the thread should end (idle too long or closed and drained). */
  private synchronized Chunk next() {
    long idleUntil = System.nanoTime() + IDLE_MILLIS * 1_000_000;
    while (queue.isEmpty()) {
      long rest = idleUntil - System.nanoTime();
      if (closed || rest <= 0) {
        worker = null;
        return null;
      }
      try {
        wait(Math.max(1, rest / 1_000_000));
      } catch (InterruptedException e) {
        // nobody interrupts this private thread; treat it as a request to stop
        worker = null;
        return null;
      }
    }
    return queue.peek();
  }

  private void fail(IOException e) {
    synchronized (this) {
      failure = e;
      queue.clear();
      pendingBytes = 0;
      worker = null;
      notifyAll();
    }
    try {
      raw.close(); // the connection is broken; let the peer see it rather than wait forever
    } catch (IOException ignored) {
      // already failing; the first error is the one reported
    }
  }
}
