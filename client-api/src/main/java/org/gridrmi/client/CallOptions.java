package org.gridrmi.client;

import java.time.Duration;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * Options for the calls made through one view. Immutable.
 *
 * @param server the server to call, or null to let the Grid choose one that offers the service
 * @param deadline how long each call may take from the moment it is made, or null for none; a call past its
 *     deadline fails with {@link Status#DEADLINE_EXCEEDED} on the server, and so do the calls that depend on it
 */
public record CallOptions(ServerInfo server, Duration deadline) {
  public static final CallOptions DEFAULT = new CallOptions(null, null);

  public CallOptions {
    if (deadline != null && (deadline.isNegative() || deadline.isZero())) {
      throw new GridException(Status.INVALID_ARGUMENT, "deadline must be positive, got " + deadline);
    }
  }

  public static CallOptions on(ServerInfo server) {
    return new CallOptions(server, null);
  }

  public CallOptions withDeadline(Duration d) {
    return new CallOptions(server, d);
  }

  public CallOptions withServer(ServerInfo s) {
    return new CallOptions(s, deadline);
  }
}
