package org.gridrmi.examples.matmul.internal;

import Jama.Matrix;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.gridrmi.jama.MatrixCodec;
import org.gridrmi.ref.spi.ValueInput;
import org.gridrmi.ref.spi.ValueOutput;
import org.gridrmi.runtime.net.LinkShaper;

/**
 * The raw socket baseline's worker side: a tiny request/response protocol over one TCP connection per manager,
 * serving a {@link SlotStore}. Outgoing bytes go through the JVM's emulated link, as GridRMI's sockets do, so the
 * comparison holds on {@code --link lan} too.
 *
 * <p>Request: one op byte, then its arguments ({@code writeUTF} strings, ints, matrices in {@link MatrixCodec}'s
 * format). Reply: byte 0 and the op's result, or byte 1 and a UTF message.
 */
public final class SocketEndpoint implements AutoCloseable {
  public static final int STORE = 1;
  public static final int ZEROS = 2;
  public static final int LOAD = 3;
  public static final int MULACC = 4;
  public static final int CLEAR = 5;
  static final MatrixCodec CODEC = new MatrixCodec();

  private final SlotStore slots;
  private final ServerSocket server;

  private final LinkShaper link;

  /** @param link the emulated link of what this endpoint sends, the run's link */
  public SocketEndpoint(SlotStore slots, LinkShaper link) {
    this.slots = slots;
    this.link = link;
    try {
      server = new ServerSocket(
          0, 50, InetAddress.getByName(System.getProperty("java.rmi.server.hostname", "0.0.0.0")));
    } catch (IOException e) {
      throw new UncheckedIOException("socket endpoint: cannot listen", e);
    }
    Thread t = new Thread(this::acceptLoop, "matmul-socket-accept");
    t.setDaemon(true);
    t.start();
  }

  public int port() {
    return server.getLocalPort();
  }

  private void acceptLoop() {
    while (!server.isClosed()) {
      try {
        Socket s = server.accept();
        Thread t = new Thread(() -> serve(s), "matmul-socket-" + s.getRemoteSocketAddress());
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void serve(Socket s) {
    try (s) {
      s.setTcpNoDelay(true);
      DataInputStream in =
          new DataInputStream(new BufferedInputStream(s.getInputStream(), 1 << 16));
      DataOutputStream out =
          new DataOutputStream(new BufferedOutputStream(link.shape(s.getOutputStream()), 1 << 16));
      while (true) {
        int op = in.read();
        if (op < 0) return;
        try {
          switch (op) {
            case STORE -> {
              String key = in.readUTF();
              slots.store(key, CODEC.read(ValueInput.of(in)));
              out.writeByte(0);
            }
            case ZEROS -> {
              String key = in.readUTF();
              slots.store(key, new Matrix(in.readInt(), in.readInt()));
              out.writeByte(0);
            }
            case LOAD -> {
              Matrix m = slots.load(in.readUTF());
              out.writeByte(0);
              CODEC.write(m, ValueOutput.of(out));
            }
            case MULACC -> {
              String c = in.readUTF();
              String a = in.readUTF();
              String b = in.readUTF();
              slots.multiplyAccumulate(c, a, b, in.readInt(), in.readInt());
              out.writeByte(0);
            }
            case CLEAR -> {
              int n = slots.clear(in.readUTF());
              out.writeByte(0);
              out.writeInt(n);
            }
            default -> throw new IllegalArgumentException("unknown op " + op);
          }
        } catch (RuntimeException e) {
          out.writeByte(1);
          out.writeUTF(String.valueOf(e.getMessage()));
        }
        out.flush();
      }
    } catch (IOException e) {
      // the manager went away: nothing to answer
    }
  }

  @Override
  public void close() {
    try {
      server.close();
    } catch (IOException ignored) {
      // closing anyway
    }
  }
}
