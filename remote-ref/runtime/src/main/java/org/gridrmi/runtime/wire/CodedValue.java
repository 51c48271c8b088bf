package org.gridrmi.runtime.wire;

import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import org.gridrmi.runtime.serial.Codecs;

/**
 * A plain call's argument or result that has a value codec (primitive arrays, {@code double[][]}, a matrix), as it
 * travels in the call's RMI stream: written by its codec, whose arrays grow as their bytes arrive, rather than as a
 * Java-serialized array, which RMI allocates from its header and GridRMI therefore caps at
 * {@code maxCallArrayBytes}. Values without a codec travel as they are.
 */
public final class CodedValue implements Externalizable {
  private static final long serialVersionUID = 1L;
  private Object value;

  /** For deserialization only. */
  public CodedValue() {}

  private CodedValue(Object value) {
    this.value = value;
  }

  /** Whether {@code value} has a codec (and so travels wrapped). */
  public static boolean hasCodec(Object value) {
    return value != null && Codecs.forClass(value.getClass()) != null;
  }

  /** {@code value} wrapped if it has a codec, else itself. */
  public static Object wrap(Object value) {
    return value != null && Codecs.forClass(value.getClass()) != null
        ? new CodedValue(value)
        : value;
  }

  /** What {@link #wrap} wrapped, else {@code o} itself. */
  public static Object unwrap(Object o) {
    return o instanceof CodedValue c ? c.value : o;
  }

  /** A copy of {@code args} with each wrapped. */
  public static Object[] wrapAll(Object[] args) {
    if (args == null) return null;
    Object[] w = new Object[args.length];
    for (int i = 0; i < args.length; i++) w[i] = wrap(args[i]);
    return w;
  }

  /** A copy of {@code args} with each unwrapped. */
  public static Object[] unwrapAll(Object[] args) {
    if (args == null) return null;
    Object[] u = new Object[args.length];
    for (int i = 0; i < args.length; i++) u[i] = unwrap(args[i]);
    return u;
  }

  @Override
  public void writeExternal(ObjectOutput out) throws IOException {
    new WireValue(value).writeExternal(out);
  }

  @Override
  public void readExternal(ObjectInput in) throws IOException, ClassNotFoundException {
    WireValue w = new WireValue();
    w.readExternal(in);
    try {
      value = w.decoded();
    } catch (IllegalStateException e) {
      throw new InvalidObjectException("a coded value that names no codec");
    }
  }
}
