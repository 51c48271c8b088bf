package org.gridrmi.runtime.wire;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/**
 * The outcome of a plain call: a value, or a failure (never an exception class the client may lack). A value with a
 * codec travels through it ({@link CodedValue}), so a large array is not capped as a Java-serialized one would be.
 *
 * <p>A value without a codec may carry references (a list of {@code RemoteReference}s, a record with one). The
 * transport writes it after the call returned, so the server writes it under a transfer ({@link #inTransfer}): the
 * references written inside are pinned until the receiver says it holds them ({@code transferred} naming {@link
 * #transfer}), as for a fetched value, not for a period.
 *
 * @param transfer the transfer the value was written under, or 0 for none (a failure, a value with a codec, no value)
 */
public record PlainResult(Object value, Failure failure, long transfer) implements Serializable {
  /** A result written under no transfer. */
  public PlainResult(Object value, Failure failure) {
    this(value, failure, 0);
  }

  /** What pins the references written inside a value under its transfer (until the receiver acknowledges it). */
  @FunctionalInterface
  public interface Transfer {
    void pin(java.util.List<Ref<?>> refs);
  }

  /**
   * The result {@code value} (one without a codec: a value with one carries no references, and travels as before),
   * written under transfer {@code transfer}: once the transport wrote it, {@code under} pins the references written
   * inside it.
   */
  public static PlainResult inTransfer(Object value, long transfer, Transfer under) {
    return new PlainResult(new Written(value, under), null, transfer);
  }

  private Object writeReplace() {
    Object coded = CodedValue.wrap(value);
    return coded == value ? this : new PlainResult(coded, failure, transfer);
  }

  private Object readResolve() {
    return value instanceof CodedValue
        ? new PlainResult(CodedValue.unwrap(value), failure, transfer)
        : this;
  }

  /** A value written under a transfer by the stream that carries it; read, it is the value itself. */
  private static final class Written implements Serializable {
    private static final long serialVersionUID = 1L;
    private Object value;
    private final transient Transfer under;

    Written(Object value, Transfer under) {
      this.value = value;
      this.under = under;
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
      // the transport's stream notices no reference: each one tells as it is written; pinned once
      // written (the value, and so they, live here until then)
      under.pin(WrittenRefs.collectFromAnyStream(out::defaultWriteObject));
    }

    private Object readResolve() {
      return value;
    }
  }
}
