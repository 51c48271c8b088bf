package org.gridrmi.runtime.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A GridRMI socket's reads are bounded by the reading thread's {@link CallDeadline}, whatever read timeouts the
 * socket's owner (RMI) sets on it between reads; and a read without a deadline keeps the owner's timeout. RMI sets
 * its own between the handshake and the call (a response timeout of 0), so a bound that trusted the timeout it set
 * last left that call's read unbounded.
 */
class ReadTimeoutTest {
  private static final long BOUND = TimeUnit.MILLISECONDS.toNanos(300);
  private final NetContext net = new NetContext(null, LinkPlan.NONE, 5_000, "127.0.0.1");
  private ServerSocket server;
  private Socket socket;
  private Socket silentPeer;

  /** The silent peer proves the secret (a GridRMI port does it at its first read), then sends nothing more. */
  @BeforeEach
  void connect() throws Exception {
    server = net.serverFactory().createServerSocket(0);
    java.util.concurrent.CompletableFuture<Socket> accepted =
        java.util.concurrent.CompletableFuture.supplyAsync(() -> {
          try {
            Socket s = server.accept();
            Thread reader = new Thread(() -> {
              try {
                s.getInputStream().read(); // the handshake, then a wait for bytes that never come
              } catch (java.io.IOException closed) {
                // the test closed it
              }
            });
            reader.setDaemon(true);
            reader.start();
            return s;
          } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
    socket = net.connect("127.0.0.1", server.getLocalPort());
    silentPeer = accepted.get(5, TimeUnit.SECONDS);
  }

  @AfterEach
  void close() throws Exception {
    socket.close();
    silentPeer.close();
    server.close();
    net.close();
  }

  private void boundedRead() {
    InputStream in = assertTimeoutPreemptively(Duration.ofSeconds(5), socket::getInputStream);
    assertTimeoutPreemptively(
        Duration.ofSeconds(5),
        () -> assertThatThrownBy(() -> CallDeadline.within(BOUND, BOUND, in::read))
            .isInstanceOf(SocketTimeoutException.class),
        "a read under a deadline of 300 ms");
  }

  @Test
  void aReadUnderADeadlineIsBoundedAfterTheOwnerClearedTheTimeout() throws Exception {
    boundedRead();
    socket.setSoTimeout(0); // as RMI does after its handshake
    boundedRead();
  }

  @Test
  void aReadWithoutADeadlineKeepsTheTimeoutTheOwnerSet() throws Exception {
    boundedRead();
    socket.setSoTimeout(200); // as RMI sets its own read timeout
    InputStream in = socket.getInputStream();
    assertTimeoutPreemptively(
        Duration.ofSeconds(5),
        () -> assertThatThrownBy(in::read).isInstanceOf(SocketTimeoutException.class),
        "a read with the owner's timeout of 200 ms");
    assertThat(socket.getSoTimeout()).isEqualTo(200);
  }
}
