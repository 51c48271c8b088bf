package org.gridrmi.runtime.serial;

import java.io.IOException;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import org.gridrmi.ref.spi.ValueCodec;

/** The value codecs found on the class path (and in users' jars, once added), by exact class and by id. */
public final class Codecs {
  private static final Map<Class<?>, ValueCodec<?>> BY_CLASS = new ConcurrentHashMap<>();
  private static final Map<String, ValueCodec<?>> BY_ID = new ConcurrentHashMap<>();

  static {
    addFrom(Codecs.class.getClassLoader());
  }

  private Codecs() {}

  /** Adds the codecs {@code loader} lists (a server's users' jars); codecs already known keep their place. */
  public static synchronized void addFrom(ClassLoader loader) {
    for (ValueCodec<?> c : ServiceLoader.load(ValueCodec.class, loader)) {
      BY_CLASS.putIfAbsent(c.type(), c);
      BY_ID.putIfAbsent(c.id(), c);
    }
  }

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
