package org.gridrmi.examples.matmul.internal;

import static org.gridrmi.examples.matmul.internal.SocketEndpoint.CODEC;

import Jama.Matrix;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicLong;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.spi.ValueInput;
import org.gridrmi.ref.spi.ValueOutput;
import org.gridrmi.runtime.net.LinkShaper;

/** The raw socket baseline's manager side (see {@link SocketEndpoint} for the protocol); counts its bytes. */
public final class SocketSlotClient implements SlotClient {
  /** Bytes every socket client of this JVM sent and received: the socket share of "bytes through the manager". */
  public static final AtomicLong SENT = new AtomicLong();

  public static final AtomicLong RECEIVED = new AtomicLong();
  private final String where;
  private final Socket socket;
  private final DataInputStream in;
  private final DataOutputStream out;

  /** @param link the emulated link of what this client sends, the run's link */
  public SocketSlotClient(String host, int port, LinkShaper link) {
    where = host + ":" + port;
    try {
      socket = new Socket(host, port);
      socket.setTcpNoDelay(true);
      in = new DataInputStream(
          new BufferedInputStream(new CountingIn(socket.getInputStream()), 1 << 16));
      out = new DataOutputStream(
          new BufferedOutputStream(link.shape(new Counting(socket.getOutputStream())), 1 << 16));
    } catch (IOException e) {
      throw new GridException(
          Status.UNAVAILABLE, "socket worker " + where + " does not answer: " + e, e);
    }
  }

  @Override
  public synchronized void store(String key, Matrix m) {
    call(() -> {
      out.writeByte(SocketEndpoint.STORE);
      out.writeUTF(key);
      CODEC.write(m, ValueOutput.of(out));
    });
  }

  @Override
  public synchronized void zeros(String key, int rows, int cols) {
    call(() -> {
      out.writeByte(SocketEndpoint.ZEROS);
      out.writeUTF(key);
      out.writeInt(rows);
      out.writeInt(cols);
    });
  }

  @Override
  public synchronized Matrix load(String key) {
    call(() -> {
      out.writeByte(SocketEndpoint.LOAD);
      out.writeUTF(key);
    });
    try {
      return CODEC.read(ValueInput.of(in));
    } catch (IOException e) {
      throw failed(e);
    }
  }

  @Override
  public synchronized void multiplyAccumulate(String c, String a, String b, int row0, int col0) {
    call(() -> {
      out.writeByte(SocketEndpoint.MULACC);
      out.writeUTF(c);
      out.writeUTF(a);
      out.writeUTF(b);
      out.writeInt(row0);
      out.writeInt(col0);
    });
  }

  @Override
  public synchronized void clear(String prefix) {
    call(() -> {
      out.writeByte(SocketEndpoint.CLEAR);
      out.writeUTF(prefix);
    });
    try {
      in.readInt();
    } catch (IOException e) {
      throw failed(e);
    }
  }

  private interface Io {
    void run() throws IOException;
  }

  /** Sends a request and reads the status byte; an error reply becomes INVALID_ARGUMENT with its message. */
  private void call(Io request) {
    try {
      request.run();
      out.flush();
      if (in.readUnsignedByte() != 0) {
        throw new GridException(
            Status.INVALID_ARGUMENT, "socket worker " + where + ": " + in.readUTF());
      }
    } catch (IOException e) {
      throw failed(e);
    }
  }

  private GridException failed(IOException e) {
    return new GridException(Status.UNAVAILABLE, "socket worker " + where + " failed: " + e, e);
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException ignored) {
      // closing anyway
    }
  }

  /** Counts bytes on the raw socket streams. */
  private static final class Counting extends FilterOutputStream {
    Counting(OutputStream o) {
      super(o);
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      SENT.incrementAndGet();
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      SENT.addAndGet(len);
    }
  }

  private static final class CountingIn extends FilterInputStream {
    CountingIn(InputStream i) {
      super(i);
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) RECEIVED.incrementAndGet();
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, len);
      if (n > 0) RECEIVED.addAndGet(n);
      return n;
    }
  }
}
