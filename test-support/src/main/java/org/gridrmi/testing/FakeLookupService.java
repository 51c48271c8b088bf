package org.gridrmi.testing;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.MarshalledObject;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A program answering Jini unicast discovery on a loopback port with a registrar proxy of its choosing, as one that
 * took over a lookup service's port would: version 1 of the protocol, what River's {@code LookupLocator.getRegistrar}
 * asks (the client sends the version as an int; the answer is a {@code MarshalledObject} of the registrar's proxy,
 * then the number of groups and their names). Closed, it stops answering.
 */
public final class FakeLookupService implements AutoCloseable {
  private static final int PROTOCOL_VERSION = 1;
  private static final int READ_TIMEOUT_MILLIS = 5_000;

  private final ServerSocket socket;
  private final AtomicInteger answered = new AtomicInteger();
  private final Thread thread;

  /**
   * Starts answering every unicast discovery request with {@code registrar} (serialized once, now).
   *
   * @throws IOException if it cannot be serialized or no port is free
   */
  public FakeLookupService(Object registrar) throws IOException {
    MarshalledObject<Object> answer = new MarshalledObject<>(registrar);
    socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    thread = new Thread(() -> answer(answer), "fake-lookup-" + socket.getLocalPort());
    thread.setDaemon(true);
    thread.start();
  }

  private void answer(MarshalledObject<Object> answer) {
    while (!socket.isClosed()) {
      try (Socket s = socket.accept()) {
        s.setSoTimeout(READ_TIMEOUT_MILLIS);
        if (new DataInputStream(s.getInputStream()).readInt() != PROTOCOL_VERSION) continue;
        // counted before the client can read any of it: counted after, the client had the answer,
        // failed on it and the test read the count (0) first, in a loop of the tests beside other
        // builds
        answered.incrementAndGet();
        ObjectOutputStream out = new ObjectOutputStream(s.getOutputStream());
        out.writeObject(answer);
        out.writeInt(0); // no groups
        out.flush();
      } catch (IOException closedOrCutShort) {
        // the next request, or closed
      }
    }
  }

  /** Its address, {@code jini://127.0.0.1:PORT}. */
  public String url() {
    return "jini://" + socket.getInetAddress().getHostAddress() + ":" + socket.getLocalPort();
  }

  /** The discovery requests it answered so far. */
  public int answered() {
    return answered.get();
  }

  @Override
  public void close() throws IOException, InterruptedException {
    socket.close();
    thread.join(READ_TIMEOUT_MILLIS);
  }
}
