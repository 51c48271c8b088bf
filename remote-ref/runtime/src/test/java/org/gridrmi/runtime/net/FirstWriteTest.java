package org.gridrmi.runtime.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FirstWriteTest {
  @Test
  void firesOnceAtThisThreadsFirstWriteToAGridSocket() throws Exception {
    NetContext net = new NetContext(null, LinkPlan.NONE, 5_000, "127.0.0.1");
    try (net;
        ServerSocket server = net.serverFactory().createServerSocket(0)) {
      java.util.concurrent.CompletableFuture<byte[]> read =
          java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try (Socket accepted = server.accept()) {
              return accepted.getInputStream().readNBytes(5); // after the secret's handshake
            } catch (java.io.IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
          });
      Socket client = net.clientFactory(null).createSocket("127.0.0.1", server.getLocalPort());
      OutputStream out = client.getOutputStream();
      AtomicInteger fired = new AtomicInteger();
      FirstWrite.runOnNext(fired::incrementAndGet);

      Thread other = new Thread(() -> {
        try {
          out.write(
              new byte[] {1, 2},
              0,
              2); // another thread's write says nothing about this thread's call
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      other.start();
      other.join();
      assertThat(fired).hasValue(0);

      out.write(3);
      assertThat(fired).hasValue(1);
      out.write(new byte[] {4, 5}, 0, 2);
      out.flush();
      FirstWrite.cancel();
      assertThat(fired).as("once only, and cancel after it fired does nothing").hasValue(1);
      assertThat(read.get(5, java.util.concurrent.TimeUnit.SECONDS)).containsExactly(1, 2, 3, 4, 5);
      client.close();
    }
  }

  @Test
  void cancelRunsTheActionWhenNothingWasWritten() {
    AtomicInteger fired = new AtomicInteger();
    FirstWrite.runOnNext(fired::incrementAndGet);
    FirstWrite.cancel();
    FirstWrite.cancel();
    assertThat(fired).hasValue(1);
  }
}
