package org.gridrmi.benchmarks;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.gridrmi.runtime.net.LinkShaper;

/**
 * The baseline of {@code bench transfer}: a plain Java socket pair on loopback moving the same number of bytes one
 * way, then a one-byte acknowledgement. The receiver reads into a new array each time, as a node receiving a value
 * must; the sender writes from one array made beforehand. Sends go through the run's emulated link, like GridRMI's.
 */
final class RawLoopback implements AutoCloseable {
  private final ServerSocket server;
  private final Socket sender;
  private final Socket receiver;
  private final DataOutputStream out;
  private final InputStream ack;
  private final Thread reader;

  RawLoopback(LinkShaper shaper) throws IOException {
    server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    sender = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
    receiver = server.accept();
    sender.setTcpNoDelay(true);
    receiver.setTcpNoDelay(true);
    out = new DataOutputStream(shaper.shape(sender.getOutputStream()));
    ack = sender.getInputStream();
    reader = new Thread(this::receive, "raw-loopback-receiver");
    reader.setDaemon(true);
    reader.start();
  }

  private void receive() {
    try (DataInputStream in = new DataInputStream(receiver.getInputStream());
        OutputStream back = receiver.getOutputStream()) {
      while (true) {
        long n = in.readLong();
        long got = 0;
        while (got < n) { // arrays of at most 1 GiB: a value over that arrives as several, like a
          // double[][]
          byte[] part = new byte[(int) Math.min(n - got, 1 << 30)];
          in.readFully(part);
          got += part.length;
        }
        back.write(1);
        back.flush();
      }
    } catch (IOException closed) {
      // the benchmark is over
    }
  }

  /** Moves {@code bytes} bytes of {@code data} (repeated as needed) and returns the seconds until the ack. */
  double move(long bytes, byte[] data) throws IOException {
    long start = System.nanoTime();
    out.writeLong(bytes);
    for (long sent = 0; sent < bytes; ) {
      int n = (int) Math.min(bytes - sent, data.length);
      out.write(data, 0, n);
      sent += n;
    }
    out.flush();
    if (ack.read() != 1) throw new IOException("the raw receiver closed");
    return (System.nanoTime() - start) / 1e9;
  }

  @Override
  public void close() throws IOException {
    sender.close();
    receiver.close();
    server.close();
  }
}
