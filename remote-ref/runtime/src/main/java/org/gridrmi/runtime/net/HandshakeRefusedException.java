package org.gridrmi.runtime.net;

import java.io.IOException;
import org.gridrmi.ref.Status;

/**
 * A connection ended in its first exchange ({@code SecretHandshake}): the peer holds another grid's secret, one side
 * runs {@code --insecure} or TLS and the other does not, or the port is no GridRMI port. Thrown by
 * {@link NetContext#connect}; RMI hands it on as the cause of its {@code ConnectIOException}, and the transport turns
 * it into a {@code GridException} with {@link #status()} and this one-line message, which names the peer and the fix.
 */
public final class HandshakeRefusedException extends IOException {
  private static final long serialVersionUID = 1L;
  private final Status status;

  HandshakeRefusedException(Status status, String message) {
    super(message);
    this.status = status;
  }

  /** A program using TLS reached {@code peer}, which runs without it. */
  static HandshakeRefusedException plainPeer(String peer) {
    return new HandshakeRefusedException(
        Status.PERMISSION_DENIED,
        "the GridRMI peer at " + peer
            + " runs without TLS, and this program uses TLS (--tls): drop --tls"
            + " here, or start that peer and the rest of its grid with --tls");
  }

  /** PERMISSION_DENIED for a peer of another grid or another mode; UNAVAILABLE for a port that is no GridRMI port. */
  public Status status() {
    return status;
  }
}
