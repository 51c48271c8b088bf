package org.gridrmi.client;

import java.time.Duration;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * Options for the calls made through one view. Immutable.
 *
 * @param server the server to call, or null to let the Grid choose
 * @param deadline how long each call may take from the moment it is made, or null for none; a call past its
 *     deadline fails with {@link Status#DEADLINE_EXCEEDED} on the server, and so do the calls that depend on it
 * @param automatic whether each call of the view is placed on its own by the cost model ({@link #auto()}); false: one
 *     server for the whole view ({@code server}, else the one with the lowest reported load when the view is made)
 */
public record CallOptions(ServerInfo server, Duration deadline, boolean automatic) {
  /** One server for the whole view, the one with the lowest reported load; no deadline. */
  public static final CallOptions DEFAULT = new CallOptions(null, null, false);

  /** @throws GridException INVALID_ARGUMENT for a deadline that is not positive, or a server with {@code automatic} */
  public CallOptions {
    if (deadline != null && (deadline.isNegative() || deadline.isZero())) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "deadline must be positive, got " + deadline);
    }
    if (automatic && server != null) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "a view placed automatically (CallOptions.auto()) takes no " + "server; got "
              + server.name());
    }
  }

  /** Options with a server (null: the Grid chooses) and a deadline (null: none), placed as {@link #DEFAULT}. */
  public CallOptions(ServerInfo server, Duration deadline) {
    this(server, deadline, false);
  }

  /** Every call of the view on {@code server}. */
  public static CallOptions on(ServerInfo server) {
    return new CallOptions(server, null, false);
  }

  /**
   * Each call of the view placed on its own, on the server where the paper's cost model predicts it completes first:
   * from its arguments' sizes and owners, each owner's link to the candidate (t_s + n t_w), the candidate's queue and
   * its compute time for the method, as the servers measured them. The choice takes microseconds on the caller's
   * thread, with no round trip (the estimates are refreshed in the background). Before the servers have measured
   * anything, a call goes where its largest argument is (locality). {@link Grid#explain} shows why a call went
   * where it did.
   */
  public static CallOptions auto() {
    return new CallOptions(null, null, true);
  }

  /** The same options with a deadline for each call. */
  public CallOptions withDeadline(Duration d) {
    return new CallOptions(server, d, automatic);
  }

  /** The same options with every call on {@code s} (no longer automatic). */
  public CallOptions withServer(ServerInfo s) {
    return new CallOptions(s, deadline, false);
  }
}
