package org.gridrmi.ref.internal.wire;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import org.gridrmi.ref.internal.Codecs;
import org.gridrmi.ref.spi.ValueCodec;

/**
 * A value on its way between JVMs: written by its {@link ValueCodec} when one is registered for its exact class,
 * by Java serialization otherwise.
 */
public final class WireValue implements Externalizable {
  private static final long serialVersionUID = 1L;
  private static final String JAVA = "";
  private Object value;

  /** For deserialization only. */
  public WireValue() {}

  public WireValue(Object value) {
    this.value = value;
  }

  public Object value() {
    return value;
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public void writeExternal(ObjectOutput out) throws IOException {
    ValueCodec codec = value == null ? null : Codecs.forClass(value.getClass());
    if (codec == null) {
      out.writeUTF(JAVA);
      out.writeObject(value);
    } else {
      out.writeUTF(codec.id());
      codec.write(value, out);
    }
  }

  @Override
  public void readExternal(ObjectInput in) throws IOException, ClassNotFoundException {
    String id = in.readUTF();
    if (id.equals(JAVA)) {
      value = in.readObject();
    } else {
      value = Codecs.forId(id).read(in);
    }
  }
}
