package org.gridrmi.runtime.serial;

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
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.RefContexts;

/**
 * What one Grid or server deserializes (JEP 290): an allowlist, never a denylist, and limits. Allowed are JDK value
 * types, GridRMI's own types ({@code org.gridrmi.**}), the classes in the signatures of the services the instance
 * exports or calls, and what its operator allows ({@code allow("a.B")}, {@code "c.d.*"}, {@code "e.**"}); known
 * deserialization gadgets never are (see {@link SerialFilters}). A refusal is a {@link GridException}
 * (PERMISSION_DENIED naming the class, RESOURCE_EXHAUSTED naming the limit) that the JDK wraps in an
 * {@code InvalidClassException}; {@link SerialFilters#refusal} finds it again. Nothing is loaded or initialized to
 * decide.
 *
 * <p>The policy of the code running on a thread (a call a server runs, a value a Grid decodes) is
 * {@link #current()}: values decoded without an explicit policy use it.
 */
public final class SerialPolicy {
  /**
   * @param maxArray elements in one array
   * @param maxDepth nesting of an object graph
   * @param maxRefs objects in one stream
   * @param maxBytes bytes of one stream, and bytes one array may take
   * @param maxCallArrayBytes bytes one array may take in a stream GridRMI cannot read ahead: the arguments of an RMI
   *     call and the answers RMI reads with the JVM-wide filter, whose arrays the JDK allocates from their header
   *     before their data arrives (so this is what one stalled call can cost). Streams GridRMI opens itself (values,
   *     batches' by-value arguments, data connections, spill files) grow an array as its bytes arrive instead and are
   *     bounded by {@code maxBytes} only
   */
  public record Limits(
      long maxArray, long maxDepth, long maxRefs, long maxBytes, long maxCallArrayBytes) {
    /** The default cap of one array in an RMI call's stream: 16 MiB (2M doubles). */
    public static final long CALL_ARRAY_BYTES = 16L << 20;

    public static final Limits DEFAULT = new Limits(
        300_000_000L, 64, 2_000_000L, Math.min(1L << 30, Runtime.getRuntime().maxMemory() / 2));

    public Limits {
      if (maxArray < 1 || maxDepth < 1 || maxRefs < 1 || maxBytes < 1 || maxCallArrayBytes < 1) {
        throw new GridException(
            Status.INVALID_ARGUMENT, "serialization limits must be positive: " + this);
      }
    }

    /** As above, with {@code maxCallArrayBytes} the smaller of {@link #CALL_ARRAY_BYTES} and {@code maxBytes}. */
    public Limits(long maxArray, long maxDepth, long maxRefs, long maxBytes) {
      this(maxArray, maxDepth, maxRefs, maxBytes, Math.min(CALL_ARRAY_BYTES, maxBytes));
    }
  }

  private static final ThreadLocal<SerialPolicy> CURRENT = new ThreadLocal<>();
  private static final SerialPolicy DEFAULT = new SerialPolicy(Limits.DEFAULT, List.of());
  private final Limits limits;
  private final List<String> patterns =
      new CopyOnWriteArrayList<>(List.of("org.gridrmi.**", "java.time.**"));
  private final Set<String> signatures = ConcurrentHashMap.newKeySet();
  private final ObjectInputFilter filter = this::check;

  /**
   * Which side reads with a policy, so that a refusal says how that side allows a class (a client is not told to
   * restart a server).
   */
  public enum Side {
    CLIENT("this client refused it; to allow it build the Grid with Grid.builder().allow(\"%s\")"),
    SERVER("this server refused it; to allow it start the server with --allow %s"
        + " (GridServer.builder().allow(\"%s\"))"),
    /** A reader of no one side (a lookup service, the JVM-wide filter of a JVM with both or none). */
    ANY("to allow it, allow it where it was read: a server with --allow %s"
        + " (GridServer.builder().allow(...)), a client with Grid.builder().allow(\"%s\")");

    private final String advice;

    Side(String advice) {
      this.advice = advice;
    }

    /** How this side allows {@code className}. */
    public String howToAllow(String className) {
      return advice.replace("%s", className);
    }
  }

  private final Side side;

  /** A policy of no one side ({@link Side#ANY}). */
  public SerialPolicy(Limits limits, Collection<String> allow) {
    this(limits, allow, Side.ANY);
  }

  public SerialPolicy(Limits limits, Collection<String> allow, Side side) {
    this.limits = limits;
    this.side = java.util.Objects.requireNonNull(side, "side");
    allow.forEach(this::allow);
  }

  /** The side that reads with it, for the advice of its refusals. */
  public Side side() {
    return side;
  }

  /** The policy of the code running on this thread, else one with the defaults and no operator additions. */
  public static SerialPolicy current() {
    SerialPolicy p = CURRENT.get();
    return p == null ? DEFAULT : p;
  }

  /** Runs {@code body} with {@code policy} as this thread's current one. */
  public static <T> T using(SerialPolicy policy, Supplier<T> body) {
    SerialPolicy outer = CURRENT.get();
    CURRENT.set(policy);
    try {
      return body.get();
    } finally {
      if (outer == null) CURRENT.remove();
      else CURRENT.set(outer);
    }
  }

  /** Runs {@code body} with no current policy (see {@link RefContexts#outside}). */
  public static <T> T outside(Supplier<T> body) {
    SerialPolicy outer = CURRENT.get();
    CURRENT.remove();
    try {
      return body.get();
    } finally {
      if (outer != null) CURRENT.set(outer);
    }
  }

  public Limits limits() {
    return limits;
  }

  /**
   * The filter to set on a stream this instance reads that GridRMI cannot read ahead (an RMI export's calls): each
   * array is capped at {@link Limits#maxCallArrayBytes()}. Streams opened by {@link #open} grow arrays as their bytes
   * arrive instead.
   */
  public ObjectInputFilter filter() {
    return filter;
  }

  /**
   * An ObjectInputStream over {@code bytes} with this policy's filter. Classes GridRMI's own loader lacks are looked
   * for in the reading thread's context class loader: a server's users' jars (--classpath).
   */
  public ObjectInputStream open(byte[] bytes) throws IOException {
    return open(new ByteArrayInputStream(bytes));
  }

  /** As {@link #open(byte[])}, over {@code source} (a spill file). */
  public ObjectInputStream open(java.io.InputStream source) throws IOException {
    return new FilteredStream(source, this);
  }

  /**
   * A stream of this policy: its filter set, and classes GridRMI's own loader lacks looked for in the reading
   * thread's context class loader. Open for streams that carry more (see {@code ValueReader}).
   */
  public static class FilteredStream extends ObjectInputStream {
    protected FilteredStream(java.io.InputStream in, SerialPolicy policy) throws IOException {
      this(new ArrivedBytes(in), policy);
    }

    private FilteredStream(ArrivedBytes in, SerialPolicy policy) throws IOException {
      super(in);
      // an array is allocated once its bytes arrived: this stream's source is GridRMI's to read
      // ahead
      setObjectInputFilter(info -> SerialFilters.check(
          info,
          policy.limits,
          policy::allowed,
          c -> false,
          (array, length, heapBytes, wireBytes) -> in.admit(array, length, wireBytes),
          policy.side));
    }

    @Override
    protected Class<?> resolveClass(java.io.ObjectStreamClass desc)
        throws IOException, ClassNotFoundException {
      try {
        return super.resolveClass(desc);
      } catch (ClassNotFoundException e) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context == null) throw e;
        return Class.forName(desc.getName(), false, context);
      }
    }
  }

  /**
   * Adds operator patterns, comma separated: a class name, {@code pkg.*} (that package) or {@code pkg.**} (and its
   * subpackages).
   */
  public void allow(String patternList) {
    for (String p : patternList.split(",")) {
      String t = p.trim();
      if (!t.isEmpty() && !patterns.contains(t)) patterns.add(t);
    }
  }

  /** Allows the classes a service declares: parameter, return and field types, recursively. */
  public void allowSignaturesOf(Class<?> service) {
    for (Method m : service.getMethods()) {
      addType(m.getGenericReturnType(), 0);
      for (Type t : m.getGenericParameterTypes()) addType(t, 0);
    }
  }

  private void addType(Type t, int depth) {
    if (depth > 8) return;
    if (t instanceof ParameterizedType p) {
      addType(p.getRawType(), depth);
      for (Type a : p.getActualTypeArguments()) addType(a, depth + 1);
    } else if (t instanceof GenericArrayType g) {
      addType(g.getGenericComponentType(), depth);
    } else if (t instanceof Class<?> c) {
      while (c.isArray()) c = c.getComponentType();
      if (c.isPrimitive()
          || c.isInterface()
          || c.getName().startsWith("java.")
          || !signatures.add(c.getName())) return;
      for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
        if (k != c) signatures.add(k.getName());
        for (Field f : k.getDeclaredFields()) {
          int mod = f.getModifiers();
          if (!Modifier.isStatic(mod) && !Modifier.isTransient(mod))
            addType(f.getGenericType(), depth + 1);
        }
      }
    }
  }

  /** Whether a class may appear in this instance's streams (by name and kind; the class is already resolved). */
  public boolean allowed(Class<?> c) {
    if (SerialFilters.jdkValueType(c) || signatures.contains(c.getName())) return true;
    return SerialFilters.matchesAny(patterns, c);
  }

  private ObjectInputFilter.Status check(ObjectInputFilter.FilterInfo info) {
    return SerialFilters.check(
        info, limits, this::allowed, c -> false, SerialFilters.callCap(limits), side);
  }

  @Override
  public String toString() {
    return "SerialPolicy" + patterns + " + " + signatures.size() + " signature classes, " + limits;
  }
}
