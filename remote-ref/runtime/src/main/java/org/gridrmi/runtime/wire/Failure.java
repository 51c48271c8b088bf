package org.gridrmi.runtime.wire;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * A failure stored as a value: it travels along the chain of calls that depend on it. The original exception
 * travels as bytes, so a receiver that lacks its class still gets the status, the message and the chain (and a
 * {@link RemoteCause} in place of the cause).
 */
public final class Failure implements Serializable {
  private static final long serialVersionUID = 1L;
  private final Status status;
  private final String message;
  private final List<String> chain;
  private final byte[] cause;
  private final String causeText;

  private Failure(
      Status status, String message, List<String> chain, byte[] cause, String causeText) {
    this.status = status;
    this.message = message;
    this.chain = List.copyOf(chain);
    this.cause = cause;
    this.causeText = causeText;
  }

  /** The failure of the call at {@code site} (such as {@code "MatrixOps.svd on S1"}). */
  public static Failure of(Status status, String message, Throwable cause, String site) {
    return new Failure(
        status,
        message,
        site == null ? List.of() : List.of(site),
        bytesOf(cause),
        cause == null ? null : cause.toString());
  }

  /**
   * Turns any exception into a failure. A {@link GridException} keeps its status and chain (GridRMI decided it, or
   * the service passed on one it got); anything else was thrown by the service's own code and is
   * {@link Status#REMOTE_FAILURE}, whatever its type: an {@code IllegalArgumentException} from a service is a failed
   * computation, not GridRMI refusing the call's arguments.
   */
  public static Failure from(Throwable t, String site) {
    if (t instanceof GridException g) {
      List<String> chain = new ArrayList<>(g.chain());
      if (site != null && (chain.isEmpty() || !chain.get(chain.size() - 1).equals(site)))
        chain.add(site);
      Throwable cause = g.getCause();
      return new Failure(
          g.status(),
          g.description(),
          chain,
          bytesOf(cause),
          cause == null ? null : cause.toString());
    }
    return of(Status.REMOTE_FAILURE, String.valueOf(t), t, site);
  }

  /**
   * {@code what} ran out of heap on {@code where}: RESOURCE_EXHAUSTED with the heap's figures. The JVM stays up; the
   * error itself is not kept (writing it out could need memory too).
   */
  public static Failure outOfMemory(String what, String where, OutOfMemoryError e, String site) {
    Runtime rt = Runtime.getRuntime();
    return of(
        Status.RESOURCE_EXHAUSTED,
        what + " ran out of memory on " + where + " (" + e.getMessage() + "; heap "
            + (rt.totalMemory() - rt.freeMemory()) / 1_000_000 + " MB used of "
            + rt.maxMemory() / 1_000_000
            + " MB): give it more heap (-Xmx) or keep less in memory (--max-store)",
        null,
        site);
  }

  /** The same failure seen by a call that depended on it. */
  public Failure through(String site) {
    List<String> c = new ArrayList<>(chain);
    c.add(site);
    return new Failure(status, message, c, cause, causeText);
  }

  public Status status() {
    return status;
  }

  public List<String> chain() {
    return chain;
  }

  public String message() {
    return message;
  }

  /** The exception {@code get()} throws for this failure. */
  public GridException toException() {
    return new GridException(status, message, causeObject(), chain);
  }

  private Throwable causeObject() {
    if (cause == null) return null;
    try (ObjectInputStream in =
        org.gridrmi.runtime.serial.SerialPolicy.current().open(cause)) {
      return (Throwable) in.readObject();
    } catch (IOException | ClassNotFoundException | ClassCastException e) {
      return new RemoteCause(causeText);
    }
  }

  private static byte[] bytesOf(Throwable t) {
    if (t == null) return null;
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      out.writeObject(t);
    } catch (IOException e) {
      return null; // not serializable: causeText still names it
    }
    return b.toByteArray();
  }

  @Override
  public String toString() {
    return toException().getMessage();
  }

  /** Stands for a remote exception whose class this JVM cannot load. */
  public static final class RemoteCause extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RemoteCause(String text) {
      super(text);
    }
  }
}
