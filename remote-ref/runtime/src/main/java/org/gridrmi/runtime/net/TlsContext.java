package org.gridrmi.runtime.net;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.serial.RefusalLog;

/**
 * The TLS side of one {@link NetContext}: an SSL context from a member's {@link TlsStores}, mutual authentication
 * (a server refuses peers without a certificate from the Grid's CA), TLS 1.3 and 1.2. Host names are not checked:
 * Grid nodes are addressed by IP and the CA is private to the Grid, so the CA is the identity.
 */
public final class TlsContext {
  private static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};
  private final SSLContext ssl;
  private final String describe;
  private final RefusalLog refused = new RefusalLog(TlsAcceptedSocket.class.getName(), 100, 1000);

  private TlsContext(SSLContext ssl, String describe) {
    this.ssl = ssl;
    this.describe = describe;
  }

  /**
   * Loads the stores.
   *
   * @throws GridException INVALID_ARGUMENT naming the missing or unreadable store, or a wrong password
   */
  public static TlsContext load(TlsStores stores) {
    char[] password = stores.password();
    try {
      KeyManagerFactory kmf =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      kmf.init(read(stores.keyStore(), password), password);
      TrustManagerFactory tmf =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(read(stores.trustStore(), password));
      SSLContext c = SSLContext.getInstance("TLS");
      c.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
      return new TlsContext(
          c,
          "TLS, mutual authentication; key " + stores.keyStore() + ", trust "
              + stores.trustStore());
    } catch (GeneralSecurityException | IOException e) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "cannot set up TLS from key store " + stores.keyStore() + " and trust store "
              + stores.trustStore() + ": " + e.getMessage() + " (wrong password?)",
          e);
    } finally {
      java.util.Arrays.fill(password, '\0');
    }
  }

  private static KeyStore read(Path file, char[] password)
      throws GeneralSecurityException, IOException {
    if (!Files.isReadable(file)) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "TLS store " + file.toAbsolutePath() + " does not exist or "
              + "cannot be read (make one with ./gridrmi keys)");
    }
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(file)) {
      ks.load(in, password);
    }
    return ks;
  }

  /** The client end of a connection over {@code raw}, which is already connected to {@code host:port}. */
  Socket client(Socket raw, String host, int port) throws IOException {
    SSLSocket s = (SSLSocket) ssl.getSocketFactory().createSocket(raw, host, port, true);
    s.setEnabledProtocols(PROTOCOLS.clone());
    s.setUseClientMode(true);
    return s;
  }

  /**
   * Runs the client's handshake now, within {@code timeoutNanos}, so that a server without TLS is named as such: a
   * plain GridRMI server answers a ClientHello with a reply no TLS stack reads ({@code SecretHandshake}).
   *
   * @throws HandshakeRefusedException PERMISSION_DENIED when the peer does not speak TLS
   * @throws IOException as the handshake fails otherwise (a refused certificate, a closed connection)
   */
  void handshake(Socket client, String peer, long timeoutNanos) throws IOException {
    try {
      CallDeadline.within(timeoutNanos, 0, () -> {
        ((SSLSocket) client).startHandshake();
        return null;
      });
    } catch (javax.net.ssl.SSLException e) {
      if (!notTls(e)) throw e;
      throw HandshakeRefusedException.plainPeer(peer);
    }
  }

  /** Whether a handshake failed because the peer's bytes are no TLS at all (the JDK's words for it). */
  static boolean notTls(javax.net.ssl.SSLException e) {
    String m = String.valueOf(e.getMessage());
    return m.contains("nrecognized SSL message") || m.contains("plaintext connection");
  }

  /** The server end of an accepted connection: the peer must show a certificate from the Grid's CA. */
  Socket accepted(Socket raw, int localPort) throws IOException {
    SSLSocket s = (SSLSocket) ssl.getSocketFactory().createSocket(raw, null, true);
    s.setEnabledProtocols(PROTOCOLS.clone());
    s.setUseClientMode(false);
    s.setNeedClientAuth(true);
    return new TlsAcceptedSocket(s, raw, localPort, refused);
  }

  /** How many peers this context's servers refused. */
  public long refusals() {
    return refused.count();
  }

  public String describe() {
    return describe;
  }
}
