package org.gridrmi.runtime.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * A node's RMI port also takes its data connections, so users open no second port: an accepted connection whose
 * first four bytes are {@link #DATA_MAGIC} (where JRMP sends {@code "JRMI"}) is served by the port's data handler,
 * anything else goes to RMI untouched. Before that, a plain connection proves the grid secret
 * ({@link SecretHandshake}): nothing a peer sends reaches RMI or a data handler unless it did.
 *
 * <p>The bytes are looked at on the thread RMI starts for the connection, at its first read, not in the accept loop,
 * so a peer that connects and stays silent holds up no one (as with the TLS handshake, which happens first). A data
 * connection is then served on that thread until it closes, and RMI sees an empty connection, which it closes
 * without a word. Everything the socket factories do (TLS, byte counts, link emulation, bounded reads and writes)
 * applies to both kinds alike.
 */
public final class SharedPort {
  /** What a data connection sends first. */
  public static final byte[] DATA_MAGIC = {'G', 'R', 'D', 'P'};

  /** Serves one data connection on the calling thread until it ends. */
  @FunctionalInterface
  public interface Handler {
    /**
     * @param socket the connection (its peer's address; under TLS, {@link PeerIdentity#current()} names the peer)
     * @param in what follows the magic
     */
    void serve(Socket socket, InputStream in, OutputStream out) throws IOException;
  }

  /** What the accepting side does with a {@link LinkHello}. */
  interface Greeter {
    /** This node's name in its link plan (null: none), sent back to the peer. */
    String self();

    /**
     * The peer said its name (null: it sent no hello, or an empty name): the connection's link is chosen now.
     *
     * @throws IOException to refuse the connection (the plan cuts this pair off)
     */
    void peer(String name) throws IOException;
  }

  private SharedPort() {}

  /**
   * {@code accepted}, with its first bytes looked at when first read; {@code handlers} gives a port's handler, and
   * {@code greeter} answers a link hello.
   */
  static Socket sniffing(
      Socket accepted,
      SecretHandshake.Acceptor acceptor,
      IntFunction<Handler> handlers,
      Greeter greeter) {
    return new Sniffing(accepted, acceptor, handlers, greeter);
  }

  private static final class Sniffing extends Socket {
    private final Socket s;
    private final IntFunction<Handler> handlers;
    private final Greeter greeter;
    /** Checks the grid secret before anything else is read (plain connections; null under TLS). */
    private final SecretHandshake.Acceptor acceptor;
    /** No TLS: nobody is authenticated on it (a TLS socket sets its peer's identity on each read itself). */
    private final boolean plain;

    private InputStream in;

    Sniffing(
        Socket s,
        SecretHandshake.Acceptor acceptor,
        IntFunction<Handler> handlers,
        Greeter greeter) {
      this.s = s;
      this.acceptor = s instanceof TlsAcceptedSocket ? null : acceptor;
      this.handlers = handlers;
      this.greeter = greeter;
      this.plain = !(s instanceof TlsAcceptedSocket);
    }

    @Override
    public synchronized InputStream getInputStream() throws IOException {
      if (in == null) in = new FirstBytes(s.getInputStream());
      return in;
    }

    /**
     * Reads the first four bytes at the first read, and either hands the connection over or gives them to RMI. A
     * connection handed over stays ended for RMI: RMI reads its magic in several reads, and a read that went on to
     * the socket after the handler returned would wait, unbounded, for whatever the peer sends next.
     */
    private final class FirstBytes extends PushbackInputStream {
      private boolean looked;
      private boolean handedOver;

      FirstBytes(InputStream raw) {
        super(raw, DATA_MAGIC.length);
      }

      private boolean forRmi() throws IOException {
        if (handedOver) return false;
        if (looked) return true;
        looked = true;
        byte[] first =
            acceptor == null ? new byte[0] : acceptor.accept(s, super.in, s.getOutputStream());
        if (first.length == 0) first = super.in.readNBytes(DATA_MAGIC.length);
        if (Arrays.equals(
            first, LinkHello.MAGIC)) { // the peer says who it is, then the connection begins
          String peer = LinkHello.readName(super.in);
          LinkHello.write(s.getOutputStream(), greeter.self());
          greeter.peer(peer);
          first = super.in.readNBytes(DATA_MAGIC.length);
        } else {
          greeter.peer(null);
        }
        if (!Arrays.equals(first, DATA_MAGIC)) {
          unread(first);
          return true;
        }
        handedOver = true;
        Handler h = handlers.apply(s.getLocalPort());
        if (h != null) h.serve(Sniffing.this, super.in, s.getOutputStream());
        return false;
      }

      /**
       * RMI serves connections on pooled threads: one that served a TLS peer must not carry its identity into a call
       * that came over a plain connection.
       */
      private void forgetIdentityIfPlain() {
        if (plain) PeerIdentity.setCurrent(null);
      }

      @Override
      public synchronized int read() throws IOException {
        forgetIdentityIfPlain();
        return forRmi() ? super.read() : -1;
      }

      @Override
      public synchronized int read(byte[] b, int off, int len) throws IOException {
        forgetIdentityIfPlain();
        return forRmi() ? super.read(b, off, len) : -1;
      }
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
      return s.getOutputStream();
    }

    @Override
    public void close() throws IOException {
      s.close();
    }

    @Override
    public boolean isClosed() {
      return s.isClosed();
    }

    @Override
    public boolean isConnected() {
      return s.isConnected();
    }

    @Override
    public boolean isBound() {
      return s.isBound();
    }

    @Override
    public boolean isInputShutdown() {
      return s.isInputShutdown();
    }

    @Override
    public boolean isOutputShutdown() {
      return s.isOutputShutdown();
    }

    @Override
    public void shutdownInput() throws IOException {
      s.shutdownInput();
    }

    @Override
    public void shutdownOutput() throws IOException {
      s.shutdownOutput();
    }

    @Override
    public InetAddress getInetAddress() {
      return s.getInetAddress();
    }

    @Override
    public InetAddress getLocalAddress() {
      return s.getLocalAddress();
    }

    @Override
    public int getPort() {
      return s.getPort();
    }

    @Override
    public int getLocalPort() {
      return s.getLocalPort();
    }

    @Override
    public SocketAddress getRemoteSocketAddress() {
      return s.getRemoteSocketAddress();
    }

    @Override
    public SocketAddress getLocalSocketAddress() {
      return s.getLocalSocketAddress();
    }

    @Override
    public void setTcpNoDelay(boolean on) throws SocketException {
      s.setTcpNoDelay(on);
    }

    @Override
    public boolean getTcpNoDelay() throws SocketException {
      return s.getTcpNoDelay();
    }

    @Override
    public void setKeepAlive(boolean on) throws SocketException {
      s.setKeepAlive(on);
    }

    @Override
    public boolean getKeepAlive() throws SocketException {
      return s.getKeepAlive();
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
      s.setSoTimeout(timeout);
    }

    @Override
    public int getSoTimeout() throws SocketException {
      return s.getSoTimeout();
    }

    @Override
    public void setSoLinger(boolean on, int linger) throws SocketException {
      s.setSoLinger(on, linger);
    }

    @Override
    public int getSoLinger() throws SocketException {
      return s.getSoLinger();
    }

    @Override
    public void setReceiveBufferSize(int size) throws SocketException {
      s.setReceiveBufferSize(size);
    }

    @Override
    public void setSendBufferSize(int size) throws SocketException {
      s.setSendBufferSize(size);
    }

    @Override
    public String toString() {
      return s.toString();
    }
  }
}
