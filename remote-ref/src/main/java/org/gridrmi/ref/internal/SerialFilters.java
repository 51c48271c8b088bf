package org.gridrmi.ref.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * The JEP 290 deserialization filter of every GridRMI stream (the node's RMI export, by-value arguments, values,
 * stored failures): an allowlist, never a denylist. Allowed are JDK value types (boxes, String, arrays of
 * primitives, a fixed set of java.util collections, java.time, UUID, BigInteger/BigDecimal, JDK exceptions and
 * their stack traces), GridRMI's own types ({@code org.gridrmi.**}), the classes in the signatures of exported
 * services, and what the operator allows ({@code -Dgridrmi.serial.allow=a.B,c.d.*,e.**} or {@code --allow}).
 * Limits (system properties, checked before anything is allocated): {@code gridrmi.serial.maxArray} elements,
 * {@code gridrmi.serial.maxDepth}, {@code gridrmi.serial.maxRefs}, {@code gridrmi.serial.maxBytes} (stream bytes,
 * and also the bytes an array would take). A refusal is a {@link GridException} (PERMISSION_DENIED naming the class,
 * RESOURCE_EXHAUSTED naming the limit) which the JDK wraps as the cause of an {@code InvalidClassException};
 * {@link #refusal} finds it again. Nothing else is refused, and nothing is loaded or initialized to decide.
 */
public final class SerialFilters {
  public static final String ALLOW_PROPERTY = "gridrmi.serial.allow";
  private static final Set<String> JDK = Set.of(
      "java.lang.String", "java.lang.Boolean", "java.lang.Byte", "java.lang.Character", "java.lang.Short",
      "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double", "java.lang.Number",
      "java.lang.Enum", "java.lang.StackTraceElement", "java.lang.Object",
      "java.math.BigInteger", "java.math.BigDecimal", "java.util.UUID",
      "java.util.ArrayList", "java.util.LinkedList", "java.util.HashMap", "java.util.LinkedHashMap",
      "java.util.TreeMap", "java.util.HashSet", "java.util.LinkedHashSet", "java.util.TreeSet", "java.util.ArrayDeque",
      "java.util.Map$Entry", "java.util.EnumMap", "java.util.Vector", "java.util.CollSer", "java.util.Arrays$ArrayList",
      "java.util.concurrent.ConcurrentHashMap", "java.util.concurrent.ConcurrentHashMap$Segment",
      "java.util.concurrent.CopyOnWriteArrayList", "java.util.concurrent.locks.ReentrantLock",
      "java.util.concurrent.locks.ReentrantLock$Sync", "java.util.concurrent.locks.ReentrantLock$NonfairSync",
      "java.util.concurrent.locks.AbstractQueuedSynchronizer",
      "java.util.concurrent.locks.AbstractOwnableSynchronizer");
  /** Packages whose exceptions may travel as causes (a Throwable subclass only). */
  private static final Set<String> EXCEPTION_PACKAGES = Set.of("java.lang", "java.io", "java.util",
      "java.util.concurrent", "java.rmi", "java.net", "java.time", "java.lang.reflect", "java.nio", "java.nio.file",
      "java.util.zip", "java.time.format");
  private static final List<String> PATTERNS = new CopyOnWriteArrayList<>(List.of("org.gridrmi.**", "java.time.**"));
  private static final Set<String> SIGNATURES = ConcurrentHashMap.newKeySet();
  private static final AtomicLong REFUSED = new AtomicLong();
  private static final long MAX_ARRAY = Long.getLong("gridrmi.serial.maxArray", 300_000_000L);
  private static final long MAX_DEPTH = Long.getLong("gridrmi.serial.maxDepth", 64);
  private static final long MAX_REFS = Long.getLong("gridrmi.serial.maxRefs", 2_000_000L);
  private static final long MAX_BYTES = Long.getLong("gridrmi.serial.maxBytes",
      Math.min(1L << 30, Runtime.getRuntime().maxMemory() / 2));
  private static final ObjectInputFilter FILTER = SerialFilters::check;

  static {
    allow(System.getProperty(ALLOW_PROPERTY, ""));
  }

  private SerialFilters() {}

  /** The filter to set on a GridRMI stream. */
  public static ObjectInputFilter filter() {
    return FILTER;
  }

  /** An ObjectInputStream over {@code bytes} with the GridRMI filter set. */
  public static ObjectInputStream open(byte[] bytes) throws IOException {
    ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes));
    in.setObjectInputFilter(FILTER);
    return in;
  }

  /** The largest stream (and array payload) accepted, in bytes. */
  public static long maxBytes() {
    return MAX_BYTES;
  }

  /** How many refusals this JVM made (tests, logs). */
  public static long refusals() {
    return REFUSED.get();
  }

  /**
   * Adds operator patterns, comma separated: a class name, {@code pkg.*} (that package) or {@code pkg.**} (and its
   * subpackages).
   */
  public static void allow(String patterns) {
    for (String p : patterns.split(",")) {
      String t = p.trim();
      if (!t.isEmpty() && !PATTERNS.contains(t)) PATTERNS.add(t);
    }
  }

  /** Allows the classes an exported service declares: parameter, return and field types, recursively. */
  public static void allowSignaturesOf(Class<?> service) {
    for (Method m : service.getMethods()) {
      addType(m.getGenericReturnType(), 0);
      for (Type t : m.getGenericParameterTypes()) addType(t, 0);
    }
  }

  private static void addType(Type t, int depth) {
    if (depth > 8) return;
    if (t instanceof ParameterizedType p) {
      addType(p.getRawType(), depth);
      for (Type a : p.getActualTypeArguments()) addType(a, depth + 1);
    } else if (t instanceof GenericArrayType g) {
      addType(g.getGenericComponentType(), depth);
    } else if (t instanceof Class<?> c) {
      while (c.isArray()) c = c.getComponentType();
      if (c.isPrimitive() || c.isInterface() || c.getName().startsWith("java.") || !SIGNATURES.add(c.getName())) return;
      for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
        if (k != c) SIGNATURES.add(k.getName());
        for (Field f : k.getDeclaredFields()) {
          int mod = f.getModifiers();
          if (!Modifier.isStatic(mod) && !Modifier.isTransient(mod)) addType(f.getGenericType(), depth + 1);
        }
      }
    }
  }

  /** Whether a class may appear in a GridRMI stream (by name and kind; the class is already resolved). */
  public static boolean allowed(Class<?> c) {
    String n = c.getName();
    if (JDK.contains(n) || SIGNATURES.contains(n)) return true;
    if (n.startsWith("java.util.Collections$") || n.startsWith("java.util.ImmutableCollections$")) return true;
    if (Throwable.class.isAssignableFrom(c) && EXCEPTION_PACKAGES.contains(c.getPackageName())) return true;
    for (String p : PATTERNS) {
      if (p.endsWith(".**") ? n.startsWith(p.substring(0, p.length() - 2))
          : p.endsWith(".*") ? c.getPackageName().equals(p.substring(0, p.length() - 2)) : n.equals(p)) {
        return true;
      }
    }
    return false;
  }

  private static ObjectInputFilter.Status check(ObjectInputFilter.FilterInfo info) {
    if (info.depth() > MAX_DEPTH) throw refuse(Status.RESOURCE_EXHAUSTED, "object graph depth " + info.depth()
        + " exceeds gridrmi.serial.maxDepth=" + MAX_DEPTH);
    if (info.references() > MAX_REFS) throw refuse(Status.RESOURCE_EXHAUSTED, "object references "
        + info.references() + " exceed gridrmi.serial.maxRefs=" + MAX_REFS);
    if (info.streamBytes() > MAX_BYTES) throw refuse(Status.RESOURCE_EXHAUSTED, "stream of " + info.streamBytes()
        + " bytes exceeds gridrmi.serial.maxBytes=" + MAX_BYTES);
    Class<?> c = info.serialClass();
    if (c == null) return ObjectInputFilter.Status.UNDECIDED;
    if (c.isArray()) {
      long len = info.arrayLength();
      Class<?> comp = c.getComponentType();
      long element = !comp.isPrimitive() ? 4 : comp == long.class || comp == double.class ? 8
          : comp == int.class || comp == float.class ? 4 : comp == short.class || comp == char.class ? 2 : 1;
      if (len > MAX_ARRAY) throw refuse(Status.RESOURCE_EXHAUSTED, "array " + c.getTypeName() + " of length " + len
          + " exceeds gridrmi.serial.maxArray=" + MAX_ARRAY);
      if (len * element > MAX_BYTES) throw refuse(Status.RESOURCE_EXHAUSTED, "array " + c.getTypeName()
          + " of length " + len + " needs " + len * element + " bytes, over gridrmi.serial.maxBytes=" + MAX_BYTES);
      while (comp.isArray()) comp = comp.getComponentType();
      if (comp.isPrimitive()) return ObjectInputFilter.Status.ALLOWED;
      c = comp;
    }
    if (KnownGadgets.contains(c.getName())) {
      throw refuse(Status.PERMISSION_DENIED, "class " + c.getName() + " is refused for safety: it is a known "
          + "deserialization gadget (JDK and ysoserial lists), which GridRMI never deserializes, whatever is allowed; "
          + "send the data in a plain value type instead (a List, an array, a record of your own)");
    }
    if (allowed(c)) return ObjectInputFilter.Status.ALLOWED;
    if (org.gridrmi.ref.Task.class.isAssignableFrom(c)) {
      throw refuse(Status.PERMISSION_DENIED, "task class " + c.getName() + " is not allowed on this server: start "
          + "it with --allow-task " + c.getName() + " (or --allow-task " + c.getPackageName() + ".*); task code is "
          + "never uploaded by clients, the class must be on the server's class path");
    }
    throw refuse(Status.PERMISSION_DENIED, "class " + c.getName() + " is not allowed in GridRMI streams (only JDK "
        + "value types, org.gridrmi.*, classes of exported service signatures and operator-allowed classes are); "
        + "to allow it start the server with --allow " + c.getName() + " or -D" + ALLOW_PROPERTY + "=" + c.getName());
  }

  private static GridException refuse(Status s, String message) {
    long n = REFUSED.incrementAndGet();
    if (n <= 20 || n % 500 == 0) System.err.println("GridRMI refused a stream (" + n + " so far): " + message);
    return new GridException(s, message);
  }

  /** The filter's refusal behind an exception (the JDK wraps it in an InvalidClassException), or null. */
  public static GridException refusal(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof GridException g && (g.status() == Status.PERMISSION_DENIED
          || g.status() == Status.RESOURCE_EXHAUSTED)) {
        return g;
      }
    }
    return null;
  }

  /** Limits for the RMI registry on a node's port (its own JDK filter allows only registry types). */
  static void limitRegistry() {
    if (System.getProperty("sun.rmi.registry.registryFilter") == null) {
      System.setProperty("sun.rmi.registry.registryFilter", "maxdepth=20;maxrefs=10000;maxarray=10000;maxbytes=100000");
    }
  }
}
