package org.gridrmi.runtime.net;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSocket;
import org.gridrmi.runtime.serial.RefusalLog;

/**
 * A server-side TLS connection as RMI sees it: delegates to the {@link SSLSocket}, and logs one line with the
 * peer's address when the handshake fails (no certificate, one from another CA, not TLS at all). The handshake
 * runs on RMI's connection thread at the first read, not in the accept loop, so a slow or hostile peer cannot
 * hold up other connections.
 */
final class TlsAcceptedSocket extends Socket {
  private final RefusalLog refusals;
  private final SSLSocket ssl;
  private final Socket raw;
  private final int localPort;
  private volatile boolean handshook;
  private volatile boolean logged;
  private InputStream in;
  private OutputStream out;

  TlsAcceptedSocket(SSLSocket ssl, Socket raw, int localPort, RefusalLog refusals) {
    this.ssl = ssl;
    this.raw = raw;
    this.localPort = localPort;
    this.refusals = refusals;
    ssl.addHandshakeCompletedListener(e -> {
      handshook = true;
      peer = PeerIdentity.of(e);
    });
  }

  /** The authenticated peer once the handshake is done, else null. */
  private volatile String peer;

  /**
   * The authenticated peer, after a read that returned data (so the handshake is over): taken from the session on
   * this thread, because the JDK tells handshake listeners on a thread of its own, maybe after the first request
   * was read (that request then ran with no identity, and skipped the checks that need one).
   */
  private String peerAfterRead() {
    String p = peer;
    if (p != null) return p;
    try {
      p = ssl.getSession().getPeerPrincipal().getName();
    } catch (SSLPeerUnverifiedException unverified) {
      return null;
    }
    handshook = true;
    peer = p;
    return p;
  }

  private IOException refused(IOException e) {
    if (!handshook && !logged && e instanceof SSLException) {
      logged = true;
      refusals.refused(
          "GridRMI TLS refused a connection from " + raw.getInetAddress().getHostAddress() + ":"
              + raw.getPort() + " to port " + localPort + ": " + e.getMessage()
              + (TlsContext.notTls((SSLException) e)
                  ? " (a program without TLS reached this TLS port: give it --tls, --keystore,"
                      + " --truststore and the stores' password, or run the whole grid without --tls)"
                  : ""));
    }
    return e;
  }

  @Override
  public synchronized InputStream getInputStream() throws IOException {
    if (in == null) {
      in = new FilterInputStream(ssl.getInputStream()) {
        @Override
        public int read() throws IOException {
          try {
            int b = super.read();
            PeerIdentity.setCurrent(
                b < 0 ? peer : peerAfterRead()); // RMI runs a call on the thread reading it
            return b;
          } catch (IOException e) {
            throw refused(e);
          }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
          try {
            int n = super.read(b, off, len);
            PeerIdentity.setCurrent(n <= 0 ? peer : peerAfterRead());
            return n;
          } catch (IOException e) {
            throw refused(e);
          }
        }
      };
    }
    return in;
  }

  @Override
  public synchronized OutputStream getOutputStream() throws IOException {
    if (out == null) {
      out = new FilterOutputStream(ssl.getOutputStream()) {
        @Override
        public void write(int b) throws IOException {
          try {
            super.out.write(b);
          } catch (IOException e) {
            throw refused(e);
          }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          try {
            super.out.write(b, off, len);
          } catch (IOException e) {
            throw refused(e);
          }
        }

        @Override
        public void flush() throws IOException {
          try {
            super.out.flush();
          } catch (IOException e) {
            throw refused(e);
          }
        }
      };
    }
    return out;
  }

  @Override
  public void close() throws IOException {
    ssl.close();
  }

  @Override
  public boolean isClosed() {
    return ssl.isClosed();
  }

  @Override
  public boolean isConnected() {
    return ssl.isConnected();
  }

  @Override
  public boolean isBound() {
    return ssl.isBound();
  }

  @Override
  public boolean isInputShutdown() {
    return ssl.isInputShutdown();
  }

  @Override
  public boolean isOutputShutdown() {
    return ssl.isOutputShutdown();
  }

  @Override
  public void shutdownInput() throws IOException {
    ssl.shutdownInput();
  }

  @Override
  public void shutdownOutput() throws IOException {
    ssl.shutdownOutput();
  }

  @Override
  public InetAddress getInetAddress() {
    return raw.getInetAddress();
  }

  @Override
  public InetAddress getLocalAddress() {
    return raw.getLocalAddress();
  }

  @Override
  public int getPort() {
    return raw.getPort();
  }

  @Override
  public int getLocalPort() {
    return raw.getLocalPort();
  }

  @Override
  public SocketAddress getRemoteSocketAddress() {
    return raw.getRemoteSocketAddress();
  }

  @Override
  public SocketAddress getLocalSocketAddress() {
    return raw.getLocalSocketAddress();
  }

  @Override
  public void setTcpNoDelay(boolean on) throws SocketException {
    ssl.setTcpNoDelay(on);
  }

  @Override
  public boolean getTcpNoDelay() throws SocketException {
    return ssl.getTcpNoDelay();
  }

  @Override
  public void setKeepAlive(boolean on) throws SocketException {
    ssl.setKeepAlive(on);
  }

  @Override
  public boolean getKeepAlive() throws SocketException {
    return ssl.getKeepAlive();
  }

  @Override
  public void setSoTimeout(int timeout) throws SocketException {
    ssl.setSoTimeout(timeout);
  }

  @Override
  public int getSoTimeout() throws SocketException {
    return ssl.getSoTimeout();
  }

  @Override
  public void setSoLinger(boolean on, int linger) throws SocketException {
    ssl.setSoLinger(on, linger);
  }

  @Override
  public int getSoLinger() throws SocketException {
    return ssl.getSoLinger();
  }

  @Override
  public void setReceiveBufferSize(int size) throws SocketException {
    ssl.setReceiveBufferSize(size);
  }

  @Override
  public void setSendBufferSize(int size) throws SocketException {
    ssl.setSendBufferSize(size);
  }

  @Override
  public String toString() {
    return "TLS " + raw;
  }
}
