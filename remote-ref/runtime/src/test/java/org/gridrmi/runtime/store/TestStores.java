package org.gridrmi.runtime.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;

/** Stores for the store's own tests: values written with plain Java serialization. */
final class TestStores {
  private TestStores() {}

  /** Plain Java serialization, no references. */
  static final ValueIo JAVA = new ValueIo() {
    @Override
    public List<Object> write(Object value, OutputStream out) throws IOException {
      ObjectOutputStream o = new ObjectOutputStream(out);
      o.writeObject(value);
      o.flush();
      return List.of();
    }

    @Override
    public Object read(InputStream in) throws IOException {
      try {
        return new ObjectInputStream(in).readObject();
      } catch (ClassNotFoundException e) {
        throw new IOException(e);
      }
    }
  };

  /** A store with a budget far above what tests put in it. */
  static ValueStore inMemory() {
    return new ValueStore("test", new StoreBudget(1L << 40, null, 1L << 30), JAVA);
  }

  static ValueStore bounded(long memory, Path spillDir, long disk) {
    return new ValueStore("test", new StoreBudget(memory, spillDir, disk), JAVA);
  }
}
