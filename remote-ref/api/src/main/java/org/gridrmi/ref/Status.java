package org.gridrmi.ref;

/**
 * Why a GridRMI operation did not produce a value; carried by every {@link GridException}.
 * The codes follow gRPC's where the meaning is the same.
 */
public enum Status {
  /** The remote method ran and threw; the cause is the exception it threw. */
  REMOTE_FAILURE,
  /** A server, or the owner of a value, could not be reached or died. */
  UNAVAILABLE,
  /** A value id, service or method that the addressed server does not know (or no longer holds). */
  NOT_FOUND,
  /**
   * The call or the reference was cancelled, or belongs to a closed {@code Grid}, or to none (a reference read outside
   * any Grid or server, which nothing there can resolve).
   */
  CANCELLED,
  /** The deadline passed before the value existed. */
  DEADLINE_EXCEEDED,
  /** An argument was null, of the wrong type, of the wrong shape, or could not be deserialized. */
  INVALID_ARGUMENT,
  /** The server refused the call: a class or stream its filters do not allow, an unauthenticated peer. */
  PERMISSION_DENIED,
  /** A configured limit (array length, graph depth, stream size, queue length) was exceeded. */
  RESOURCE_EXHAUSTED,
  /** A broken invariant inside GridRMI itself. */
  INTERNAL
}
