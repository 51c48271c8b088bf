package org.gridrmi.runtime.net;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.TlsStores;

/**
 * The network settings of one Grid or one server, and what its sockets share: TLS or plain, the grid secret its plain
 * connections prove ({@link SecretHandshake}), the emulated link, byte counters, the connect timeout and the address
 * servers bind to. Every GridRMI socket of that instance is made here,
 * so two instances in one JVM (one over TLS, one plain; one on an emulated wide-area link) never mix.
 *
 * <p>Stubs carry a {@link GridSocketFactory} that names only TLS or plain; the JVM that reads a stub binds it to a
 * context of its own (see {@link NetContexts}), so key material and counters never travel.
 */
public final class NetContext implements AutoCloseable {
  private final TlsContext tls;
  /** The secret plain connections prove; null before first use of the default one, or for an insecure context. */
  private volatile GridSecret secret;
  /** Plain connections without the secret (an explicit opt-out, {@code --insecure}). */
  private final boolean insecure;
  /** How accepted plain connections are checked; made with the first server socket. */
  private volatile SecretHandshake.Acceptor acceptor;
  /** How long an accepted plain connection may take to prove the secret (tests shorten it). */
  private volatile long handshakeTimeoutNanos = SecretHandshake.TIMEOUT_NANOS;

  private final LinkPlan link;
  private final int connectTimeoutMillis;
  private final InetAddress bindAddress;
  private final TransportMetrics metrics = new TransportMetrics();
  private final org.gridrmi.runtime.cost.LinkLearner linkCosts =
      new org.gridrmi.runtime.cost.LinkLearner();
  /** Per local port, what serves the data connections that arrive on it (see {@link SharedPort}). */
  private final java.util.Map<Integer, SharedPort.Handler> dataHandlers =
      new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * A context whose plain connections prove the default grid secret ({@link GridSecret#readOrCreateDefault()}, read
   * at the first connection or server socket); as {@link #NetContext(TlsStores, GridSecret, LinkPlan, int, String)}
   * otherwise.
   */
  public NetContext(TlsStores tls, LinkPlan link, int connectTimeoutMillis, String bindHost) {
    this(tls, null, false, link, connectTimeoutMillis, bindHost);
  }

  /**
   * @param tls the stores for mutual TLS, or null for plain TCP
   * @param secret the grid secret every plain connection proves, both ways, before anything else is read from it;
   *     null for none: an insecure context, whose servers accept anyone and whose connections reach only insecure
   *     servers (ignored under TLS, which authenticates by certificate instead)
   * @param link the emulated link of this instance's sockets, per destination ({@link LinkPlan#NONE} for none)
   * @param connectTimeoutMillis how long a connection attempt may take
   * @param bindHost the address servers listen on (null: every interface)
   * @throws GridException INVALID_ARGUMENT for unreadable TLS stores or a bind host that does not resolve
   */
  public NetContext(
      TlsStores tls, GridSecret secret, LinkPlan link, int connectTimeoutMillis, String bindHost) {
    this(tls, secret, secret == null, link, connectTimeoutMillis, bindHost);
  }

  private NetContext(
      TlsStores tls,
      GridSecret secret,
      boolean insecure,
      LinkPlan link,
      int connectTimeoutMillis,
      String bindHost) {
    this.tls = tls == null ? null : TlsContext.load(tls);
    this.secret = secret;
    this.insecure = tls == null && insecure;
    this.link = link;
    this.connectTimeoutMillis = connectTimeoutMillis;
    try {
      this.bindAddress = bindHost == null ? null : InetAddress.getByName(bindHost);
    } catch (UnknownHostException e) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "bind address '" + bindHost + "' cannot be resolved", e);
    }
    NetContexts.register(this);
  }

  /** A plain context with no emulated link: what a stub falls back to where no instance claims it. */
  static NetContext plainDefault() {
    return new NetContext(null, LinkPlan.NONE, 5_000, null);
  }

  public boolean tls() {
    return tls != null;
  }

  /** Whether plain connections go without the grid secret (an explicit {@code --insecure}). */
  public boolean insecure() {
    return insecure;
  }

  /**
   * The secret plain connections prove (the default one is read, or made, now if it was not yet); null under TLS or
   * for an insecure context.
   *
   * @throws GridException INVALID_ARGUMENT naming the default secret file, if it cannot be read or made
   */
  public GridSecret secret() {
    if (tls != null || insecure) return null;
    GridSecret s = secret;
    if (s == null) {
      synchronized (this) {
        if (secret == null) secret = GridSecret.readOrCreateDefault();
        s = secret;
      }
    }
    return s;
  }

  /** Shortens the bound of the secret handshake on accepted connections, for tests; before the first listen. */
  void handshakeTimeout(java.time.Duration timeout) {
    handshakeTimeoutNanos = timeout.toNanos();
  }

  /** How many plain connections this context's servers refused for not proving the grid secret. */
  public long secretRefusals() {
    SecretHandshake.Acceptor a = acceptor;
    return a == null ? 0 : a.refusals();
  }

  public LinkPlan link() {
    return link;
  }

  public TransportMetrics metrics() {
    return metrics;
  }

  /** What this instance learned of its links' costs from its own round trips. */
  public org.gridrmi.runtime.cost.LinkLearner linkCosts() {
    return linkCosts;
  }

  /** How many TLS peers this context's servers refused (0 for plain). */
  public long tlsRefusals() {
    return tls == null ? 0 : tls.refusals();
  }

  /** The factory for stubs of what this context exports: it pins the advertised host (null: the stub's own). */
  public GridSocketFactory clientFactory(String advertisedHost) {
    return new GridSocketFactory(tls(), advertisedHost, this);
  }

  /** The factory for exports: listens on the bind address. */
  public GridSocketFactory serverFactory() {
    return new GridSocketFactory(tls(), null, this);
  }

  /** Data connections arriving on {@code port} (a port this context's servers listen on) go to {@code handler}. */
  public void serveData(int port, SharedPort.Handler handler) {
    dataHandlers.put(port, handler);
  }

  /** Data connections to {@code port} are closed from now on. */
  public void stopServingData(int port) {
    dataHandlers.remove(port);
  }

  /**
   * A connection to {@code host:port} made as every GridRMI connection of this context is: TLS or plain, counted,
   * on the emulated link, reads and writes bounded by the thread's {@link CallDeadline}.
   */
  public Socket connect(String host, int port) throws IOException {
    if (link.drops(host, port)) return dropped(host, port);
    CallTraffic.connected();
    boolean byName = link.byName();
    MeteredSocket raw = new MeteredSocket(
        metrics.counter(host + ":" + port), byName ? null : link.forPeer(host, port));
    raw.setTcpNoDelay(true);
    try {
      raw.connect(new InetSocketAddress(host, port), connectTimeoutMillis);
      Socket s = tls == null ? raw : tls.client(raw, host, port);
      if (tls == null) {
        SecretHandshake.connect(
            raw, secretForConnecting(), host + ":" + port, connectTimeoutMillis * 1_000_000L);
      } else {
        tls.handshake(s, host + ":" + port, connectTimeoutMillis * 1_000_000L);
      }
      if (!byName) return s;
      String peer = LinkHello.exchange(s, link.self(), connectTimeoutMillis);
      if (link.drops(host, port, peer)) {
        s.close();
        return dropped(host, port);
      }
      raw.shapeBy(link.forPeer(host, port, peer));
      return s;
    } catch (IOException | RuntimeException e) {
      raw.close();
      throw e;
    }
  }

  /** The secret, as an I/O failure of the connection if the default one cannot be read (RMI makes sockets). */
  private GridSecret secretForConnecting() throws IOException {
    try {
      return secret();
    } catch (GridException e) {
      throw new HandshakeRefusedException(e.status(), e.getMessage());
    }
  }

  /** An emulated partition: nothing answers, as an unreachable host does not. */
  private Socket dropped(String host, int port) throws IOException {
    try {
      Thread.sleep(connectTimeoutMillis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    throw new java.net.SocketTimeoutException("connect to " + host + ":" + port
        + " timed out (emulated partition: " + "the link plan drops this peer)");
  }

  ServerSocket listen(int port) throws IOException {
    SecretHandshake.Acceptor plainAcceptor = null;
    if (tls == null) {
      synchronized (this) {
        if (acceptor == null) {
          acceptor = new SecretHandshake.Acceptor(secretForConnecting(), handshakeTimeoutNanos);
        }
        plainAcceptor = acceptor;
      }
    }
    SecretHandshake.Acceptor checks = plainAcceptor;
    return new ServerSocket(port, 0, bindAddress) {
      @Override
      public Socket accept() throws IOException {
        MeteredSocket raw = new MeteredSocket(
            metrics.counter(TransportMetrics.INBOUND), link.byName() ? null : link.inbound());
        implAccept(raw);
        raw.setTcpNoDelay(true);
        return SharedPort.sniffing(
            tls == null ? raw : tls.accepted(raw, getLocalPort()),
            checks,
            dataHandlers::get,
            greeter(raw));
      }
    };
  }

  /** How an accepted connection answers a link hello, and takes the link of the peer that says its name. */
  private SharedPort.Greeter greeter(MeteredSocket raw) {
    return new SharedPort.Greeter() {
      @Override
      public String self() {
        return link.self();
      }

      @Override
      public void peer(String name) throws IOException {
        if (link.dropsInbound(name)) {
          raw.close();
          throw new java.net.SocketException(
              "connection from " + name + " refused: the link plan cuts it off");
        }
        raw.shapeBy(link.inbound(name));
      }
    };
  }

  /** One line for banners: TLS or plain, and the link. */
  public String describe() {
    return (tls == null
            ? insecure
                ? "plain TCP, INSECURE (no grid secret: anyone who reaches the port may call)"
                : "plain TCP, grid secret "
                    + (secret == null ? GridSecret.defaultFile() : secret.file())
            : tls.describe())
        + (link == LinkPlan.NONE
                || link.inbound() == LinkShaper.NONE && link.describe().equals("loopback")
            ? ""
            : ", emulated link " + link.describe());
  }

  /** Stops binding stubs read from now on to this context; sockets already open keep it. */
  @Override
  public void close() {
    NetContexts.unregister(this);
  }

  @Override
  public String toString() {
    return "NetContext[" + describe() + "]";
  }
}
