package org.gridrmi.runtime.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.TlsStores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every plain connection proves the grid secret both ways before the accepting side reads anything else from it; a
 * peer without it is refused from a fixed number of bytes within a bound, and told why.
 */
class SecretHandshakeTest {
  @TempDir
  Path dir;

  private GridSecret ours;
  private GridSecret theirs;

  @BeforeEach
  void secrets() {
    ours = GridSecret.readOrCreate(dir.resolve("ours"));
    theirs = GridSecret.readOrCreate(dir.resolve("theirs"));
  }

  private static NetContext plain(GridSecret secret) {
    return new NetContext(null, secret, LinkPlan.NONE, 2_000, "127.0.0.1");
  }

  /** Accepts one connection and reads {@code n} bytes as RMI's connection thread would: what reaches RMI. */
  private static CompletableFuture<byte[]> acceptAndRead(ServerSocket server, int n) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return read(server.accept(), n);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
  }

  /** Reads {@code n} bytes of an accepted connection on another thread. */
  private static CompletableFuture<byte[]> readAsync(Socket accepted, int n) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return read(accepted, n);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
  }

  private static byte[] read(Socket accepted, int n) throws IOException {
    try (Socket s = accepted;
        InputStream in = s.getInputStream()) {
      return in.readNBytes(n);
    }
  }

  private static void send(Socket c, byte[] bytes) throws IOException {
    c.getOutputStream().write(bytes);
    c.getOutputStream().flush();
  }

  private static final byte[] JRMI = {'J', 'R', 'M', 'I'};

  @Test
  void peersHoldingTheSameSecretConnectAndTheConnectionThenCarriesItsBytesUntouched()
      throws Exception {
    try (NetContext server = plain(ours);
        NetContext client = plain(GridSecret.read(dir.resolve("ours")));
        ServerSocket port = server.serverFactory().createServerSocket(0)) {
      CompletableFuture<byte[]> read = acceptAndRead(port, 4);
      try (Socket c = client.clientFactory(null).createSocket("127.0.0.1", port.getLocalPort())) {
        send(c, JRMI);
        assertThat(read.get(5, TimeUnit.SECONDS)).containsExactly(JRMI);
      }
      assertThat(server.secretRefusals()).isZero();
    }
  }

  @Test
  void aClientOfAnotherGridIsToldTheServerUsesAnotherSecretAndTheServerReadsNothingOfIt()
      throws Exception {
    try (NetContext server = plain(ours);
        NetContext client = plain(theirs);
        ServerSocket port = server.serverFactory().createServerSocket(0)) {
      CompletableFuture<byte[]> read = acceptAndRead(port, 4);
      assertThatThrownBy(
              () -> client.clientFactory(null).createSocket("127.0.0.1", port.getLocalPort()))
          .isInstanceOfSatisfying(
              HandshakeRefusedException.class,
              e -> assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED))
          .hasMessageContaining("127.0.0.1:" + port.getLocalPort())
          .hasMessageContaining(
              "uses another grid secret: use --secret FILE / GRIDRMI_SECRET_FILE");
      assertThatThrownBy(() -> read.get(5, TimeUnit.SECONDS))
          .as("RMI's thread gets a refused connection, never the peer's bytes")
          .hasRootCauseInstanceOf(java.net.SocketException.class);
      // the server counts a refusal after its answer, which the client may read first
      org.awaitility.Awaitility.await()
          .atMost(Duration.ofSeconds(5))
          .until(() -> server.secretRefusals() == 1);
    }
  }

  @Test
  void aPeerThatSendsAWrongProofIsRefusedByTheServer() throws Exception {
    try (NetContext server = plain(ours);
        ServerSocket port = server.serverFactory().createServerSocket(0);
        Socket raw = new Socket("127.0.0.1", port.getLocalPort())) {
      CompletableFuture<byte[]> read = acceptAndRead(port, 4);
      byte[] hello = new byte[SecretHandshake.HELLO];
      System.arraycopy(SecretHandshake.MAGIC, 0, hello, 0, 4);
      hello[4] = SecretHandshake.VERSION;
      hello[5] = SecretHandshake.WITH_SECRET;
      send(raw, hello);
      byte[] reply = raw.getInputStream().readNBytes(SecretHandshake.REPLY);
      assertThat(reply[5]).isEqualTo(SecretHandshake.PROVEN);
      send(raw, new byte[SecretHandshake.PROOF]); // a guess
      send(raw, JRMI);
      assertThatThrownBy(() -> read.get(5, TimeUnit.SECONDS))
          .hasRootCauseInstanceOf(java.net.SocketException.class);
      assertThat(raw.getInputStream().read())
          .as("the server closed the connection")
          .isEqualTo(-1);
      // the server counts a refusal after its answer, which the client may read first
      org.awaitility.Awaitility.await()
          .atMost(Duration.ofSeconds(5))
          .until(() -> server.secretRefusals() == 1);
    }
  }

  @Test
  void anInsecureClientAtASecretServerAndASecretClientAtAnInsecureServerAreBothToldWhy()
      throws Exception {
    try (NetContext secured = plain(ours);
        NetContext insecure = plain(null);
        ServerSocket securedPort = secured.serverFactory().createServerSocket(0);
        ServerSocket insecurePort = insecure.serverFactory().createServerSocket(0)) {
      assertThat(insecure.insecure()).isTrue();
      assertThat(insecure.describe()).contains("INSECURE");
      acceptAndRead(securedPort, 4);
      assertThatThrownBy(() ->
              insecure.clientFactory(null).createSocket("127.0.0.1", securedPort.getLocalPort()))
          .isInstanceOfSatisfying(
              HandshakeRefusedException.class,
              e -> assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED))
          .hasMessageContaining("runs --insecure: drop --insecure");
      acceptAndRead(insecurePort, 4);
      assertThatThrownBy(() ->
              secured.clientFactory(null).createSocket("127.0.0.1", insecurePort.getLocalPort()))
          .isInstanceOfSatisfying(
              HandshakeRefusedException.class,
              e -> assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED))
          .hasMessageContaining("runs --insecure, so it cannot prove it belongs to this grid");
      CompletableFuture<byte[]> read = acceptAndRead(insecurePort, 4);
      try (Socket c =
          insecure.clientFactory(null).createSocket("127.0.0.1", insecurePort.getLocalPort())) {
        send(c, JRMI);
        assertThat(read.get(5, TimeUnit.SECONDS))
            .as("insecure on both sides: an explicit choice, and it works")
            .containsExactly(JRMI);
      }
    }
  }

  @Test
  void bytesThatAreNoHelloAreRefusedAndTheServerStillServes() throws Exception {
    try (NetContext server = plain(ours);
        NetContext client = plain(ours);
        ServerSocket port = server.serverFactory().createServerSocket(0)) {
      for (byte[] stranger : List.of(
          JRMI, // plain Java RMI
          new byte[] {'G', 'R', 'D', 'P', 0, 0, 0, 3}, // a data connection without the secret
          "GET / HTTP/1.1\r\n\r\n".getBytes(), // anything else
          new byte[] {'G', 'R', 'A', 'U', SecretHandshake.VERSION, 'S', 1, 2, 3})) { // cut short
        CompletableFuture<byte[]> read = acceptAndRead(port, 4);
        try (Socket raw = new Socket("127.0.0.1", port.getLocalPort())) {
          send(raw, stranger);
          raw.shutdownOutput();
          assertThatThrownBy(() -> read.get(5, TimeUnit.SECONDS))
              .as("nothing reaches RMI: %s", new String(stranger))
              .hasRootCauseInstanceOf(java.net.SocketException.class);
          assertThat(raw.getInputStream().read()).isEqualTo(-1);
        }
      }
      // the server counts a refusal after its answer, which the client may read first
      org.awaitility.Awaitility.await()
          .atMost(Duration.ofSeconds(5))
          .until(() -> server.secretRefusals() == 4);
      CompletableFuture<byte[]> read = acceptAndRead(port, 4);
      try (Socket c = client.clientFactory(null).createSocket("127.0.0.1", port.getLocalPort())) {
        send(c, JRMI);
        assertThat(read.get(5, TimeUnit.SECONDS)).containsExactly(JRMI);
      }
    }
  }

  @Test
  void aSlowPeerIsCutOffAtTheBoundWhileOthersAreServed() throws Exception {
    try (NetContext server = plain(ours);
        NetContext client = plain(ours)) {
      server.handshakeTimeout(Duration.ofMillis(300));
      try (ServerSocket port = server.serverFactory().createServerSocket(0);
          Socket slow = new Socket("127.0.0.1", port.getLocalPort())) {
        long start = System.nanoTime();
        CompletableFuture<byte[]> slowRead = readAsync(port.accept(), 4);
        OutputStream out = slow.getOutputStream();
        out.write(new byte[] {'G', 'R'}); // then nothing: holds only its thread, until the bound
        out.flush();
        CompletableFuture<byte[]> read = acceptAndRead(port, 4);
        try (Socket c = client.clientFactory(null).createSocket("127.0.0.1", port.getLocalPort())) {
          send(c, JRMI);
          assertThat(read.get(5, TimeUnit.SECONDS)).containsExactly(JRMI);
        }
        assertThatThrownBy(() -> slowRead.get(5, TimeUnit.SECONDS))
            .hasRootCauseInstanceOf(java.net.SocketException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
        assertThat(slow.getInputStream().read()).isEqualTo(-1);
        // the server counts a refusal after its answer, which the client may read first
        org.awaitility.Awaitility.await()
            .atMost(Duration.ofSeconds(5))
            .until(() -> server.secretRefusals() == 1);
      }
    }
  }

  @Test
  void aSlowPeerTricklingBytesIsCutOffAtTheSameBound() throws Exception {
    try (NetContext server = plain(ours)) {
      server.handshakeTimeout(Duration.ofMillis(500));
      try (ServerSocket port = server.serverFactory().createServerSocket(0);
          Socket slow = new Socket("127.0.0.1", port.getLocalPort())) {
        long start = System.nanoTime();
        CompletableFuture<byte[]> slowRead = readAsync(port.accept(), 4);
        byte[] hello = {'G', 'R', 'A', 'U', SecretHandshake.VERSION, 'S', 0, 0, 0, 0, 0, 0, 0, 0};
        try {
          for (byte b : hello) { // one byte every 100 ms: each read is quick, the whole is not
            slow.getOutputStream().write(b);
            Thread.sleep(100);
          }
        } catch (IOException closedByServer) {
          // expected once the bound passed
        }
        assertThatThrownBy(() -> slowRead.get(5, TimeUnit.SECONDS))
            .hasRootCauseInstanceOf(java.net.SocketException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start))
            .isLessThan(Duration.ofMillis(1_800));
      }
    }
  }

  @Test
  void tlsOnOneSideOnlyIsToldOnBothSides(@TempDir Path keys) throws Exception {
    char[] password = KeyFiles.newPassword();
    KeyFiles.make(keys, List.of("S1", "client"), password, true);
    TlsStores s1 = new TlsStores(
        KeyFiles.keystore(keys, "S1"), keys.resolve(KeyFiles.TRUSTSTORE), password.clone());
    TlsStores client = new TlsStores(
        KeyFiles.keystore(keys, "client"), keys.resolve(KeyFiles.TRUSTSTORE), password.clone());
    try (NetContext plainServer = plain(ours);
        NetContext tlsServer = new NetContext(s1, LinkPlan.NONE, 2_000, "127.0.0.1");
        NetContext plainClient = plain(ours);
        NetContext tlsClient = new NetContext(client, LinkPlan.NONE, 2_000, "127.0.0.1");
        ServerSocket plainPort = plainServer.serverFactory().createServerSocket(0);
        ServerSocket tlsPort = tlsServer.serverFactory().createServerSocket(0)) {
      acceptAndRead(plainPort, 4);
      assertThatThrownBy(() ->
              tlsClient.clientFactory(null).createSocket("127.0.0.1", plainPort.getLocalPort()))
          .isInstanceOfSatisfying(
              HandshakeRefusedException.class,
              e -> assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED))
          .hasMessageContaining("127.0.0.1:" + plainPort.getLocalPort() + " runs without TLS")
          .hasMessageContaining("drop --tls");
      // the server counts a refusal after its answer, which the client may read first
      org.awaitility.Awaitility.await()
          .atMost(Duration.ofSeconds(5))
          .until(() -> plainServer.secretRefusals() == 1);
      acceptAndRead(tlsPort, 4);
      assertThatThrownBy(() ->
              plainClient.clientFactory(null).createSocket("127.0.0.1", tlsPort.getLocalPort()))
          .isInstanceOf(TlsRequiredException.class)
          .hasMessageContaining("127.0.0.1:" + tlsPort.getLocalPort() + " uses TLS")
          .hasMessageContaining("--tls");
    }
  }
}
