package org.gridrmi.runtime.wire;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import org.gridrmi.runtime.serial.SerialPolicy;

/**
 * How one Grid or server reads a value: with its {@link SerialPolicy}, the references inside bound to its
 * {@link RefContext}, which holds their values while those reference objects live ({@link RefContext#adopt}). The
 * streams it opens carry the context, so whoever decodes a value passes the reader, and nothing on the thread decides.
 */
public final class ValueReader {
  private final SerialPolicy policy;
  private final RefContext context;

  /** A reader of {@code policy} whose references bind to {@code context}. */
  public ValueReader(SerialPolicy policy, RefContext context) {
    this.policy = java.util.Objects.requireNonNull(policy, "policy");
    this.context = java.util.Objects.requireNonNull(context, "context");
  }

  /** A reader of {@code policy} that binds references to nothing here ({@link RefContexts#unbound()}). */
  public static ValueReader unbound(SerialPolicy policy) {
    return new ValueReader(policy, RefContexts.unbound());
  }

  public SerialPolicy policy() {
    return policy;
  }

  public RefContext context() {
    return context;
  }

  /** The same policy, with references bound to {@code other} (a call of one client on a server). */
  public ValueReader with(RefContext other) {
    return new ValueReader(policy, other);
  }

  /** An object stream over {@code bytes}: the policy's filter, and references bound to this reader's context. */
  public ObjectInputStream open(byte[] bytes) throws IOException {
    return open(new ByteArrayInputStream(bytes));
  }

  /** As {@link #open(byte[])}, over {@code source} (a spill file, a data connection's message). */
  public ObjectInputStream open(InputStream source) throws IOException {
    return new Stream(source, this);
  }

  /** A stream of a reader: {@link Ref#readExternal} binds what it reads to {@link #context()}. */
  static final class Stream extends SerialPolicy.FilteredStream {
    private final RefContext context;

    Stream(InputStream in, ValueReader reader) throws IOException {
      super(in, reader.policy);
      this.context = reader.context;
    }

    RefContext context() {
      return context;
    }
  }

  @Override
  public String toString() {
    return "reader of " + context + " with " + policy;
  }
}
