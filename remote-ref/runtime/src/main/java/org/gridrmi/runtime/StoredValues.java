package org.gridrmi.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.util.List;
import org.gridrmi.ref.GridException;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.store.ValueIo;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.runtime.wire.WireValue;
import org.gridrmi.runtime.wire.WrittenRefs;

/**
 * How a node's store writes values to its spill files and reads them back: as they travel between nodes (their codec,
 * else Java serialization), read with the node's filters; references inside a value read back are held by the node
 * like those of a value that arrived.
 */
final class StoredValues implements ValueIo {
  private final NodeRuntime runtime;

  StoredValues(NodeRuntime runtime) {
    this.runtime = runtime;
  }

  @Override
  public List<Object> write(Object value, OutputStream out) throws IOException {
    ObjectOutputStream o = new ObjectOutputStream(out);
    List<Ref<?>> refs =
        WrittenRefs.collect(() -> new WireValue(value).writeExternal(o)); // stays here: no pins
    o.flush();
    return List.copyOf(refs);
  }

  @Override
  public Object read(InputStream in) throws IOException {
    ObjectInputStream o = runtime.policy().open(in);
    WireValue w = new WireValue();
    try {
      SerialPolicy.using(runtime.policy(), () -> {
        try {
          w.readExternal(o);
        } catch (IOException | ClassNotFoundException e) {
          throw new java.io.UncheckedIOException(new IOException(e.getMessage(), e));
        }
        return null;
      });
    } catch (java.io.UncheckedIOException e) {
      throw e.getCause();
    } catch (GridException e) {
      throw new IOException(e.getMessage(), e);
    }
    return runtime.decode(w);
  }
}
