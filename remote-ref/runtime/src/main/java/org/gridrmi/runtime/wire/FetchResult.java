package org.gridrmi.runtime.wire;

import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInput;
import java.io.ObjectOutput;

/**
 * The answer to a fetch. Externalizable with a compact form (a state byte, then the value as its {@link WireValue}
 * body or the failure), because every fetch answer is a fresh RMI stream: a record would carry the class
 * descriptors of itself, its state enum and the value wrapper each time, bytes that cost time on a slow link.
 */
public final class FetchResult implements Externalizable {
  private static final long serialVersionUID = 1L;

  public enum State {
    READY,
    FAILED,
    PENDING
  }

  private State state;
  private WireValue value;
  private Failure failure;
  /** The trace context of the call that made the value, as the owner knows it (fetch spans link to it), or null. */
  private String producer;
  /**
   * The transfer under which the owner pins the references written inside the value until this receiver holds them
   * ({@code TransitPins}), or 0 for none: the receiver acknowledges it with {@code transferred} once its own holds of
   * them were answered.
   */
  private long transfer;

  /** For deserialization only. */
  public FetchResult() {}

  private FetchResult(State state, WireValue value, Failure failure) {
    this.state = state;
    this.value = value;
    this.failure = failure;
  }

  public static FetchResult ready(Object v) {
    return new FetchResult(State.READY, new WireValue(v), null);
  }

  /** A ready answer whose value arrived decoded, having taken {@code bytes} on the wire. */
  public static FetchResult received(Object v, long bytes) {
    return new FetchResult(State.READY, WireValue.received(v, bytes), null);
  }

  public static FetchResult failed(Failure f) {
    return new FetchResult(State.FAILED, null, f);
  }

  public static final FetchResult PENDING = new FetchResult(State.PENDING, null, null);

  /** This ready answer with the trace context of the call that made its value (null: none). */
  public FetchResult producedBy(String trace) {
    FetchResult r = new FetchResult(state, value, failure);
    r.producer = trace;
    r.transfer = transfer;
    return r;
  }

  /** This ready answer as transfer {@code id} (0: none; see {@link #transfer}). */
  public FetchResult inTransfer(long id) {
    FetchResult r = new FetchResult(state, value, failure);
    r.producer = producer;
    r.transfer = id;
    return r;
  }

  /**
   * The transfer the owner pins the references inside the value under, until this receiver acknowledges it once it
   * holds them; 0 for none (no references inside, or an owner that pins them for a time only).
   */
  public long transfer() {
    return transfer;
  }

  public State state() {
    return state;
  }

  public String producer() {
    return producer;
  }

  public WireValue value() {
    return value;
  }

  public Failure failure() {
    return failure;
  }

  @Override
  public void writeExternal(ObjectOutput out) throws IOException {
    out.writeByte(state.ordinal());
    switch (state) {
      case READY -> {
        out.writeUTF(producer == null ? "" : producer);
        out.writeLong(transfer);
        value.writeExternal(out);
      }
      case FAILED -> out.writeObject(failure);
      case PENDING -> {}
    }
  }

  @Override
  public void readExternal(ObjectInput in) throws IOException, ClassNotFoundException {
    int s = in.readByte();
    if (s < 0 || s >= State.values().length)
      throw new InvalidObjectException("fetch result state " + s);
    state = State.values()[s];
    switch (state) {
      case READY -> {
        String p = in.readUTF();
        producer = p.isEmpty() ? null : p;
        transfer = in.readLong();
        value = new WireValue();
        value.readExternal(in);
      }
      case FAILED -> {
        Object f = in.readObject();
        if (!(f instanceof Failure ff))
          throw new InvalidObjectException("fetch result without its failure");
        failure = ff;
      }
      case PENDING -> {}
    }
  }

  @Override
  public String toString() {
    return "FetchResult[" + state + "]";
  }
}
