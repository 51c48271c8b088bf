package org.gridrmi.runtime.wire;

import java.io.Serializable;

/**
 * How a call carries an argument given as {@code RemoteReference.of(value)}: the value itself, as a {@link
 * WireValue}, so that the server decodes it with its own filters when the call runs (not while RMI reads the batch,
 * with the JVM-wide filter only).
 */
public final class InlineArgument implements Serializable {
  private static final long serialVersionUID = 1L;
  private final WireValue value;

  public InlineArgument(Object value) {
    this(new WireValue(value));
  }

  /** {@code value} as it is (it may be encoded already: see {@link WireValue#encode}). */
  public InlineArgument(WireValue value) {
    this.value = value;
  }

  /** The value, decoded by {@code reader} if it arrived serialized (see {@link WireValue#value}). */
  public Object value(org.gridrmi.runtime.wire.ValueReader reader) {
    return value.value(reader);
  }
}
