package org.gridrmi.runtime.net;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;

/**
 * The TCP socket under every GridRMI connection: counts its bytes into its context's {@link TransportMetrics}, sends
 * through its {@link LinkShaper}, and bounds every read and write by the {@link CallDeadline} of the thread doing it
 * (reads by a read timeout, writes by the {@link WriteWatchdog}).
 */
final class MeteredSocket extends Socket {
  private final TransportMetrics.Counter counter;
  /** The link, or null until the peer is known ({@link #shapeBy}): what is written before goes unshaped. */
  private volatile LinkShaper shaper;
  /** What the shaped stream writes to, and the stream written through now (raw until the link is known). */
  private OutputStream counted;

  private volatile OutputStream shaped;
  private volatile InputStream in;
  private volatile OutputStream out;
  /** Bounds this socket's writes by the writing thread's deadline. */
  private final WriteWatchdog.Guard writes = new WriteWatchdog.Guard(this);
  /** The read timeout the socket has now. */
  private volatile int timeoutSet;
  /** The read timeout its owner (RMI) asked for with {@link #setSoTimeout}: what reads without a deadline get. */
  private volatile int ownersTimeout;

  /** @param shaper the link, or null to choose it once the peer said its name ({@link LinkHello}) */
  MeteredSocket(TransportMetrics.Counter counter, LinkShaper shaper) {
    this.counter = counter;
    this.shaper = shaper;
  }

  /**
   * Shapes what is written from now on by {@code link}, once the peer is known. Writes so far (a TLS handshake, the
   * hello) went out unshaped, and were written through at once, so the order of bytes is kept.
   */
  synchronized void shapeBy(LinkShaper link) throws IOException {
    if (shaper != null) return;
    shaper = link;
    if (counted != null) shaped = link.shape(counted);
  }

  /**
   * Sets the read timeout this read needs (cheap: the JDK keeps it in a field): the thread's deadline, or the
   * owner's timeout if that is shorter or the thread has none. RMI sets timeouts of its own between reads (a response
   * timeout of 0 after its handshake), so the socket's timeout is tracked here, never assumed.
   */
  private void boundRead() throws IOException {
    int deadline = CallDeadline.readTimeoutMillis();
    int owners = ownersTimeout;
    int t = deadline == 0 ? owners : owners == 0 ? deadline : Math.min(deadline, owners);
    if (t != timeoutSet) {
      super.setSoTimeout(t);
      timeoutSet = t;
    }
  }

  @Override
  public synchronized void setSoTimeout(int timeout) throws java.net.SocketException {
    super.setSoTimeout(timeout);
    ownersTimeout = timeout;
    timeoutSet = timeout;
  }

  /**
   * The read timeout the owner asked for, not the bound of the last read: RMI saves this before its own handshake and
   * sets it back afterwards, so answering with a read's bound (the grid secret's handshake reads before RMI's) would
   * make that bound the owner's timeout for the life of the connection.
   */
  @Override
  public int getSoTimeout() {
    return ownersTimeout;
  }

  @Override
  public synchronized InputStream getInputStream() throws IOException {
    if (in == null) {
      in = new FilterInputStream(super.getInputStream()) {
        @Override
        public int read() throws IOException {
          boundRead();
          int b = super.read();
          if (b >= 0) {
            counter.received.increment();
            CallTraffic.received(1);
            CallDeadline.progress();
          }
          return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
          boundRead();
          int n = super.read(buf, off, len);
          if (n > 0) {
            counter.received.add(n);
            CallTraffic.received(n);
            CallDeadline.progress();
          }
          return n;
        }
      };
    }
    return in;
  }

  @Override
  public synchronized OutputStream getOutputStream() throws IOException {
    if (out == null) {
      OutputStream raw = super.getOutputStream();
      OutputStream counted = new OutputStream() {
        @Override
        public void write(int b) throws IOException {
          writes.arm();
          try {
            raw.write(b);
          } finally {
            writes.disarm();
          }
          counter.sent.increment();
          CallDeadline.progress();
        }

        @Override
        public void write(byte[] buf, int off, int len) throws IOException {
          writes.arm();
          try {
            raw.write(buf, off, len);
          } finally {
            writes.disarm();
          }
          counter.sent.add(len);
          CallDeadline.progress();
        }

        @Override
        public void flush() throws IOException {
          raw.flush();
        }

        @Override
        public void close() throws IOException {
          raw.close();
        }
      };
      this.counted = counted;
      shaped = shaper == null ? counted : shaper.shape(counted);
      out = new Signalling(() -> shaped);
    }
    return out;
  }

  /** The stream the calling thread writes to, which fires {@link FirstWrite}; byte for byte otherwise. */
  private static final class Signalling extends OutputStream {
    private final java.util.function.Supplier<OutputStream> target;

    Signalling(java.util.function.Supplier<OutputStream> target) {
      this.target = target;
    }

    @Override
    public void write(int b) throws IOException {
      FirstWrite.fire();
      CallTraffic.sent(1);
      target.get().write(b);
    }

    @Override
    public void write(byte[] buf, int off, int len) throws IOException {
      FirstWrite.fire();
      CallTraffic.sent(len);
      target.get().write(buf, off, len);
    }

    @Override
    public void flush() throws IOException {
      target.get().flush();
    }

    @Override
    public void close() throws IOException {
      target.get().close();
    }
  }
}
