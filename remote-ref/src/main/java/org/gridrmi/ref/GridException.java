package org.gridrmi.ref;

import java.util.List;

/**
 * The one exception GridRMI throws to user code. Unchecked; carries a {@link Status} and, for a failed remote
 * computation, the original exception as its cause and the chain of calls the failure travelled through
 * (first the call that failed, last the call whose value was asked for). {@code RemoteException} never reaches
 * user code: transport failures become {@link Status#UNAVAILABLE}.
 */
public class GridException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final Status status;
  private final List<String> chain;

  public GridException(Status status, String message) {
    this(status, message, null, List.of());
  }

  public GridException(Status status, String message, Throwable cause) {
    this(status, message, cause, List.of());
  }

  /**
   * @param chain the calls the failure went through, each like {@code "MatrixOps.svd on S1 (rmi://host:port)"}
   */
  public GridException(Status status, String message, Throwable cause, List<String> chain) {
    super(status + ": " + message, cause);
    this.status = status;
    this.chain = List.copyOf(chain);
  }

  /** Why the operation failed. */
  public Status status() {
    return status;
  }

  /** The calls the failure went through, first the one that failed; empty for a local refusal. */
  public List<String> chain() {
    return chain;
  }
}
