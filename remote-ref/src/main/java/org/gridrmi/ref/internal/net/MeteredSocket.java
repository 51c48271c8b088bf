package org.gridrmi.ref.internal.net;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;

/** A socket that counts its bytes into {@link TransportMetrics} and sends through the JVM's {@link LinkShaper}. */
final class MeteredSocket extends Socket {
  private final TransportMetrics.Counter counter;
  private final LinkShaper shaper;
  private volatile InputStream in;
  private volatile OutputStream out;

  MeteredSocket(TransportMetrics.Counter counter, LinkShaper shaper) {
    this.counter = counter;
    this.shaper = shaper;
  }


  @Override
  public synchronized InputStream getInputStream() throws IOException {
    if (in == null) {
      in = new FilterInputStream(super.getInputStream()) {
        @Override public int read() throws IOException {
          int b = super.read();
          if (b >= 0) counter.received.increment();
          return b;
        }

        @Override public int read(byte[] buf, int off, int len) throws IOException {
          int n = super.read(buf, off, len);
          if (n > 0) counter.received.add(n);
          return n;
        }
      };
    }
    return in;
  }

  @Override
  public synchronized OutputStream getOutputStream() throws IOException {
    if (out == null) {
      OutputStream counted = new FilterOutputStream(super.getOutputStream()) {
        @Override public void write(int b) throws IOException {
          out.write(b);
          counter.sent.increment();
        }

        @Override public void write(byte[] buf, int off, int len) throws IOException {
          out.write(buf, off, len);
          counter.sent.add(len);
        }
      };
      out = new Signalling(shaper.shape(counted));
    }
    return out;
  }

  /** The stream the calling thread writes to, which fires {@link FirstWrite}; byte for byte otherwise. */
  private static final class Signalling extends OutputStream {
    private final OutputStream out;

    Signalling(OutputStream out) {
      this.out = out;
    }

    @Override public void write(int b) throws IOException {
      FirstWrite.fire();
      out.write(b);
    }

    @Override public void write(byte[] buf, int off, int len) throws IOException {
      FirstWrite.fire();
      out.write(buf, off, len);
    }

    @Override public void flush() throws IOException {
      out.flush();
    }

    @Override public void close() throws IOException {
      out.close();
    }
  }
}
