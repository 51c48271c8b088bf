package org.gridrmi.runtime.wire;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.List;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.serial.SerialFilters;
import org.gridrmi.runtime.serial.SerialPolicy;

/**
 * A by-value argument kept as bytes until the call runs, so that a class the server cannot load (a task not
 * deployed there) fails that one call instead of the whole batch it came in.
 *
 * @param refs the references written inside the value, also carried as they are: the server holds their values from
 *     the moment it accepts the batch (it cannot read them from {@code bytes} before the call runs), and the client
 *     pins them meanwhile
 */
public record SerializedValue(String className, byte[] bytes, Ref<?>[] refs)
    implements Serializable {

  /** Bytes with no references inside. */
  public SerializedValue(String className, byte[] bytes) {
    this(className, bytes, new Ref<?>[0]);
  }

  /**
   * The value as bytes. The references written inside it are in {@link #refs()}: whoever sends it keeps them until the
   * receiver holds them (a Grid's channel keeps them until the batch's receipt says the server holds them, else pins
   * them for its transit time; see docs/reference-counting.md).
   *
   * @throws GridException INVALID_ARGUMENT if it cannot be serialized
   */
  public static SerializedValue of(Object value) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    List<Ref<?>> refs;
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      refs = WrittenRefs.collect(() -> out.writeObject(new WireValue(value)));
    } catch (IOException e) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "argument of " + (value == null ? "null" : value.getClass().getName())
              + " cannot be serialized: " + e,
          e);
    }
    return new SerializedValue(
        value == null ? "null" : value.getClass().getName(),
        b.toByteArray(),
        refs.toArray(Ref<?>[]::new));
  }

  /**
   * Deserializes the value in the server's class loader, by {@code reader}: the server's policy, the references inside
   * bound to the context of the call that reads it.
   */
  public Object value(ValueReader reader) {
    try (ObjectInputStream in = reader.policy().open(bytes)) {
      return ((WireValue) in.readObject()).value(reader);
    } catch (InvalidClassException e) {
      GridException refused = SerialFilters.refusal(e);
      if (refused == null)
        throw new GridException(
            Status.INVALID_ARGUMENT, "argument of type " + className + " is unreadable: " + e, e);
      throw new GridException(
          refused.status(),
          "argument of type " + className + " refused: " + refused.description(),
          e);
    } catch (ClassNotFoundException e) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "class " + e.getMessage() + " (argument of type "
              + className
              + ") cannot be loaded on this server: deploy it on the server's class path "
              + "(./gridrmi server --classpath JAR); code sent by clients is never loaded",
          e);
    } catch (IOException e) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "argument of type " + className + " is unreadable: " + e, e);
    }
  }

  /**
   * Travels as its {@link Form}, whose bytes are read as they arrive: a batch is an RMI stream, which would allocate a
   * {@code byte[]} from its header (and caps it at {@code maxCallArrayBytes}).
   */
  private Object writeReplace() {
    return new Form(this);
  }

  /** The serialized form of a {@link SerializedValue}. */
  static final class Form implements java.io.Externalizable {
    private static final long serialVersionUID = 1L;
    private SerializedValue value;

    /** For deserialization only. */
    public Form() {}

    Form(SerializedValue value) {
      this.value = value;
    }

    @Override
    public void writeExternal(java.io.ObjectOutput out) throws IOException {
      out.writeUTF(value.className);
      out.writeInt(value.bytes.length);
      out.write(value.bytes);
      out.writeObject(value.refs);
    }

    @Override
    public void readExternal(java.io.ObjectInput in) throws IOException, ClassNotFoundException {
      String className = in.readUTF();
      int n = org.gridrmi.runtime.serial.BoundedReads.length(
          in, 1, SerialPolicy.current().limits().maxBytes(), "a by-value argument");
      byte[] bytes = org.gridrmi.runtime.serial.BoundedReads.bytes(in, n);
      value = new SerializedValue(className, bytes, (Ref<?>[]) in.readObject());
    }

    private Object readResolve() {
      return value;
    }
  }
}
