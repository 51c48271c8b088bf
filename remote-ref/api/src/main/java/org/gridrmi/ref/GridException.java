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
  private final String description;
  private final List<String> chain;

  public GridException(Status status, String message) {
    this(status, message, null, List.of());
  }

  public GridException(Status status, String message, Throwable cause) {
    this(status, message, cause, List.of());
  }

  /**
   * The message is {@code STATUS: description}, followed by {@code [calls: a -> b]} when there is a chain.
   *
   * @param description what went wrong, without the status or the chain
   * @param chain the calls the failure went through, each like {@code "MatrixOps.svd on S1"}
   */
  public GridException(Status status, String description, Throwable cause, List<String> chain) {
    super(
        status + ": " + description
            + (chain.isEmpty() ? "" : " [calls: " + String.join(" -> ", chain) + "]"),
        cause);
    this.status = status;
    this.description = description;
    this.chain = List.copyOf(chain);
  }

  /** Why the operation failed. */
  public Status status() {
    return status;
  }

  /** What went wrong, without the status prefix and the chain of calls that {@link #getMessage()} adds. */
  public String description() {
    return description;
  }

  /** The calls the failure went through, first the one that failed; empty for a local refusal. */
  public List<String> chain() {
    return chain;
  }
}
