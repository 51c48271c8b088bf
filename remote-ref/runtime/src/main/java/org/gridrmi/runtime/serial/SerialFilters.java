package org.gridrmi.runtime.serial;

import java.io.ObjectInputFilter;
import java.util.List;
import java.util.Set;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * The parts of GridRMI's deserialization filtering that do not depend on an instance ({@link SerialPolicy} holds
 * those that do): which JDK types are values, the known gadgets, the check every policy runs with its limits and
 * allowlist, how a refusal is reported and found again, and the limits of the RMI registry on a node's port (a JDK
 * system property: the one place the JDK offers no per-instance setting).
 */
public final class SerialFilters {
  private static final Set<String> JDK = Set.of(
      "java.lang.String",
      "java.lang.Boolean",
      "java.lang.Byte",
      "java.lang.Character",
      "java.lang.Short",
      "java.lang.Integer",
      "java.lang.Long",
      "java.lang.Float",
      "java.lang.Double",
      "java.lang.Number",
      "java.lang.Enum",
      "java.lang.StackTraceElement",
      "java.lang.Object",
      "java.math.BigInteger",
      "java.math.BigDecimal",
      "java.util.UUID",
      "java.util.ArrayList",
      "java.util.LinkedList",
      "java.util.HashMap",
      "java.util.LinkedHashMap",
      "java.util.TreeMap",
      "java.util.HashSet",
      "java.util.LinkedHashSet",
      "java.util.TreeSet",
      "java.util.ArrayDeque",
      "java.util.Map$Entry",
      "java.util.EnumMap",
      "java.util.Vector",
      "java.util.CollSer",
      "java.util.Arrays$ArrayList",
      "java.util.concurrent.ConcurrentHashMap",
      "java.util.concurrent.ConcurrentHashMap$Segment",
      "java.util.concurrent.CopyOnWriteArrayList",
      "java.util.concurrent.locks.ReentrantLock",
      "java.util.concurrent.locks.ReentrantLock$Sync",
      "java.util.concurrent.locks.ReentrantLock$NonfairSync",
      "java.util.concurrent.locks.AbstractQueuedSynchronizer",
      "java.util.concurrent.locks.AbstractOwnableSynchronizer");
  /** Packages whose exceptions may travel as causes (a Throwable subclass only). */
  private static final Set<String> EXCEPTION_PACKAGES = Set.of(
      "java.lang",
      "java.io",
      "java.util",
      "java.util.concurrent",
      "java.rmi",
      "java.net",
      "java.time",
      "java.lang.reflect",
      "java.nio",
      "java.nio.file",
      "java.util.zip",
      "java.time.format");

  private static final RefusalLog REFUSED = new RefusalLog(SerialFilters.class.getName(), 20, 500);

  private SerialFilters() {}

  /** How many refusals this JVM made (tests, logs). */
  public static long refusals() {
    return REFUSED.count();
  }

  /** JDK value types every policy allows. */
  static boolean jdkValueType(Class<?> c) {
    String n = c.getName();
    if (JDK.contains(n)) return true;
    if (n.startsWith("java.util.Collections$") || n.startsWith("java.util.ImmutableCollections$"))
      return true;
    return Throwable.class.isAssignableFrom(c) && EXCEPTION_PACKAGES.contains(c.getPackageName());
  }

  /** Whether {@code c} matches one of the patterns: a class name, {@code pkg.*} or {@code pkg.**}. */
  static boolean matchesAny(List<String> patterns, Class<?> c) {
    String n = c.getName();
    for (String p : patterns) {
      if (p.endsWith(".**")
          ? n.startsWith(p.substring(0, p.length() - 2))
          : p.endsWith(".*")
              ? c.getPackageName().equals(p.substring(0, p.length() - 2))
              : n.equals(p)) {
        return true;
      }
    }
    return false;
  }

  /**
   * What a stream does with an array's size before the JDK allocates the array: refuse it, or make sure its bytes
   * arrived.
   */
  @FunctionalInterface
  interface ArrayGate {
    /**
     * @param heapBytes what the array takes in memory
     * @param wireBytes the least it takes on the wire (one byte per element of an object array)
     */
    void admit(Class<?> array, long length, long heapBytes, long wireBytes);
  }

  /** The gate of a stream GridRMI cannot read ahead (RMI's own): each array at most {@code maxCallArrayBytes}. */
  static ArrayGate callCap(SerialPolicy.Limits limits) {
    return (array, length, heapBytes, wireBytes) -> {
      if (heapBytes > limits.maxCallArrayBytes())
        throw refuse(
            Status.RESOURCE_EXHAUSTED,
            "array " + array.getTypeName() + " of length " + length + " needs " + heapBytes
                + " bytes, over the limit maxCallArrayBytes=" + limits.maxCallArrayBytes()
                + " of an RMI call's stream (allocated before its data arrives); pass a large value as a "
                + "reference (grid.put) or a by-value argument of an async call, or raise serialLimits(...)");
    };
  }

  /** The check of every GridRMI policy: limits first, then known gadgets, then the allowlist. */
  static ObjectInputFilter.Status check(
      ObjectInputFilter.FilterInfo info,
      SerialPolicy.Limits limits,
      java.util.function.Predicate<Class<?>> allowed,
      ArrayGate arrays) {
    return check(info, limits, allowed, c -> false, arrays, SerialPolicy.Side.ANY);
  }

  /**
   * As above, with {@code plumbing}: classes a stream's kind needs (RMI stubs in registry replies) that are never
   * refused as gadgets there; and the {@code side} that reads, whose way to allow a class a refusal names.
   */
  static ObjectInputFilter.Status check(
      ObjectInputFilter.FilterInfo info,
      SerialPolicy.Limits limits,
      java.util.function.Predicate<Class<?>> allowed,
      java.util.function.Predicate<Class<?>> plumbing,
      ArrayGate arrays,
      SerialPolicy.Side side) {
    if (info.depth() > limits.maxDepth())
      throw refuse(
          Status.RESOURCE_EXHAUSTED,
          "object graph depth " + info.depth() + " exceeds the limit maxDepth="
              + limits.maxDepth());
    if (info.references() > limits.maxRefs())
      throw refuse(
          Status.RESOURCE_EXHAUSTED,
          "object references " + info.references() + " exceed the limit maxRefs="
              + limits.maxRefs());
    if (info.streamBytes() > limits.maxBytes())
      throw refuse(
          Status.RESOURCE_EXHAUSTED,
          "stream of " + info.streamBytes() + " bytes exceeds the limit maxBytes="
              + limits.maxBytes());
    Class<?> c = info.serialClass();
    if (c == null) return ObjectInputFilter.Status.UNDECIDED;
    if (c.isArray()) {
      long len = info.arrayLength();
      Class<?> comp = c.getComponentType();
      long element = !comp.isPrimitive()
          ? 4
          : comp == long.class || comp == double.class
              ? 8
              : comp == int.class || comp == float.class
                  ? 4
                  : comp == short.class || comp == char.class ? 2 : 1;
      if (len > limits.maxArray())
        throw refuse(
            Status.RESOURCE_EXHAUSTED,
            "array " + c.getTypeName() + " of length " + len + " exceeds the limit maxArray="
                + limits.maxArray());
      if (len * element > limits.maxBytes())
        throw refuse(
            Status.RESOURCE_EXHAUSTED,
            "array " + c.getTypeName() + " of length " + len + " needs " + len * element
                + " bytes, over the limit maxBytes=" + limits.maxBytes());
      arrays.admit(c, len, len * element, len * (comp.isPrimitive() ? element : 1));
      while (comp.isArray()) comp = comp.getComponentType();
      if (comp.isPrimitive()) return ObjectInputFilter.Status.ALLOWED;
      c = comp;
    }
    if (KnownGadgets.contains(c.getName()) && !plumbing.test(c)) {
      throw refuse(
          Status.PERMISSION_DENIED,
          "class " + c.getName() + " is refused for safety: it is a known "
              + "deserialization gadget (JDK and ysoserial lists), which GridRMI never deserializes, whatever is allowed; "
              + "send the data in a plain value type instead (a List, an array, a record of your own)");
    }
    if (allowed.test(c)) return ObjectInputFilter.Status.ALLOWED;
    // A @GridService interface has no instances of its own: it arrives as an interface of a proxy a
    // server registers
    // with the lookup service (what the proxy does is its handler's, which is checked too) or as a
    // Class
    if (c.isInterface() && c.isAnnotationPresent(org.gridrmi.ref.GridService.class)) {
      return ObjectInputFilter.Status.ALLOWED;
    }
    if (org.gridrmi.ref.Task.class.isAssignableFrom(c) && side != SerialPolicy.Side.CLIENT) {
      throw refuse(
          Status.PERMISSION_DENIED,
          "task class " + c.getName() + " is not allowed on this server: start "
              + "it with --allow-task " + c.getName() + " (or --allow-task " + c.getPackageName()
              + ".*); task code is "
              + "never uploaded by clients, the class must be on the server's class path");
    }
    throw refuse(
        Status.PERMISSION_DENIED,
        "class " + c.getName() + " is not allowed in GridRMI streams (only JDK "
            + "value types, org.gridrmi.*, classes of the services' signatures and operator-allowed classes are); "
            + side.howToAllow(c.getName()));
  }

  static GridException refuse(Status s, String message) {
    REFUSED.refused("GridRMI refused a stream: " + message);
    return new GridException(s, message);
  }

  /** The filter's refusal behind an exception (the JDK wraps it in an InvalidClassException), or null. */
  public static GridException refusal(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof GridException g
          && (g.status() == Status.PERMISSION_DENIED || g.status() == Status.RESOURCE_EXHAUSTED)) {
        return g;
      }
    }
    return null;
  }

  /**
   * The end of a live stream met while an array's bytes were read ahead (the JDK wraps it in an
   * {@code InvalidClassException}), or null: a connection that closed inside a value is an EOF, not a refusal.
   */
  public static java.io.EOFException endOfStream(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof java.io.EOFException eof) return eof;
    }
    return null;
  }

  /**
   * Limits for the RMI registry on a node's port. The registry reads them from a JDK system property once per JVM,
   * so this is set (unless the user set it) before the first registry is made.
   */
  public static void limitRegistry() {
    if (System.getProperty("sun.rmi.registry.registryFilter") == null) {
      System.setProperty(
          "sun.rmi.registry.registryFilter",
          "maxdepth=20;maxrefs=10000;maxarray=10000;maxbytes=100000");
    }
  }
}
