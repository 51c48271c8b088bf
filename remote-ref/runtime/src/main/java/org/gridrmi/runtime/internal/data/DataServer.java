package org.gridrmi.runtime.internal.data;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.net.CallDeadline;
import org.gridrmi.runtime.net.PeerIdentity;
import org.gridrmi.runtime.net.SharedPort;
import org.gridrmi.runtime.transport.Caller;
import org.gridrmi.runtime.transport.NodeService;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.Requester;
import org.gridrmi.runtime.wire.ValueIds;
import org.gridrmi.runtime.wire.WireValue;

/**
 * Serves a node's values on its data connections: one connection at a time per thread (RMI's connection thread,
 * see {@link SharedPort}), requests one after another, each value streamed from the object in the node's store.
 *
 * <p>Bounds: at most {@code maxConnections} data connections at once, and half of them (at least one) from any one
 * peer address (more are refused with RESOURCE_EXHAUSTED); a connection takes its slot only once its hello is read
 * and accepted (it proved the grid secret before: see {@code SharedPort}), so a peer that connects and stays silent
 * holds no slot, only its thread until the hello's bound;
 * a connection idle for {@code idle} is closed; a reply whose reader stops reading for {@code inactivity} has its
 * connection closed (the fetch on the other side fails alone). A peer without the node's ticket is refused and
 * logged.
 */
public final class DataServer implements SharedPort.Handler {
  private static final System.Logger LOG = System.getLogger("org.gridrmi.data");
  private final NodeService service;
  private final String name;
  private final UUID ticket;
  private final long inactivityNanos;
  private final long idleNanos;
  private final int maxConnections;
  private final Semaphore connections;
  /** At most this many from one peer address. */
  private final int maxPerAddress;
  /** Slots taken per peer address (an entry only while it holds one). */
  private final java.util.concurrent.ConcurrentHashMap<String, Integer> perAddress =
      new java.util.concurrent.ConcurrentHashMap<>();
  /** How long and how much a refused peer may still send before its connection closes (see lingerAfterRefusal). */
  private static final long LINGER_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(2);

  private static final long LINGER_BYTES = 64 * 1024;
  private final AtomicLong refusals = new AtomicLong();

  /**
   * @param name the node, for messages
   * @param ticket what a peer must present (the node hands it out through RMI {@code info()})
   */
  public DataServer(
      NodeService service,
      String name,
      UUID ticket,
      Duration inactivity,
      Duration idle,
      int maxConnections) {
    this.service = service;
    this.name = name;
    this.ticket = ticket;
    this.inactivityNanos = inactivity.toNanos();
    this.idleNanos = idle.toNanos();
    this.maxConnections = maxConnections;
    this.connections = new Semaphore(maxConnections);
    this.maxPerAddress = Math.max(1, maxConnections / 2);
  }

  /** Data connections refused (no ticket, a wrong one, too many). */
  public long refusals() {
    return refusals.get();
  }

  @Override
  public void serve(Socket socket, InputStream raw, OutputStream rawOut) throws IOException {
    ChunkedInput in = new ChunkedInput(raw);
    ChunkedOutput out = new ChunkedOutput(rawOut);
    String address = socket.getInetAddress().getHostAddress();
    String peer = address + ":" + socket.getPort();
    try {
      String refusal = CallDeadline.within(inactivityNanos, inactivityNanos, () -> hello(in));
      if (refusal != null) {
        refuse(out, Status.PERMISSION_DENIED, refusal, peer);
        lingerAfterRefusal(socket, raw);
        return;
      }
      String full = takeSlot(address);
      if (full != null) {
        refuse(out, Status.RESOURCE_EXHAUSTED, full, peer);
        lingerAfterRefusal(socket, raw);
        return;
      }
      try {
        Caller caller = new Caller(address, PeerIdentity.current());
        while (serveOne(in, out, caller, peer)) {
          // next request
        }
      } finally {
        releaseSlot(address);
      }
    } catch (IOException e) {
      // the peer closed, stalled or sent nonsense, or the connection idled out: nothing more to say
      // on it
      LOG.log(
          System.Logger.Level.DEBUG,
          () -> "data connection from " + peer + " to " + name + " ended: " + e);
    }
  }

  /** Takes a slot for a connection from {@code address}; the reason if none is free, else null. */
  private String takeSlot(String address) {
    boolean[] taken = {false};
    perAddress.compute(address, (a, n) -> {
      int held = n == null ? 0 : n;
      if (held >= maxPerAddress) return n;
      taken[0] = true;
      return held + 1;
    });
    if (!taken[0]) {
      return name + " already serves " + maxPerAddress + " data connections from " + address
          + " (half its " + maxConnections + "); try again later";
    }
    if (!connections.tryAcquire()) {
      releasePerAddress(address);
      return name + " already serves " + maxConnections + " data connections; try again later";
    }
    return null;
  }

  private void releaseSlot(String address) {
    connections.release();
    releasePerAddress(address);
  }

  private void releasePerAddress(String address) {
    perAddress.computeIfPresent(address, (a, n) -> n <= 1 ? null : n - 1);
  }

  /** Reads the hello; the reason to refuse the peer, or null. */
  private String hello(ChunkedInput in) throws IOException {
    int version = in.readInt();
    UUID presented = new UUID(in.readLong(), in.readLong());
    in.endMessage();
    if (version != DataProtocol.VERSION) {
      return name + " speaks data protocol " + DataProtocol.VERSION + ", the peer " + version
          + " (mixed GridRMI versions)";
    }
    if (!presented.equals(ticket)) {
      return "the peer did not present " + name
          + "'s ticket (ask the node's info() over RMI first)";
    }
    return null;
  }

  /** Serves one request; false when the connection ends. */
  private boolean serveOne(ChunkedInput in, ChunkedOutput out, Caller caller, String peer)
      throws IOException {
    Request r;
    try {
      r = CallDeadline.within(idleNanos, inactivityNanos, () -> Request.read(in));
    } catch (EOFException closed) {
      return false;
    }
    if (r == null) {
      refuse(out, Status.INVALID_ARGUMENT, "unknown request on a data connection to " + name, peer);
      return false;
    }
    long arrived = System.nanoTime();
    FetchResult result = Caller.serving(
        caller,
        () -> service.fetchForStream(r.id, r.waitMillis, r.requester, r.announced, r.trace));
    long held = System.nanoTime() - arrived;
    // the reply writes the value, and pins the references inside under a transfer for this caller:
    // still serving it, so that the transfer names its host (the acknowledgement must come from
    // there)
    try {
      Caller.serving(caller, () -> {
        try {
          return CallDeadline.within(inactivityNanos, inactivityNanos, () -> {
            reply(out, r.id, r.requester, result, held);
            return null;
          });
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
    } catch (java.io.UncheckedIOException e) {
      throw e.getCause();
    }
    return true;
  }

  /** @param heldNanos how long the request waited here for the value: the fetching side's sample leaves it out */
  private void reply(ChunkedOutput out, UUID id, Requester requester, FetchResult r, long heldNanos)
      throws IOException {
    switch (r.state()) {
      case PENDING -> {
        out.writeByte(DataProtocol.PENDING);
        out.endMessage();
      }
      case FAILED -> {
        out.writeByte(DataProtocol.FAILED);
        ObjectOutputStream o = new ObjectOutputStream(out);
        o.writeObject(r.failure());
        o.flush();
        out.endMessage();
      }
      case READY -> {
        try {
          out.writeByte(DataProtocol.READY);
          out.writeUTF(r.producer() == null ? "" : r.producer());
          out.writeLong(heldNanos);
          long transfer = service.newTransfer();
          out.writeLong(transfer);
          service.streaming(
              transfer, requester, () -> WireValue.writeStreamed(r.value().decoded(), out));
          out.endMessage();
        } catch (ChunkedOutput.LinkBroken e) {
          throw e;
        } catch (IOException | RuntimeException e) {
          out.abort(Status.REMOTE_FAILURE, service.notSendable(id, e));
        } catch (OutOfMemoryError e) {
          out.abort(
              Status.RESOURCE_EXHAUSTED,
              name + " ran out of memory sending value " + ValueIds.shortForm(id) + " (heap "
                  + Runtime.getRuntime().maxMemory() / 1_000_000
                  + " MB): give it more heap (-Xmx)");
        }
      }
    }
  }

  private void refuse(ChunkedOutput out, Status status, String why, String peer) {
    long n = refusals.incrementAndGet();
    if (n <= 100 || n % 1000 == 0) {
      LOG.log(
          System.Logger.Level.WARNING,
          "GridRMI " + name + " refused a data connection from " + peer + " (" + n + " so far): "
              + why);
    }
    try {
      CallDeadline.within(inactivityNanos, inactivityNanos, () -> {
        out.writeByte(DataProtocol.REFUSED);
        out.writeUTF(status.name());
        out.writeUTF(why);
        out.endMessage();
        return null;
      });
    } catch (IOException ignored) {
      // the peer is gone already; it is refused either way
    }
  }

  /**
   * After a refusal, ends the output and reads (and drops) what the peer still sends until it closes, for at most
   * {@link #LINGER_NANOS} and {@link #LINGER_BYTES}. Closing at once with the peer's hello or request unread made its
   * writes fail with a broken pipe, or reset the connection before it read why: the peer saw an I/O error instead of
   * the refusal (as an HTTP server's lingering close avoids).
   */
  private void lingerAfterRefusal(Socket socket, InputStream raw) {
    try {
      socket.shutdownOutput();
      long end = System.nanoTime()
          + LINGER_NANOS; // reads that move data extend a call's bound; this one does not
      CallDeadline.within(LINGER_NANOS, LINGER_NANOS, () -> {
        long dropped = 0;
        byte[] sink = new byte[4096];
        for (int n;
            dropped < LINGER_BYTES && System.nanoTime() < end && (n = raw.read(sink)) >= 0; )
          dropped += n;
        return null;
      });
    } catch (IOException | UnsupportedOperationException ignored) {
      // the peer is gone already, or kept sending past the bound: it is refused either way
    }
  }

  /** A fetch request. */
  private record Request(
      UUID id, long waitMillis, Requester requester, boolean announced, String trace) {
    /** The next request, or null for an operation this version does not know. */
    static Request read(ChunkedInput in) throws IOException {
      byte op = in.readByte();
      if (op != DataProtocol.FETCH) return null;
      UUID id = new UUID(in.readLong(), in.readLong());
      long wait = in.readLong();
      String requester = in.readUTF();
      UUID node = readOptional(in);
      UUID key = readOptional(in);
      boolean announced = in.readBoolean();
      String trace = in.readUTF();
      in.endMessage();
      Requester who = requester.isEmpty() ? null : new Requester(requester, node, key);
      return new Request(id, wait, who, announced, trace.isEmpty() ? null : trace);
    }

    /** An id that may be absent: (0, 0) on the wire is none. */
    private static UUID readOptional(ChunkedInput in) throws IOException {
      long msb = in.readLong();
      long lsb = in.readLong();
      return msb == 0 && lsb == 0 ? null : new UUID(msb, lsb);
    }
  }
}
