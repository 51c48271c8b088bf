package org.gridrmi.ref.internal.wire;

import java.io.Serializable;

/** The answer to a fetch. */
public record FetchResult(State state, WireValue value, Failure failure) implements Serializable {
  public enum State { READY, FAILED, PENDING }

  public static FetchResult ready(Object v) { return new FetchResult(State.READY, new WireValue(v), null); }
  public static FetchResult failed(Failure f) { return new FetchResult(State.FAILED, null, f); }
  public static final FetchResult PENDING = new FetchResult(State.PENDING, null, null);
}
