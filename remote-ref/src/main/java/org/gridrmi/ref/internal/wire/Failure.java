package org.gridrmi.ref.internal.wire;

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

  private Failure(Status status, String message, List<String> chain, byte[] cause, String causeText) {
    this.status = status;
    this.message = message;
    this.chain = List.copyOf(chain);
    this.cause = cause;
    this.causeText = causeText;
  }

  /** The failure of the call at {@code site} (such as {@code "MatrixOps.svd on S1"}). */
  public static Failure of(Status status, String message, Throwable cause, String site) {
    return new Failure(status, message, site == null ? List.of() : List.of(site), bytesOf(cause),
        cause == null ? null : cause.toString());
  }

  /** Turns any exception into a failure, keeping a {@link GridException}'s status and chain. */
  public static Failure from(Throwable t, String site) {
    if (t instanceof GridException g) {
      List<String> chain = new ArrayList<>(g.chain());
      if (site != null && (chain.isEmpty() || !chain.get(chain.size() - 1).equals(site))) chain.add(site);
      Throwable cause = g.getCause();
      return new Failure(g.status(), stripStatus(g), chain, bytesOf(cause), cause == null ? null : cause.toString());
    }
    Status s = t instanceof IllegalArgumentException || t instanceof NullPointerException
        || t instanceof ClassCastException ? Status.INVALID_ARGUMENT : Status.REMOTE_FAILURE;
    return of(s, String.valueOf(t), t, site);
  }

  private static String stripStatus(GridException g) {
    String m = g.getMessage();
    String prefix = g.status() + ": ";
    return m != null && m.startsWith(prefix) ? m.substring(prefix.length()) : m;
  }

  /** The same failure seen by a call that depended on it. */
  public Failure through(String site) {
    List<String> c = new ArrayList<>(chain);
    c.add(site);
    return new Failure(status, message, c, cause, causeText);
  }

  public Status status() { return status; }
  public List<String> chain() { return chain; }
  public String message() { return message; }

  /** The exception {@code get()} throws for this failure. */
  public GridException toException() {
    String where = chain.isEmpty() ? "" : " [calls: " + String.join(" -> ", chain) + "]";
    return new GridException(status, message + where, causeObject(), chain);
  }

  private Throwable causeObject() {
    if (cause == null) return null;
    try (ObjectInputStream in = org.gridrmi.ref.internal.SerialFilters.open(cause)) {
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

  @Override public String toString() { return toException().getMessage(); }

  /** Stands for a remote exception whose class this JVM cannot load. */
  public static final class RemoteCause extends RuntimeException {
    private static final long serialVersionUID = 1L;
    RemoteCause(String text) { super(text); }
  }
}
