package org.gridrmi.runtime.serial;

import java.io.IOException;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import org.gridrmi.ref.spi.ValueCodec;
import org.gridrmi.ref.spi.ValueOutput;

/**
 * The value codecs found on the class path (and in users' jars, once added), by exact class and by id; for a value
 * of any other class, the fast codec for users' types ({@link FastCodec}) if it takes the value, else none (Java
 * serialization). See docs/performance.md, "Which codec a value uses".
 */
public final class Codecs {
  private static final Map<Class<?>, ValueCodec<?>> BY_CLASS = new ConcurrentHashMap<>();
  private static final Map<String, ValueCodec<?>> BY_ID = new ConcurrentHashMap<>();

  private static final Map<String, java.util.concurrent.atomic.LongAdder> WRITTEN =
      new ConcurrentHashMap<>();

  static {
    addFrom(Codecs.class.getClassLoader());
    BY_ID.put(FastCodec.ID, FastCodec.READER);
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

  /**
   * The codec that writes {@code value}: its class's codec, else the fast codec with the value already encoded if it
   * takes it, else null (Java serialization writes it). Encodes the value to decide, so call it once per write.
   */
  public static ValueCodec<?> forValue(Object value) {
    ValueCodec<?> c = BY_CLASS.get(value.getClass());
    return c != null || !FAST_CODEC ? c : FastCodec.encode(value);
  }

  /**
   * The bytes {@code value} takes when written by the codec that takes it: its class's codec's size, else the fast
   * codec's (encoded into a reused buffer and counted, nothing kept); -1 if none takes it (Java serialization writes
   * it).
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static long size(Object value) {
    ValueCodec c = BY_CLASS.get(value.getClass());
    if (c != null) return c.size(value);
    return FAST_CODEC ? FastCodec.encodedSize(value) : -1;
  }

  /**
   * Writes {@code value} by the codec that takes it, its id first (as {@code out.writeUTF(id)}), and counts it as
   * written by that codec; writes nothing and returns false if none takes it (Java serialization writes it). The fast
   * codec writes from the buffer it encoded the value into: no copy of the value's bytes is made.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static boolean writeWithId(Object value, ValueOutput out) throws IOException {
    ValueCodec c = BY_CLASS.get(value.getClass());
    if (c != null) {
      countWritten(c.id());
      out.writeUTF(c.id());
      c.write(value, out);
      return true;
    }
    return FAST_CODEC && FastCodec.writeWithId(value, out);
  }

  /**
   * The bytes {@code value} arrived as, if this JVM's fast codec read it lately and nobody has asked since, else -1.
   * Each answer is given once: a store counts a value it received by it, without encoding the value again.
   */
  public static long takeSizeAsRead(Object value) {
    return FastCodec.takeSizeAsRead(value);
  }

  /**
   * Whether this JVM writes users' types with the fast codec: yes unless started with
   * {@code -Dgridrmi.fastCodec=false} (it still reads them). For comparisons and as a way out.
   */
  private static final boolean FAST_CODEC =
      !"false".equalsIgnoreCase(System.getProperty("gridrmi.fastCodec"));

  /** Counts one value written by the codec {@code id} ({@code "java"} for Java serialization). */
  public static void countWritten(String id) {
    WRITTEN
        .computeIfAbsent(id, k -> new java.util.concurrent.atomic.LongAdder())
        .increment();
  }

  /** Values this JVM has written per codec id since it started ({@code "java"}: Java serialization). */
  public static Map<String, Long> written() {
    Map<String, Long> m = new java.util.TreeMap<>();
    WRITTEN.forEach((k, v) -> m.put(k, v.sum()));
    return m;
  }

  /** The codecs in use, for a server's start-up line: ids of the per-class codecs, the fast codec, the fallback. */
  public static String describe() {
    if (!FAST_CODEC) {
      return "value codecs: "
          + new java.util.TreeSet<>(
              BY_CLASS.values().stream().map(ValueCodec::id).toList())
          + "; anything else: Java serialization (fast codec off: -Dgridrmi.fastCodec=false)";
    }
    return "value codecs: " + new java.util.TreeSet<>(BY_ID.keySet())
        + "; users' records, POJOs and "
        + "collections: " + FastCodec.ID
        + " (Apache Fory, registration required, allowed classes only); "
        + "anything else: Java serialization";
  }

  /** The codec a stream names. */
  public static ValueCodec<?> forId(String id) throws IOException {
    ValueCodec<?> c = BY_ID.get(id);
    if (c == null) throw new IOException("no value codec '" + id + "' on this JVM's class path");
    return c;
  }
}
