package org.gridrmi.ref.internal.wire;

import java.io.ByteArrayOutputStream;
import java.io.Externalizable;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.Codecs;
import org.gridrmi.ref.internal.SerialFilters;
import org.gridrmi.ref.spi.ValueCodec;

/**
 * A value on its way between JVMs: written by its {@link ValueCodec} when one is registered for its exact class,
 * by Java serialization otherwise.
 */
public final class WireValue implements Externalizable {
  private static final long serialVersionUID = 1L;
  private static final String JAVA = "";
  /** A null value (a void method's result): no serialization stream of its own. */
  private static final String NULL = "-";
  private Object value;

  /** For deserialization only. */
  public WireValue() {}

  public WireValue(Object value) {
    this.value = value;
  }

  public Object value() {
    return value;
  }

  /** Writes a buffer to an ObjectOutput without copying it again. */
  private static final class OutputAdapter extends java.io.OutputStream {
    private final ObjectOutput out;
    OutputAdapter(ObjectOutput out) { this.out = out; }
    @Override public void write(int b) throws IOException { out.write(b); }
    @Override public void write(byte[] b, int off, int len) throws IOException { out.write(b, off, len); }
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public void writeExternal(ObjectOutput out) throws IOException {
    if (value == null) {
      out.writeUTF(NULL);
      return;
    }
    ValueCodec codec = Codecs.forClass(value.getClass());
    if (codec == null) {
      // a stream of its own, so that the reader can filter it whatever stream carries it (RMI return values
      // are not filtered by RMI itself)
      out.writeUTF(JAVA);
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      try (ObjectOutputStream o = new ObjectOutputStream(b)) {
        o.writeObject(value);
      }
      out.writeInt(b.size());
      b.writeTo(new OutputAdapter(out));
    } else {
      out.writeUTF(codec.id());
      codec.write(value, out);
    }
  }

  @Override
  public void readExternal(ObjectInput in) throws IOException, ClassNotFoundException {
    String id = in.readUTF();
    if (id.equals(NULL)) {
      value = null;
    } else if (id.equals(JAVA)) {
      int n = in.readInt();
      if (n < 0 || n > SerialFilters.maxBytes()) {
        InvalidClassException e = new InvalidClassException("value", "a value of " + n + " bytes");
        e.initCause(new GridException(Status.RESOURCE_EXHAUSTED, "value of " + n
            + " bytes exceeds gridrmi.serial.maxBytes=" + SerialFilters.maxBytes()));
        throw e;
      }
      byte[] bytes = new byte[n];
      in.readFully(bytes);
      try (ObjectInputStream o = SerialFilters.open(bytes)) {
        value = o.readObject();
      }
    } else {
      value = Codecs.forId(id).read(in);
    }
  }
}
