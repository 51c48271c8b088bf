package org.gridrmi.runtime.net;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * How the two ends of a connection learn each other's node name, so that a {@link LinkPlan} with rules by name can
 * shape each connection by its pair. The connecting side sends {@link #MAGIC} and its name first; the accepting side
 * ({@link SharedPort}, which serves every GridRMI port) answers with its own name; then the connection goes on as
 * RMI or a data connection. Only a connecting instance whose plan has names sends it (one round trip per new
 * connection, before any shaping; connections are pooled), so plain {@code --link lan} changes nothing on the wire.
 *
 * <p>Why on the connection and not from the addresses a node learns (NodeInfo, the lookup service's entries,
 * {@code --peers}): an accepted connection's remote address is an ephemeral port, so on one machine every peer looks
 * the same; and a connection is made before the node has learned anything of its peer (the registry look-up, the
 * first info call). The name travels with the connection itself, first thing, whoever made it and for whatever.
 */
final class LinkHello {
  /** What a hello starts with (where RMI sends {@code JRMI} and a data connection {@code GRDP}). */
  static final byte[] MAGIC = {'G', 'R', 'L', 'K'};
  /** The longest name a hello carries. */
  static final int MAX_NAME = 100;

  private LinkHello() {}

  static void write(OutputStream out, String name) throws IOException {
    byte[] b = (name == null ? "" : name).getBytes(StandardCharsets.UTF_8);
    if (b.length > MAX_NAME)
      throw new IOException("node name longer than " + MAX_NAME + " bytes: " + name);
    byte[] msg = Arrays.copyOf(MAGIC, MAGIC.length + 1 + b.length);
    msg[MAGIC.length] = (byte) b.length;
    System.arraycopy(b, 0, msg, MAGIC.length + 1, b.length);
    out.write(msg);
    out.flush();
  }

  /** The name after the magic (already read); null for an empty one (a node with no name in the plan). */
  static String readName(InputStream in) throws IOException {
    int n = in.read();
    if (n < 0) throw new EOFException("connection closed in a link hello");
    if (n > MAX_NAME) throw new IOException("a link hello with a name of " + n + " bytes");
    byte[] b = in.readNBytes(n);
    if (b.length < n) throw new EOFException("connection closed in a link hello");
    String name = new String(b, StandardCharsets.UTF_8);
    return name.isEmpty() ? null : name;
  }

  /**
   * The connecting side: says {@code self}, and reads the peer's name within {@code timeoutMillis}.
   *
   * @throws IOException the peer did not answer with a hello in time (it is not a GridRMI port)
   */
  static String exchange(Socket s, String self, int timeoutMillis) throws IOException {
    int before = s.getSoTimeout();
    s.setSoTimeout(timeoutMillis);
    try {
      write(s.getOutputStream(), self);
      InputStream in = s.getInputStream();
      byte[] magic = in.readNBytes(MAGIC.length);
      if (!Arrays.equals(magic, MAGIC)) {
        throw new IOException("the peer at " + s.getRemoteSocketAddress()
            + " did not answer the link hello (not a " + "GridRMI port of this version?)");
      }
      return readName(in);
    } finally {
      s.setSoTimeout(before);
    }
  }
}
