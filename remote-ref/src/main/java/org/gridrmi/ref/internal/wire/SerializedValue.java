package org.gridrmi.ref.internal.wire;

import java.io.InvalidClassException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.internal.SerialFilters;
import org.gridrmi.ref.internal.SerialPolicy;

/**
 * A by-value argument kept as bytes until the call runs, so that a class the server cannot load (a task not
 * deployed there) fails that one call instead of the whole batch it came in.
 */
public record SerializedValue(String className, byte[] bytes) implements Serializable {

  public static SerializedValue of(Object value) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      out.writeObject(new WireValue(value));
    } catch (IOException e) {
      throw new GridException(Status.INVALID_ARGUMENT,
          "argument of " + (value == null ? "null" : value.getClass().getName()) + " cannot be serialized: " + e, e);
    }
    return new SerializedValue(value == null ? "null" : value.getClass().getName(), b.toByteArray());
  }

  /** Deserializes the value in the server's class loader, with the current thread's {@link SerialPolicy}. */
  public Object value() {
    SerialPolicy policy = SerialPolicy.current();
    try (ObjectInputStream in = policy.open(bytes)) {
      return ((WireValue) in.readObject()).value(policy);
    } catch (InvalidClassException e) {
      GridException refused = SerialFilters.refusal(e);
      if (refused == null) throw new GridException(Status.INVALID_ARGUMENT, "argument of type " + className
          + " is unreadable: " + e, e);
      throw new GridException(refused.status(), "argument of type " + className + " refused: "
          + refused.description(), e);
    } catch (ClassNotFoundException e) {
      throw new GridException(Status.INVALID_ARGUMENT, "class " + e.getMessage() + " (argument of type "
          + className + ") cannot be loaded on this server: deploy it on the server's class path "
          + "(./gridrmi server --classpath JAR); code sent by clients is never loaded", e);
    } catch (IOException e) {
      throw new GridException(Status.INVALID_ARGUMENT, "argument of type " + className + " is unreadable: " + e, e);
    }
  }
}
