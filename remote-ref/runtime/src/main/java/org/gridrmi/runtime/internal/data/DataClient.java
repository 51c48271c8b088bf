package org.gridrmi.runtime.internal.data;

import java.io.IOException;
import java.net.Socket;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.cost.LinkLearner;
import org.gridrmi.runtime.net.CallDeadline;
import org.gridrmi.runtime.net.CallTraffic;
import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.net.SharedPort;
import org.gridrmi.runtime.wire.Failure;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.Requester;
import org.gridrmi.runtime.wire.ValueReader;
import org.gridrmi.runtime.wire.WireValue;

/**
 * The fetching side of the data plane for one transport: data connections pooled per node (at most
 * {@code maxIdlePerNode} kept idle, none kept longer than {@code maxIdleMillis}, so nothing runs while idle), made by
 * the transport's {@link NetContext} like every other connection.
 *
 * <p>A fetch takes an idle connection or makes one, sends its request (with the hello on a new connection: no
 * round trip of its own) and decodes the answer as it arrives. A pooled connection that turns out to be closed
 * before any answer arrives (the node closed it while idle) is replaced once, by a new connection; one that times
 * out is not (the request is not sent twice, and the fetch fails within its bound).
 */
public final class DataClient implements AutoCloseable {
  private final NetContext net;
  private final LinkLearner links;
  private final int maxIdlePerNode;
  private final long maxIdleNanos;
  private final Map<String, Deque<Connection>> idle = new ConcurrentHashMap<>();
  private final ReceiveAdmission admission;
  private volatile boolean closed;

  /** A node's fetching side, with arrays admitted whole up to a quarter of the heap ({@link ReceiveAdmission}). */
  public DataClient(NetContext net, int maxIdlePerNode, long maxIdleMillis) {
    this(net, maxIdlePerNode, maxIdleMillis, ReceiveAdmission.forThisJvm());
  }

  DataClient(NetContext net, int maxIdlePerNode, long maxIdleMillis, ReceiveAdmission admission) {
    this.admission = admission;
    this.net = net;
    this.links = net.linkCosts();
    this.maxIdlePerNode = maxIdlePerNode;
    this.maxIdleNanos = maxIdleMillis * 1_000_000L;
  }

  /**
   * Fetches value {@code id} from the node at {@code host:port}, as {@code NodeService.fetch} does, with the value
   * decoded by {@code reader} as it arrives.
   *
   * @param boundNanos how long until the first byte of the answer (the node's wait plus slack)
   * @param inactivityNanos how long the answer may then stall
   * @throws GridException the node's refusal, or the sender's reason for giving up on the value half way
   * @throws IOException the connection failed or stalled, or the answer did not decode (a filter's refusal too)
   */
  public FetchResult fetch(
      String host,
      int port,
      UUID ticket,
      UUID id,
      long waitMillis,
      Requester requester,
      boolean announced,
      String trace,
      long boundNanos,
      long inactivityNanos,
      ValueReader reader)
      throws IOException {
    String key = host + ":" + port;
    for (int attempt = 0; ; attempt++) {
      Connection c =
          attempt == 0 ? take(key) : null; // a retry takes no other pooled one: it may be as stale
      boolean fresh = c == null;
      if (fresh) c = Connection.open(net, host, port, ticket, admission);
      Connection conn = c;
      try {
        FetchResult r = CallTraffic.measure(
            s -> {
              if (conn.sampleNanos > 0 && s.roundTrips() == 1)
                links.record("rmi://" + key, s.bytes(), conn.sampleNanos);
            },
            () -> CallDeadline.within(
                boundNanos,
                inactivityNanos,
                () -> conn.fetch(id, waitMillis, requester, announced, trace, reader)));
        giveBack(key, conn);
        return r;
      } catch (
          ChunkedInput.Aborted e) { // the reason arrived in full: the connection is still in step
        giveBack(key, conn);
        throw e.reason();
      } catch (IOException | RuntimeException | Error e) {
        conn.close();
        if (!fresh && attempt == 0 && !conn.answered && stale(e)) continue;
        throw e;
      }
    }
  }

  /**
   * Whether a pooled connection failed as one the node closed while it was idle does: at once, with no answer. A
   * timeout is not that (the node is slow or cut off): sending the request again would double the bound and the
   * node's work.
   */
  private static boolean stale(Throwable e) {
    return e instanceof IOException && !(e instanceof java.net.SocketTimeoutException);
  }

  private Connection take(String key) {
    Deque<Connection> q = idle.get(key);
    if (q == null) return null;
    long now = System.nanoTime();
    synchronized (q) {
      for (Connection c; (c = q.pollFirst()) != null; ) {
        if (now - c.idleSince < maxIdleNanos) return c;
        c.close();
      }
    }
    return null;
  }

  private void giveBack(String key, Connection c) {
    if (closed) {
      c.close();
      return;
    }
    c.idleSince = System.nanoTime();
    Deque<Connection> q = idle.computeIfAbsent(key, k -> new ArrayDeque<>());
    synchronized (q) {
      if (q.size() < maxIdlePerNode) {
        q.addFirst(c);
        return;
      }
    }
    c.close();
  }

  /** Closes the idle connections; those in use close when their fetch ends. */
  @Override
  public void close() {
    closed = true;
    for (Deque<Connection> q : idle.values()) {
      synchronized (q) {
        for (Connection c; (c = q.pollFirst()) != null; ) c.close();
      }
    }
  }

  /** One data connection. */
  private static final class Connection {
    private final Socket socket;
    private final ChunkedInput in;
    private final ChunkedOutput out;
    private final UUID ticket;
    private boolean helloSent;
    /** An answer started arriving on it (so a failure is not a stale pooled connection). */
    boolean answered;
    /**
     * The time of the last fetch as a sample of the link: its round trip less the time the owner held the request
     * waiting for the value; 0 if it was none (no value came).
     */
    long sampleNanos;

    long idleSince;

    private Connection(Socket socket, UUID ticket, ReceiveAdmission admission) throws IOException {
      this.socket = socket;
      this.ticket = ticket;
      this.in = new ChunkedInput(socket.getInputStream(), admission);
      this.out = new ChunkedOutput(socket.getOutputStream());
    }

    static Connection open(
        NetContext net, String host, int port, UUID ticket, ReceiveAdmission admission)
        throws IOException {
      Socket s = net.connect(host, port);
      try {
        return new Connection(s, ticket, admission);
      } catch (IOException e) {
        s.close();
        throw e;
      }
    }

    /** An id that may be absent, as the protocol writes one: (0, 0) for none. */
    private void writeOptional(UUID id) throws IOException {
      UUID written = id == null ? new UUID(0, 0) : id;
      out.writeLong(written.getMostSignificantBits());
      out.writeLong(written.getLeastSignificantBits());
    }

    FetchResult fetch(
        UUID id,
        long waitMillis,
        Requester requester,
        boolean announced,
        String trace,
        ValueReader reader)
        throws IOException {
      answered = false;
      sampleNanos = 0;
      long start = System.nanoTime();
      if (!helloSent) {
        socket.getOutputStream().write(SharedPort.DATA_MAGIC);
        out.writeInt(DataProtocol.VERSION);
        out.writeLong(ticket.getMostSignificantBits());
        out.writeLong(ticket.getLeastSignificantBits());
        out.endMessage();
        helloSent = true;
      }
      out.writeByte(DataProtocol.FETCH);
      out.writeLong(id.getMostSignificantBits());
      out.writeLong(id.getLeastSignificantBits());
      out.writeLong(waitMillis);
      out.writeUTF(requester == null ? "" : requester.address());
      writeOptional(requester == null ? null : requester.node());
      writeOptional(requester == null ? null : requester.key());
      out.writeBoolean(announced);
      out.writeUTF(trace == null ? "" : trace);
      out.endMessage();
      byte state = in.readByte();
      answered = true;
      FetchResult r;
      try {
        r = switch (state) {
          case DataProtocol.READY -> {
            String producer = in.readUTF();
            long held = in.readLong();
            long transfer = in.readLong();
            long first = in.received();
            Object value = WireValue.readStreamed(in, reader);
            long bytes = in.received() - first;
            sampleNanos = Math.max(1, System.nanoTime() - start - held);
            FetchResult ready = FetchResult.received(value, bytes).inTransfer(transfer);
            yield producer.isEmpty() ? ready : ready.producedBy(producer);
          }
          case DataProtocol.FAILED ->
            FetchResult.failed(failure(reader.policy().open(in).readObject()));
          case DataProtocol.PENDING -> FetchResult.PENDING;
          case DataProtocol.REFUSED -> throw refused();
          default ->
            throw new java.io.StreamCorruptedException(
                "unknown answer " + state + " on a data connection");
        };
      } catch (ClassNotFoundException e) {
        throw new java.io.InvalidClassException(
            "an answer on a data connection names a class not here: " + e.getMessage());
      }
      in.endMessage();
      return r;
    }

    private static Failure failure(Object o) throws IOException {
      if (o instanceof Failure f) return f;
      throw new java.io.InvalidObjectException("a failed fetch's answer without its failure");
    }

    private GridException refused() throws IOException {
      Status status;
      String name = in.readUTF();
      String why = in.readUTF();
      try {
        status = Status.valueOf(name);
      } catch (IllegalArgumentException e) {
        status = Status.UNAVAILABLE;
      }
      return new GridException(status, why);
    }

    void close() {
      try {
        socket.close();
      } catch (IOException ignored) {
        // closing is all we wanted
      }
    }
  }
}
