package org.gridrmi.runtime.wire;

import java.io.Serializable;

/**
 * The outcome of a plain call: a value, or a failure (never an exception class the client may lack). A value with a
 * codec travels through it ({@link CodedValue}), so a large array is not capped as a Java-serialized one would be.
 */
public record PlainResult(Object value, Failure failure) implements Serializable {
  private Object writeReplace() {
    Object coded = CodedValue.wrap(value);
    return coded == value ? this : new PlainResult(coded, failure);
  }

  private Object readResolve() {
    return value instanceof CodedValue ? new PlainResult(CodedValue.unwrap(value), failure) : this;
  }
}
