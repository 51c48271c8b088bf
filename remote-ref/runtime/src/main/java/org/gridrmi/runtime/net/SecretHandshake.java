package org.gridrmi.runtime.net;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.gridrmi.ref.Status;

/**
 * The first exchange on every plain (non-TLS) GridRMI connection: both sides prove that they hold the grid's
 * {@link GridSecret}, by HMAC-SHA256 over a fresh nonce of each side, before anything else is read from the
 * connection. Fixed, tiny messages and a bounded time, so a peer without the secret costs the accepting side a
 * constant; once per connection (connections are pooled), and the streams are not wrapped afterwards, so it costs
 * nothing per byte.
 *
 * <pre>
 * client hello  (38 bytes): "GRAU", version 2, mode ('S' with a secret, 'N' for a program run --insecure), nonce_c (32)
 * server reply  (70 bytes): "GRAU", version 2, code, nonce_s (32), proof_s (32)
 *     code 'P': proven, proof_s = HMAC(secret, "GridRMI server" | nonce_c | nonce_s)
 *          'O': an --insecure server, which accepts anyone (proof_s zeros; a client with a secret refuses it)
 *          'N': this server needs the secret and the client has none        (then the server closes)
 *          'T': a TLS ClientHello reached this plain port                   (then the server closes)
 *          'V': another version of this exchange                            (then the server closes)
 * client proof  (32 bytes, after code 'P' only): HMAC(secret, "GridRMI client" | nonce_c | nonce_s)
 * </pre>
 *
 * The client checks proof_s before it sends anything of its own: a server of another grid is refused there, on the
 * client, with a message naming it. The labels keep one side's proof from ever being the other's. The client then
 * sends its proof and its first request together (no second round trip); the server reads nothing past the proof
 * unless the proof is right. A peer at a plain server that sends no hello (plain JRMP, a data connection of a program
 * without the secret, a scanner) is refused from its first four bytes; one that sends a TLS ClientHello (first byte
 * 0x16) is told, in a reply its TLS stack cannot read, and logged as such.
 */
final class SecretHandshake {
  static final byte[] MAGIC = {'G', 'R', 'A', 'U'};
  /**
   * The version of the exchange, and of what follows it on a plain connection: a peer of another version is refused
   * here with a message naming mixed GridRMI versions, rather than later by RMI as an unknown method. 2: the node
   * protocol's hold and release carry their holder link's sequence number (docs/reference-counting.md). 3: a batch's
   * receipt carries a transfer id for the references not yet held, and the node protocol has {@code awaitingHolds}.
   * 4: a renewal carries the holder's digest of what it holds and is answered with the owner's, and the node protocol
   * has {@code listHeld}. 5: a call may ask for its value in its batch's receipt ({@code
   * Command.Call#answerWaitMillis}, {@code BatchReceipt#answer}). 6: a call names the servers its value is pushed to
   * and the arguments pushed to it ({@code Command.Call#pushTo}, {@code #pushed}), the node protocol has {@code push},
   * and a plain call's result names the transfer its references were written under ({@code PlainResult#transfer}),
   * which the caller acknowledges. 7: a batch carries the transfer id its sender chose for it, and {@code awaitingHolds}
   * names the holder whose batches it asks about (a batch whose submit failed is asked about too; one given up is
   * refused if it comes later).
   */
  static final byte VERSION = 7;

  static final byte WITH_SECRET = 'S', NO_SECRET = 'N';
  static final byte PROVEN = 'P',
      OPEN = 'O',
      NEEDS_SECRET = 'N',
      NOT_TLS = 'T',
      OTHER_VERSION = 'V';
  static final int NONCE = GridSecret.BYTES;
  static final int HELLO = MAGIC.length + 2 + NONCE;
  static final int REPLY = MAGIC.length + 2 + 2 * NONCE;
  static final int PROOF = 32;
  /** How long the accepting side waits for the whole exchange: enough for a slow wide-area link, then the peer goes. */
  static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

  private static final byte[] SERVER_LABEL = "GridRMI server".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] CLIENT_LABEL = "GridRMI client".getBytes(StandardCharsets.US_ASCII);
  private static final byte TLS_HANDSHAKE = 0x16, TLS_ALERT = 0x15;
  private static final byte[] JRMI = {'J', 'R', 'M', 'I'};

  private SecretHandshake() {}

  /**
   * The connecting side, on a connected plain socket, before anything else is written to it.
   *
   * @param secret this program's secret, or null for a program run {@code --insecure}
   * @param peer {@code host:port}, for messages
   * @param timeoutNanos how long the server may take to answer
   * @throws HandshakeRefusedException naming the peer, the cause and the fix
   * @throws IOException the connection failed or timed out
   */
  static void connect(Socket s, GridSecret secret, String peer, long timeoutNanos)
      throws IOException {
    byte[] nonceC = secret == null ? new byte[NONCE] : GridSecret.nonce();
    byte[] hello = Arrays.copyOf(MAGIC, HELLO);
    hello[4] = VERSION;
    hello[5] = secret == null ? NO_SECRET : WITH_SECRET;
    System.arraycopy(nonceC, 0, hello, 6, NONCE);
    CallDeadline.within(timeoutNanos, 0, () -> {
      OutputStream out = s.getOutputStream();
      out.write(hello);
      out.flush();
      byte[] reply = readReply(s.getInputStream(), peer, timeoutNanos);
      byte code = reply[5];
      byte[] nonceS = Arrays.copyOfRange(reply, 6, 6 + NONCE);
      byte[] proofS = Arrays.copyOfRange(reply, 6 + NONCE, REPLY);
      switch (code) {
        case PROVEN -> {
          if (secret == null) throw notGridRmi(peer, "a proof this program did not ask for");
          if (!MessageDigest.isEqual(proofS, secret.mac(SERVER_LABEL, nonceC, nonceS))) {
            throw new HandshakeRefusedException(
                Status.PERMISSION_DENIED,
                "the GridRMI server at " + peer + " uses another grid secret: use --secret FILE / "
                    + GridSecret.FILE_ENV + " with the server's secret (this program's is "
                    + secret.file() + ")");
          }
          out.write(secret.mac(CLIENT_LABEL, nonceC, nonceS));
          // no flush: the proof leaves with the first request
        }
        case OPEN -> {
          if (secret != null) {
            throw new HandshakeRefusedException(
                Status.PERMISSION_DENIED,
                "the GridRMI server at " + peer
                    + " runs --insecure, so it cannot prove it belongs to this"
                    + " grid: restart it without --insecure, or give this program --insecure too");
          }
        }
        case NEEDS_SECRET ->
          throw new HandshakeRefusedException(
              Status.PERMISSION_DENIED,
              "the GridRMI server at " + peer
                  + " accepts only programs holding its grid secret, and this one"
                  + " runs --insecure: drop --insecure (and use --secret FILE / "
                  + GridSecret.FILE_ENV
                  + " with the server's secret if it is not the default one)");
        case OTHER_VERSION ->
          throw new HandshakeRefusedException(
              Status.PERMISSION_DENIED,
              "the GridRMI server at " + peer
                  + " speaks another version of the connection handshake "
                  + "(mixed GridRMI versions): run one version everywhere");
        default -> throw notGridRmi(peer, "code " + (code & 0xff));
      }
      return null;
    });
  }

  private static byte[] readReply(InputStream in, String peer, long timeoutNanos)
      throws IOException {
    byte[] reply;
    try {
      reply = in.readNBytes(REPLY);
    } catch (SocketTimeoutException e) {
      throw new HandshakeRefusedException(
          Status.UNAVAILABLE,
          "the peer at " + peer + " did not answer GridRMI's connection hello within "
              + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms: it is no GridRMI port (a Jini"
              + " lookup service's discovery port takes jini://, not rmi://), or it is stopped");
    }
    if (reply.length > 0 && (reply[0] == TLS_ALERT || reply[0] == TLS_HANDSHAKE)) {
      throw new TlsRequiredException(peer);
    }
    if (reply.length == 0) {
      throw new HandshakeRefusedException(
          Status.UNAVAILABLE,
          "the peer at " + peer
              + " closed the connection at GridRMI's connection hello: it uses TLS (then"
              + " give this program --tls and its stores), or it is no GridRMI port");
    }
    if (reply.length < MAGIC.length
        || !Arrays.equals(reply, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
      throw notGridRmi(
          peer, "bytes " + HexFormat.of().formatHex(reply, 0, Math.min(8, reply.length)));
    }
    if (reply.length < REPLY) throw notGridRmi(peer, "a cut-short reply");
    return reply;
  }

  private static HandshakeRefusedException notGridRmi(String peer, String what) {
    return new HandshakeRefusedException(
        Status.UNAVAILABLE,
        "the peer at " + peer + " answered GridRMI's connection hello with " + what
            + ": it is no GridRMI port of this version");
  }

  /**
   * The accepting side of one context: its secret (null: it runs {@code --insecure} and accepts anyone) and its
   * log of refusals, one line per peer address a minute at most.
   */
  static final class Acceptor {
    private static final System.Logger LOG = System.getLogger("org.gridrmi.net");
    /** Addresses whose last refusal was logged less than a minute ago; cleared when it grows past this. */
    private static final int MAX_REMEMBERED = 1024;

    private static final long LOG_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);
    private final GridSecret secret;
    private final long timeoutNanos;
    private final AtomicLong refusals = new AtomicLong();
    private final ConcurrentHashMap<String, Long> lastLogged = new ConcurrentHashMap<>();

    Acceptor(GridSecret secret, long timeoutNanos) {
      this.secret = secret;
      this.timeoutNanos = timeoutNanos;
    }

    long refusals() {
      return refusals.get();
    }

    /** What the hello left: a refusal, or the bytes read that belong to what follows (none after a hello). */
    private record Outcome(String refusal, byte[] unread) {
      static final Outcome HELLO_DONE = new Outcome(null, new byte[0]);
      /** The peer closed without a byte (a port probe): nothing to log. */
      static final Outcome CLOSED = new Outcome("", null);

      static Outcome refused(String why) {
        return new Outcome(why, null);
      }
    }

    /**
     * Reads the peer's hello and answers it, within the bound. An {@code --insecure} acceptor also takes a peer that
     * sends no hello.
     *
     * @return the bytes read that belong to what follows the hello: none after a hello, the first four of a peer
     *     that sent none to an {@code --insecure} acceptor
     * @throws IOException the peer is refused (logged, the socket closed) or the connection failed
     */
    byte[] accept(Socket s, InputStream in, OutputStream out) throws IOException {
      Outcome outcome;
      try {
        outcome = CallDeadline.within(timeoutNanos, 0, () -> exchange(in, out));
      } catch (SocketTimeoutException e) {
        outcome = Outcome.refused("it did not complete GridRMI's connection hello within "
            + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms");
      } catch (EOFException e) {
        outcome = Outcome.refused(e.getMessage());
      }
      if (outcome.refusal() == null) return outcome.unread();
      if (outcome == Outcome.CLOSED) {
        s.close();
        throw new EOFException("the peer closed the connection before its hello");
      }
      refusals.incrementAndGet();
      log(s, outcome.refusal());
      s.close();
      throw new java.net.SocketException("connection refused: " + outcome.refusal());
    }

    private Outcome exchange(InputStream in, OutputStream out) throws IOException {
      byte[] first = in.readNBytes(MAGIC.length);
      if (first.length == 0) return Outcome.CLOSED;
      if (first.length < MAGIC.length)
        throw new EOFException("it closed the connection in its hello");
      if (!Arrays.equals(first, MAGIC)) {
        return secret == null ? new Outcome(null, first) : Outcome.refused(noHello(first, out));
      }
      byte[] rest = readFully(in, HELLO - MAGIC.length, "in its hello");
      byte[] nonceC = Arrays.copyOfRange(rest, 2, 2 + NONCE);
      byte[] reply = Arrays.copyOf(MAGIC, REPLY);
      reply[4] = VERSION;
      if (rest[0] != VERSION) {
        reply[5] = OTHER_VERSION;
        send(out, reply);
        return Outcome.refused(
            "it speaks version " + rest[0] + " of GridRMI's connection hello, this" + " server "
                + VERSION + " (mixed GridRMI versions)");
      }
      if (secret == null) {
        reply[5] = OPEN;
        send(out, reply);
        return Outcome.HELLO_DONE;
      }
      if (rest[1] != WITH_SECRET) {
        reply[5] = NEEDS_SECRET;
        send(out, reply);
        return Outcome.refused(
            "it runs --insecure (no grid secret) and this server requires the secret:"
                + " drop --insecure on the peer");
      }
      byte[] nonceS = GridSecret.nonce();
      reply[5] = PROVEN;
      System.arraycopy(nonceS, 0, reply, 6, NONCE);
      System.arraycopy(secret.mac(SERVER_LABEL, nonceC, nonceS), 0, reply, 6 + NONCE, PROOF);
      send(out, reply);
      byte[] proof = in.readNBytes(PROOF);
      if (proof.length < PROOF) {
        return Outcome.refused(
            "it closed the connection instead of proving the grid secret: it holds"
                + " another grid's secret (its programs need --secret FILE / " + GridSecret.FILE_ENV
                + " with this server's, " + secret.file() + ")");
      }
      if (!MessageDigest.isEqual(proof, secret.mac(CLIENT_LABEL, nonceC, nonceS))) {
        return Outcome.refused(
            "it did not prove the grid secret: it holds another grid's secret (its"
                + " programs need --secret FILE / " + GridSecret.FILE_ENV + " with this server's, "
                + secret.file() + ")");
      }
      return Outcome.HELLO_DONE;
    }

    private String noHello(byte[] first, OutputStream out) throws IOException {
      if (first[0] == TLS_HANDSHAKE) {
        byte[] reply = Arrays.copyOf(MAGIC, REPLY);
        reply[4] = VERSION;
        reply[5] = NOT_TLS;
        send(out, reply);
        return "a TLS client reached this port, and this server runs without TLS: start it with --tls"
            + " (and its stores), or drop --tls on the client";
      }
      if (Arrays.equals(first, JRMI)) {
        return "it spoke plain Java RMI without GridRMI's connection hello: only GridRMI programs holding"
            + " the grid secret may connect (or start this server with --insecure)";
      }
      return "it sent no GridRMI connection hello (first bytes "
          + HexFormat.of().formatHex(first)
          + "): only GridRMI programs holding the grid secret may connect";
    }

    private static void send(OutputStream out, byte[] reply) throws IOException {
      out.write(reply);
      out.flush();
    }

    private static byte[] readFully(InputStream in, int n, String where) throws IOException {
      byte[] b = in.readNBytes(n);
      if (b.length < n) throw new EOFException("it closed the connection " + where);
      return b;
    }

    private void log(Socket s, String refusal) {
      String address = s.getInetAddress().getHostAddress();
      long now = System.nanoTime();
      Long last = lastLogged.get(address);
      if (last != null && now - last < LOG_EVERY_NANOS) return;
      if (lastLogged.size() >= MAX_REMEMBERED) lastLogged.clear();
      lastLogged.put(address, now);
      LOG.log(
          System.Logger.Level.WARNING,
          "GridRMI refused a connection from " + address + ":" + s.getPort() + " to port "
              + s.getLocalPort() + ": " + refusal + " (" + refusals.get()
              + " refused so far; at most one line per address a minute)");
    }
  }
}
