package org.gridrmi.runtime.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Each end of a connection learns the other's node name from the connection itself, so a matrix applies to the pair
 * at both ends; the partition rule is the observable here (no timing is asserted).
 */
class LinkHelloTest {
  /** Accepts one connection on another thread and reads {@code n} bytes from it, as RMI's connection thread does. */
  private static CompletableFuture<byte[]> acceptAndRead(ServerSocket server, int n) {
    return CompletableFuture.supplyAsync(() -> {
      try (Socket s = server.accept();
          InputStream in = s.getInputStream()) {
        return in.readNBytes(n);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
  }

  @Test
  void peersNamedInTheMatrixExchangeNamesAndTheConnectionThenCarriesItsBytesUntouched()
      throws Exception {
    String matrix = "default=loopback,S2=delay=1ms";
    try (NetContext s1 = new NetContext(null, LinkPlan.parse(matrix).as("S1"), 2_000, "127.0.0.1");
        NetContext s2 = new NetContext(null, LinkPlan.parse(matrix).as("S2"), 2_000, "127.0.0.1");
        ServerSocket server = s2.serverFactory().createServerSocket(0)) {
      CompletableFuture<byte[]> read = acceptAndRead(server, 4);
      try (Socket c = s1.clientFactory(null).createSocket("127.0.0.1", server.getLocalPort())) {
        c.getOutputStream().write(new byte[] {'J', 'R', 'M', 'I'});
        c.getOutputStream().flush();
        assertThat(read.get(5, java.util.concurrent.TimeUnit.SECONDS))
            .as("what follows the hello reaches RMI as it was written")
            .containsExactly('J', 'R', 'M', 'I');
      }
    }
  }

  @Test
  void aPairCutOffByNameIsAPartitionFromTheConnectingEnd() throws Exception {
    String matrix = "default=loopback,S1-S2=drop";
    // S1's hello times out by design (300 ms); S3's and S2's must not, even on a loaded machine
    try (NetContext s1 = new NetContext(null, LinkPlan.parse(matrix).as("S1"), 300, "127.0.0.1");
        NetContext s3 = new NetContext(null, LinkPlan.parse(matrix).as("S3"), 5_000, "127.0.0.1");
        NetContext s2 = new NetContext(null, LinkPlan.parse(matrix).as("S2"), 5_000, "127.0.0.1");
        ServerSocket server = s2.serverFactory().createServerSocket(0)) {
      CompletableFuture<byte[]> read = acceptAndRead(server, 1);
      assertThatThrownBy(
              () -> s1.clientFactory(null).createSocket("127.0.0.1", server.getLocalPort()))
          .as("S1 learns the peer is S2 only from its answer: the rule is by name, not address")
          .isInstanceOf(SocketTimeoutException.class)
          .hasMessageContaining("partition");
      read.handle((b, t) -> null).get(5, java.util.concurrent.TimeUnit.SECONDS);
      CompletableFuture<byte[]> fromS3 =
          acceptAndRead(server, 4); // the port reads 4 bytes before RMI gets them
      try (Socket c = s3.clientFactory(null).createSocket("127.0.0.1", server.getLocalPort())) {
        c.getOutputStream().write(new byte[] {'J', 'R', 'M', 'I'});
        c.getOutputStream().flush();
        assertThat(fromS3.get(5, java.util.concurrent.TimeUnit.SECONDS))
            .containsExactly('J', 'R', 'M', 'I');
      }
    }
  }

  @Test
  void theAcceptingEndRefusesAPeerItsPlanCutsOff() throws Exception {
    // S1's plan names nodes but not this pair, so S1 connects; S2's plan cuts S1 off, so S2 closes
    // the connection
    try (NetContext s1 = new NetContext(
            null, LinkPlan.parse("default=loopback,S9=lan").as("S1"), 2_000, "127.0.0.1");
        NetContext s2 = new NetContext(
            null, LinkPlan.parse("default=loopback,S1-S2=drop").as("S2"), 2_000, "127.0.0.1");
        ServerSocket server = s2.serverFactory().createServerSocket(0)) {
      CompletableFuture<byte[]> read = acceptAndRead(server, 1);
      Socket c = s1.clientFactory(null).createSocket("127.0.0.1", server.getLocalPort());
      c.close();
      assertThat(read)
          .failsWithin(java.time.Duration.ofSeconds(5))
          .withThrowableThat()
          .withMessageContaining("cuts it off");
    }
  }

  @Test
  void aPlanWithoutNamesSendsNoHello() throws Exception {
    try (NetContext plain =
            new NetContext(null, LinkPlan.parse("lan").as("S1"), 2_000, "127.0.0.1");
        NetContext peer = new NetContext(null, LinkPlan.NONE, 2_000, "127.0.0.1");
        ServerSocket port = peer.serverFactory().createServerSocket(0)) {
      CompletableFuture<byte[]> read = acceptAndRead(port, 4);
      try (Socket c = plain.clientFactory(null).createSocket("127.0.0.1", port.getLocalPort())) {
        c.getOutputStream().write(new byte[] {'J', 'R', 'M', 'I'});
        c.getOutputStream().flush();
        assertThat(read.get(5, java.util.concurrent.TimeUnit.SECONDS))
            .as("after the secret's handshake, the first bytes are RMI's: no link hello")
            .containsExactly('J', 'R', 'M', 'I');
      }
    }
  }
}
