package org.gridrmi.ref.internal;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import org.gridrmi.ref.spi.ValueCodec;

/** The value codecs found on the class path, by exact class and by id. */
public final class Codecs {
  private static final Map<Class<?>, ValueCodec<?>> BY_CLASS = new HashMap<>();
  private static final Map<String, ValueCodec<?>> BY_ID = new HashMap<>();

  static {
    for (ValueCodec<?> c : ServiceLoader.load(ValueCodec.class, Codecs.class.getClassLoader())) {
      BY_CLASS.put(c.type(), c);
      BY_ID.put(c.id(), c);
    }
  }

  private Codecs() {}

  /** The codec for exactly this class, or null. */
  public static ValueCodec<?> forClass(Class<?> type) {
    return BY_CLASS.get(type);
  }

  /** The codec a stream names. */
  public static ValueCodec<?> forId(String id) throws IOException {
    ValueCodec<?> c = BY_ID.get(id);
    if (c == null) throw new IOException("no value codec '" + id + "' on this JVM's class path");
    return c;
  }
}
