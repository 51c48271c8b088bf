package org.gridrmi.runtime.serial;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.WeakHashMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.fory.Fory;
import org.apache.fory.config.Language;
import org.apache.fory.exception.InsecureException;
import org.apache.fory.logging.LoggerFactory;
import org.apache.fory.memory.MemoryBuffer;
import org.apache.fory.serializer.Serializer;
import org.apache.fory.serializer.collection.CollectionSerializer;
import org.apache.fory.serializer.collection.MapSerializer;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.spi.ValueCodec;
import org.gridrmi.ref.spi.ValueInput;
import org.gridrmi.ref.spi.ValueOutput;

/**
 * The fast path for users' value types (records, POJOs, the JDK collections and maps holding them): Apache Fory
 * with class registration required, so that only classes the reading node allows are ever made.
 *
 * <p>How the allowlist keeps its meaning: each thread has one Fory per {@link SerialPolicy}, and a class is
 * registered with it (under the name {@code gridrmi.<class name>}) only once that policy allows it. A writer
 * registers a class its Fory refuses (unless it is GridRMI's own or a known gadget), and sends the names it has registered before
 * the Fory bytes; the reader resolves each name without initializing the class, and registers it only if its policy
 * allows it and it is no known gadget. A class the reader did not register is refused by Fory by name before it is
 * made, and the refusal is a PERMISSION_DENIED naming the class. GridRMI's own classes (references inside a value)
 * are never registered: a value holding one goes by Java serialization, which pins them.
 *
 * <p>A value the fast path cannot take (one holding GridRMI's own classes or a known gadget, a cycle, a class Fory
 * cannot write)
 * falls back to Java serialization: {@link #encode} returns null. Lengths inside the Fory bytes (collections, maps,
 * arrays) are checked against the bytes left before anything is allocated: a lying length costs nothing.
 */
// not final: its one subclass is Encoded, a value already encoded (the constructor is private)
public class FastCodec implements ValueCodec<Object> {
  /** The id in the stream. */
  public static final String ID = "fory";

  /** The reader, found by its id. */
  static final FastCodec READER = new FastCodec();

  private static final String NAMESPACE = "gridrmi";
  private static final int MAX_NAMES = 4096;
  private static final Pattern UNREGISTERED = Pattern.compile("class (\\S+) is not registered");
  private static final Pattern NOT_FOUND =
      Pattern.compile("ClassNotFoundException: " + NAMESPACE + "\\.(\\S+)");

  /** The JDK containers the fast path takes at the top of a value (their elements decide the rest). */
  private static final Set<Class<?>> CONTAINERS = Set.of(
      ArrayList.class,
      LinkedList.class,
      ArrayDeque.class,
      HashMap.class,
      LinkedHashMap.class,
      TreeMap.class,
      HashSet.class,
      LinkedHashSet.class,
      TreeSet.class);
  // LinkedList, TreeMap and TreeSet are not sized by their count: a lying one costs only what
  // arrives

  /**
   * JDK types Fory makes without a registration that the fast codec neither writes nor makes: the known gadgets
   * ({@link KnownGadgets}), and the containers Fory sizes by a count before their elements arrive, which are not
   * guarded here (a value holding one goes by Java serialization instead, whose limits hold).
   */
  private static final List<String> REFUSED = List.of(
      "java.util.PriorityQueue",
      "java.util.concurrent.PriorityBlockingQueue",
      "java.util.Vector",
      "java.util.Stack",
      "java.util.concurrent.ConcurrentHashMap",
      "java.util.concurrent.CopyOnWriteArrayList",
      "java.util.concurrent.CopyOnWriteArraySet",
      "java.util.concurrent.ArrayBlockingQueue",
      "java.util.concurrent.LinkedBlockingQueue",
      "java.util.BitSet",
      "java.util.ArrayList$SubList",
      "java.util.Arrays$ArrayList",
      "java.util.ImmutableCollections$ListN",
      "java.util.ImmutableCollections$List12",
      "java.util.ImmutableCollections$SetN",
      "java.util.ImmutableCollections$Set12",
      "java.util.ImmutableCollections$MapN",
      "java.util.ImmutableCollections$Map1",
      "java.util.Collections$UnmodifiableCollection",
      "java.util.Collections$UnmodifiableList",
      "java.util.Collections$UnmodifiableRandomAccessList",
      "java.util.Collections$UnmodifiableSet",
      "java.util.Collections$UnmodifiableMap",
      "java.util.Collections$SynchronizedCollection",
      "java.util.Collections$SynchronizedList",
      "java.util.Collections$SynchronizedRandomAccessList",
      "java.util.Collections$SynchronizedSet",
      "java.util.Collections$SynchronizedMap");

  /** Arrays whose first varint is a count the guard checks against the bytes left. */
  private static final List<Class<?>> COUNTED = List.of(
      Object[].class,
      String[].class,
      byte[].class,
      boolean[].class,
      char[].class,
      short[].class,
      int[].class,
      long[].class,
      float[].class,
      double[].class);

  /**
   * Idle instances per policy. An instance is used by one thread at a time (borrowed, then given back), so that its
   * registrations never race its use; pooled rather than one per thread, because the threads that serve data
   * connections come and go, and a new instance costs milliseconds (and Fory's code generation at first use).
   */
  private static final Map<SerialPolicy, BlockingQueue<Instance>> IDLE =
      java.util.Collections.synchronizedMap(new WeakHashMap<>());

  /**
   * Idle instances kept per policy, and idle buffers in all; more are made when more threads encode at once, and
   * dropped after.
   */
  private static final int KEPT = 8;

  /**
   * The largest buffer kept for the next value (bytes): a value up to this size is encoded, or read, into a buffer
   * of the last values' without a new one; a larger one's buffer is dropped once it is written or decoded, so idle
   * buffers take at most {@link #KEPT} times this in all.
   */
  static final int KEPT_BUFFER_BYTES = 4 << 20;

  /**
   * Idle buffers for values' bytes, shared by every policy (bytes are no policy's): a value is encoded into one
   * before it is written, and its bytes are read into one before they are decoded. Reused rather than made per
   * value, because a buffer of a value over a megabyte is a humongous allocation for G1 (a region or more, which
   * may start a collection at once): a server that made two per value it moved spent more in pauses than in its
   * codec. Not an instance's own: a thread that writes a value to a slow peer, or waits for a value's bytes, holds
   * a buffer, not a Fory instance.
   */
  private static final IdleBuffers BUFFERS = new IdleBuffers(KEPT);

  static {
    LoggerFactory
        .disableLogging(); // Fory's INFO lines (each instance, each generated class) are noise here
  }

  private FastCodec() {}

  /** A Fory for one policy, and the user classes registered with it (in order); one thread's at a time. */
  private static final class Instance {
    final Fory fory;
    final Set<String> registered = new LinkedHashSet<>();
    final BlockingQueue<Instance> home;

    Instance(SerialPolicy policy, BlockingQueue<Instance> home) {
      this.home = home;
      fory = Fory.builder()
          .withLanguage(Language.JAVA)
          .requireClassRegistration(true)
          .withRefTracking(false)
          .withMaxDepth((int) Math.min(Integer.MAX_VALUE, policy.limits().maxDepth()))
          .withClassLoader(FastCodec.class.getClassLoader())
          .build();
      for (Class<?> c : COUNTED) guard(fory, c);
      fory.registerSerializer(
          ArrayList.class, new GuardedCollection<>(fory, ArrayList.class, ArrayList::new));
      fory.registerSerializer(
          HashSet.class,
          new GuardedCollection<>(fory, HashSet.class, n -> new HashSet<>(capacityFor(n))));
      fory.registerSerializer(
          LinkedHashSet.class,
          new GuardedCollection<>(
              fory, LinkedHashSet.class, n -> new LinkedHashSet<>(capacityFor(n))));
      fory.registerSerializer(
          ArrayDeque.class, new GuardedCollection<>(fory, ArrayDeque.class, ArrayDeque::new));
      fory.registerSerializer(
          HashMap.class, new GuardedMap<>(fory, HashMap.class, n -> new HashMap<>(capacityFor(n))));
      for (String name : REFUSED) refuse(fory, name);
      fory.registerSerializer(
          LinkedHashMap.class,
          new GuardedMap<>(fory, LinkedHashMap.class, n -> new LinkedHashMap<>(capacityFor(n))));
    }

    /** Registers a serializer that neither writes nor makes the JDK class {@code name}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void refuse(Fory fory, String name) {
      Class c;
      try {
        c = Class.forName(name, false, null); // the JDK's own
      } catch (ClassNotFoundException e) {
        return; // not in this JDK
      }
      if (java.util.Collection.class.isAssignableFrom(c))
        fory.registerSerializer(c, new RefusedCollection<>(fory, c));
      else if (Map.class.isAssignableFrom(c)) fory.registerSerializer(c, new RefusedMap<>(fory, c));
      else fory.registerSerializer(c, new RefusedOther<>(fory, c));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void guard(Fory fory, Class<?> c) {
      Serializer inner = fory.getClassResolver().getSerializer(c);
      fory.registerSerializer(c, new CountGuard(fory, c, inner));
    }

    void register(Class<?> c) {
      if (registered.add(c.getName())) fory.register(c, NAMESPACE, c.getName());
    }
  }

  /** An idle instance for this thread's policy, or a new one; give it back with {@link #giveBack}. */
  private static Instance borrow() {
    SerialPolicy policy = SerialPolicy.current();
    BlockingQueue<Instance> idle =
        IDLE.computeIfAbsent(policy, p -> new ArrayBlockingQueue<>(KEPT));
    Instance i = idle.poll();
    return i != null ? i : new Instance(policy, idle);
  }

  /** The length of the largest idle buffer (0 if none is idle). */
  static int largestIdleBuffer() {
    return BUFFERS.largest();
  }

  /** Drops every idle buffer (the tests' way to start as a fresh JVM does). */
  static void dropIdleBuffers() {
    BUFFERS.clear();
  }

  /** An idle buffer for about {@code bytes} bytes, else a new one of up to the first chunk of a read. */
  private static byte[] takeBuffer(int bytes) {
    byte[] b = BUFFERS.take(bytes);
    return b != null ? b : new byte[Math.min(Math.max(bytes, 1), BoundedReads.FIRST_CHUNK)];
  }

  private static void giveBack(byte[] buffer) {
    if (buffer.length <= KEPT_BUFFER_BYTES) BUFFERS.give(buffer);
  }

  /**
   * At most {@code kept} idle buffers. A value takes the smallest that holds it (else the largest), so that small
   * values leave the large buffers to large ones; when all places are taken, a buffer given back replaces a smaller
   * one, so that the buffers kept are those the largest values grew.
   */
  private static final class IdleBuffers {
    private final byte[][] idle;

    IdleBuffers(int kept) {
      idle = new byte[kept][];
    }

    synchronized byte[] take(int bytes) {
      int best = -1;
      for (int i = 0; i < idle.length; i++) {
        if (idle[i] == null) continue;
        if (best < 0) best = i;
        else {
          boolean fits = idle[i].length >= bytes, bestFits = idle[best].length >= bytes;
          if (fits && (!bestFits || idle[i].length < idle[best].length)
              || !fits && !bestFits && idle[i].length > idle[best].length) best = i;
        }
      }
      if (best < 0) return null;
      byte[] b = idle[best];
      idle[best] = null;
      return b;
    }

    synchronized void give(byte[] buffer) {
      int smallest = -1;
      for (int i = 0; i < idle.length; i++) {
        if (idle[i] == null) {
          idle[i] = buffer;
          return;
        }
        if (smallest < 0 || idle[i].length < idle[smallest].length) smallest = i;
      }
      if (idle[smallest].length < buffer.length) idle[smallest] = buffer;
    }

    synchronized void clear() {
      java.util.Arrays.fill(idle, null);
    }

    synchronized int largest() {
      int max = 0;
      for (byte[] b : idle) if (b != null) max = Math.max(max, b.length);
      return max;
    }
  }

  private static void giveBack(Instance i) {
    i.home.offer(i); // dropped if KEPT are idle already
  }

  /**
   * Whether the fast path tries values of this class: a JDK container, or a class of the user's (not the JDK's,
   * not GridRMI's).
   */
  static boolean tries(Class<?> c) {
    if (CONTAINERS.contains(c)) return true;
    if (c.isArray() || c.isPrimitive() || c.isInterface() || c.isAnonymousClass()) return false;
    return !ownedByPlatform(c.getName());
  }

  private static boolean ownedByPlatform(String n) {
    return n.startsWith("java.")
        || n.startsWith("javax.")
        || n.startsWith("jdk.")
        || n.startsWith("sun.")
        || n.startsWith("com.sun.")
        || GRIDRMI_OWN.matcher(n).lookingAt();
  }

  /**
   * GridRMI's own packages (references, handles, the runtime's wire types): values holding them go by Java
   * serialization, which pins the references they carry. Examples and benchmarks are users' code.
   */
  private static final Pattern GRIDRMI_OWN = Pattern.compile(
      "org\\.gridrmi\\.(ref|runtime|client|server|cli|lookup|perf|processor|jama|testing)\\.");

  /** Whether this node's policy lets the fast path make instances of {@code c}. */
  private static boolean registrable(Class<?> c, SerialPolicy policy) {
    return !ownedByPlatform(c.getName())
        && !KnownGadgets.contains(c.getName())
        && policy.allowed(c);
  }

  /**
   * {@code value} encoded by the fast path, as a codec that writes exactly those bytes; null if the fast path does
   * not take it (Java serialization then writes it).
   */
  static ValueCodec<Object> encode(Object value) {
    Encoding e = encodingOnce(value);
    return e == null ? null : new Encoded(e);
  }

  /**
   * The stream size of {@code value} by the fast path, or -1 if it does not take it: encoded into an idle buffer
   * and counted, nothing copied; the encoding is kept for a write that comes right after (see {@link #JUST_ENCODED}).
   */
  static long encodedSize(Object value) {
    Encoding e = encoding(value);
    if (e == null) return -1;
    long size = streamSize(e.names, e.length);
    if (e.buffer.getHeapMemory().length <= KEPT_BUFFER_BYTES) JUST_ENCODED.put(value, e);
    else e.close();
    return size;
  }

  /**
   * Writes {@code value} as a data connection sends it (this codec's id, then what {@link #write} writes) straight
   * from the buffer it was encoded into, if the fast path takes it; else writes nothing and returns false.
   */
  static boolean writeWithId(Object value, ValueOutput out) throws IOException {
    Encoding e = encodingOnce(value);
    if (e == null) return false;
    try {
      Codecs.countWritten(ID);
      out.writeUTF(ID);
      writeBody(e.names, e.buffer.getHeapMemory(), e.length, out);
      return true;
    } finally {
      e.close();
    }
  }

  /** The stream's form of a value after its id: the class names, then the Fory bytes. */
  private static void writeBody(List<String> names, byte[] bytes, int length, ValueOutput out)
      throws IOException {
    out.writeInt(names.size());
    for (String n : names) out.writeUTF(n);
    out.writeInt(length);
    out.write(bytes, 0, length);
  }

  /**
   * A value encoded into an idle buffer (its bytes from index 0 to {@code length}), with the class names its reader
   * registers; {@link #close} gives the buffer back.
   */
  private record Encoding(List<String> names, MemoryBuffer buffer, int length)
      implements AutoCloseable {
    /**
     * Gives back the buffer the value was encoded into (the one it grew into, if it grew). Fory grows a buffer to
     * twice the bytes it needs, so a value over half {@link #KEPT_BUFFER_BYTES} may have grown one past it: that
     * one is dropped and a buffer of exactly the bound given instead, which holds the next such value without
     * growing (dropped with nothing in its place, every value of 2-4 MB grew a new buffer from 64 KB, allocating
     * and copying twice its size: {@code bench values}' MediaContent list, 2.3 MB, wrote and read in 6.9 ms, and in
     * 3.6 ms with the buffer kept).
     */
    @Override
    public void close() {
      byte[] b = buffer.getHeapMemory();
      giveBack(
          b.length > KEPT_BUFFER_BYTES && length <= KEPT_BUFFER_BYTES
              ? new byte[KEPT_BUFFER_BYTES]
              : b);
    }
  }

  /** {@code value}'s encoding as it was just counted, else {@code value} encoded now; null if not taken. */
  private static Encoding encodingOnce(Object value) {
    Encoding counted = JUST_ENCODED.take(value);
    return counted != null ? counted : encoding(value);
  }

  /** {@code value} encoded by the fast path, or null if it does not take it. */
  private static Encoding encoding(Object value) {
    if (!tries(value.getClass())) return null;
    ENCODES.increment();
    // the size is known once encoded: the largest idle buffer, which the largest values grew
    MemoryBuffer buffer = MemoryBuffer.fromByteArray(takeBuffer(KEPT_BUFFER_BYTES));
    Instance in = borrow();
    try {
      for (int attempt = 0; attempt <= MAX_NAMES; attempt++) {
        try {
          buffer.writerIndex(0);
          in.fory.serialize(buffer, value);
          Encoding e = new Encoding(List.copyOf(in.registered), buffer, buffer.writerIndex());
          buffer = null; // the encoding's now
          return e;
        } catch (RuntimeException | StackOverflowError e) {
          Class<?> missing = unregistered(e);
          // the writer registers what it sends (as Java serialization writes any class): the
          // reader's policy decides what is made
          if (missing == null
              || ownedByPlatform(missing.getName())
              || KnownGadgets.contains(missing.getName())
              || in.registered.contains(missing.getName())) return null;
          in.register(missing);
        }
      }
      return null;
    } finally {
      giveBack(in); // before the bytes are written: a slow peer holds a buffer, not an instance
      if (buffer != null) giveBack(buffer.getHeapMemory());
    }
  }

  /** The bytes a fast-codec value takes in a stream: its class names, then its Fory bytes. */
  private static long streamSize(List<String> names, int foryBytes) {
    long s = 8L + foryBytes;
    for (String n : names) s += 2 + n.length(); // writeUTF: the names are ASCII
    return s;
  }

  /**
   * The stream size of {@code value} if this JVM's fast codec read it lately and nobody has asked since, else -1:
   * so that a node counts a value it received by the bytes it arrived as, rather than by encoding it once more.
   * Each size is taken once (a value counted again may have been changed since, and is encoded again).
   */
  static long takeSizeAsRead(Object value) {
    Long size = JUST_READ.take(value);
    return size == null ? -1 : size;
  }

  /** The sizes of the last values read. */
  private static final RecentValues<Long> JUST_READ = new RecentValues<>(16, size -> {});

  /**
   * The encodings of the last values counted ({@link #encodedSize}): a node counts a value as it stores it, and a
   * fetch that waited for it sends it right after, from the bytes counted rather than encoding it again (a value
   * does not change once made). Two, so that a node keeps at most two buffers out of the idle ones this way.
   */
  private static final RecentValues<Encoding> JUST_ENCODED = new RecentValues<>(2, Encoding::close);

  /** Values this JVM has encoded by the fast path (the tests' view of work done). */
  private static final java.util.concurrent.atomic.LongAdder ENCODES =
      new java.util.concurrent.atomic.LongAdder();

  static long encodes() {
    return ENCODES.sum();
  }

  /** The class a writing Fory refused as not registered, or null if it failed for another reason. */
  private static Class<?> unregistered(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof InsecureException && t.getMessage() != null) {
        Matcher m = UNREGISTERED.matcher(t.getMessage());
        if (!m.find()) return null;
        try {
          return Class.forName(m.group(1), false, loaderFor());
        } catch (ClassNotFoundException | LinkageError notHere) {
          return null;
        }
      }
    }
    return null;
  }

  private static ClassLoader loaderFor() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return context != null ? context : FastCodec.class.getClassLoader();
  }

  /**
   * A value already encoded, to be written later: writes its class names and bytes from the buffer it was encoded
   * into, then gives the buffer back; written again (a stream sent twice), it encodes the value again. Reads as the
   * fast codec does.
   */
  private static final class Encoded extends FastCodec {
    private final List<String> names;
    private final int length;
    /** Until the first write. */
    private Encoding encoding;

    Encoded(Encoding encoding) {
      this.names = encoding.names;
      this.length = encoding.length;
      this.encoding = encoding;
    }

    @Override
    public void write(Object value, ValueOutput out) throws IOException {
      Encoding e;
      synchronized (this) {
        e = encoding;
        encoding = null;
      }
      if (e == null) {
        super.write(value, out);
        return;
      }
      try {
        writeBody(e.names, e.buffer.getHeapMemory(), e.length, out);
      } finally {
        e.close();
      }
    }

    @Override
    public long size(Object value) {
      return streamSize(names, length);
    }
  }

  @Override
  public Class<Object> type() {
    return Object.class;
  }

  @Override
  public String id() {
    return ID;
  }

  /** Writes {@code value} by the fast path; fails if the fast path does not take it (see {@link #encode}). */
  @Override
  public void write(Object value, ValueOutput out) throws IOException {
    ValueCodec<Object> e = encode(value);
    if (e == null) {
      throw new java.io.NotSerializableException(value.getClass().getName()
          + " (the fast codec does not take it: Java serialization does)");
    }
    e.write(value, out);
  }

  /**
   * Reads a value: the writer's class names, each registered if this thread's policy allows it, then the Fory bytes.
   *
   * @throws IOException wrapping a GridException: PERMISSION_DENIED naming a class this node does not allow,
   *     RESOURCE_EXHAUSTED for a length over the limits or over the bytes that follow, INVALID_ARGUMENT for bytes
   *     that do not make a value here
   */
  @Override
  public Object read(ValueInput in) throws IOException {
    SerialPolicy policy = SerialPolicy.current();
    int count = in.readInt();
    if (count < 0 || count > MAX_NAMES) {
      throw BoundedReads.overLimit(
          "a fast-codec value names " + count + " classes: over the limit of " + MAX_NAMES);
    }
    List<String> names = new ArrayList<>(Math.min(count, 64));
    for (int i = 0; i < count; i++) names.add(in.readUTF());
    int n = BoundedReads.length(in, 1, policy.limits().maxBytes(), "a fast-codec value");
    byte[] bytes = arrived(in, n);
    try {
      Instance inst = borrow(); // once the bytes are here: a slow peer holds no instance
      try {
        registerAllowed(names, inst, policy);
        // a view of exactly the n bytes that arrived: Fory's bounds, and the counts checked against
        // the bytes left, end there, whatever the buffer held before
        Object value = inst.fory.deserialize(MemoryBuffer.fromByteArray(bytes, 0, n));
        if (value != null) JUST_READ.put(value, streamSize(names, n));
        return value;
      } catch (RuntimeException | StackOverflowError e) {
        throw refusal(e);
      } finally {
        giveBack(inst);
      }
    } finally {
      giveBack(bytes);
    }
  }

  /**
   * Exactly {@code n} bytes from {@code in}, at the start of an idle buffer (or a new one); a buffer too small for
   * them grows as they arrive, as {@link BoundedReads#bytes} does, so a length that lies costs what arrives. Give it
   * back once decoded.
   */
  private static byte[] arrived(ValueInput in, int n) throws IOException {
    byte[] b = takeBuffer(n);
    int filled = 0;
    while (filled < n) {
      if (filled == b.length) {
        byte[] larger = java.util.Arrays.copyOf(b, (int) Math.min(n, 2L * b.length));
        giveBack(b); // too small for this value: kept if a smaller one is idle
        b = larger;
      }
      int chunk = Math.min(b.length, n) - filled;
      try {
        in.readFully(b, filled, chunk);
      } catch (IOException | RuntimeException e) {
        giveBack(b);
        throw e;
      }
      filled += chunk;
    }
    return b;
  }

  /** Registers the classes of {@code names} that {@code policy} allows and this JVM has. */
  private static void registerAllowed(List<String> names, Instance inst, SerialPolicy policy) {
    for (String name : names) {
      if (inst.registered.contains(name) || KnownGadgets.contains(name)) continue;
      Class<?> c;
      try {
        c = Class.forName(name, false, loaderFor()); // not initialized: nothing of it runs
      } catch (ClassNotFoundException | LinkageError e) {
        continue; // not on this node's class path: the value fails below if it holds one
      }
      if (registrable(c, policy)) inst.register(c);
    }
  }

  private static IOException refusal(Throwable e) {
    String refused = null;
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof CountGuard.Overrun o) return BoundedReads.overLimit(o.getMessage());
      if (t instanceof Refused r) {
        String message = KnownGadgets.contains(r.getMessage())
            ? "class " + r.getMessage()
                + " is refused for safety: it is a known deserialization gadget, which"
                + " GridRMI never deserializes, whatever is allowed; send the data in a plain value type instead (a"
                + " List, an array, a record of your own)"
            : "class " + r.getMessage()
                + " is not taken by the fast codec (its writer sends such values by Java"
                + " serialization): these bytes did not come from a GridRMI node";
        InvalidObjectException x = new InvalidObjectException(message);
        x.initCause(new GridException(Status.PERMISSION_DENIED, message));
        return x;
      }
      String m = String.valueOf(t.getMessage());
      Matcher a = UNREGISTERED.matcher(m);
      Matcher b = NOT_FOUND.matcher(t.toString());
      if (a.find()) refused = a.group(1);
      else if (b.find()) refused = b.group(1);
      else if (t instanceof ClassNotFoundException && m.startsWith(NAMESPACE + "."))
        refused = m.substring(NAMESPACE.length() + 1);
    }
    if (refused != null) {
      String message = "class " + refused
          + " is not allowed in GridRMI streams on this node: the fast codec "
          + "registers only allowed classes; to allow it start the server with --allow " + refused
          + " (a Grid: Grid.builder().allow(...))";
      InvalidObjectException x = new InvalidObjectException(message);
      x.initCause(new GridException(Status.PERMISSION_DENIED, message));
      return x;
    }
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) root = root.getCause();
    String message = "a fast-codec (Fory) value could not be read here: " + root
        + " (truncated or corrupt bytes, or the writer's classes differ from this node's)";
    InvalidObjectException x = new InvalidObjectException(message);
    x.initCause(new GridException(Status.INVALID_ARGUMENT, message, e));
    return x;
  }

  /**
   * The initial capacity a {@code HashMap} or {@code HashSet} of {@code n} entries is made with: more than
   * {@code n / 0.75}, so that filling it never rehashes (sized at {@code n}, a map of 100,000 strings rehashed all
   * its entries once more at 98,305, a fifth of its read time).
   */
  static int capacityFor(int n) {
    return (int) Math.min(Integer.MAX_VALUE, (long) n * 4 / 3 + 1);
  }

  /** Throws if a count read from {@code buffer} is more than the bytes left (each element takes one at least). */
  private static int checkedCount(MemoryBuffer buffer, Class<?> type) {
    int count = buffer.readVarUint32Small7();
    if (Integer.toUnsignedLong(count) > buffer.remaining()) {
      throw new CountGuard.Overrun("a " + type.getTypeName() + " in a fast-codec value claims "
          + Integer.toUnsignedLong(count) + " elements (or bytes) with only " + buffer.remaining()
          + " bytes left");
    }
    return count;
  }

  /** Fory's collection serializer, with the count checked before the collection is sized. */
  private static final class GuardedCollection<T extends java.util.Collection>
      extends CollectionSerializer<T> {
    private final java.util.function.IntFunction<T> make;
    private final org.apache.fory.resolver.ClassInfoHolder elementClass;

    GuardedCollection(Fory fory, Class<T> type, java.util.function.IntFunction<T> make) {
      super(fory, type, true);
      this.make = make;
      this.elementClass = fory.getClassResolver().nilClassInfoHolder();
    }

    // the forms only in this serializer's own write and read, not in the hooks Fory's generated
    // code
    // uses (a collection in a record's field), which keep the count alone
    @Override
    public void write(MemoryBuffer buffer, T value) {
      java.util.Collection c = onCollectionWrite(buffer, value);
      ListRuns.write(fory, buffer, c, elementClass, () -> writeElements(fory, buffer, c));
      onCollectionWriteFinish(c);
    }

    @Override
    @SuppressWarnings("unchecked")
    public T read(MemoryBuffer buffer) {
      java.util.Collection c = newCollection(buffer);
      int count = getAndClearNumElements();
      ListRuns.read(
          fory, buffer, count, c, elementClass, () -> readElements(fory, buffer, c, count));
      return (T) onCollectionRead(c);
    }

    @Override
    public java.util.Collection newCollection(MemoryBuffer buffer) {
      int n = checkedCount(buffer, type);
      setNumElements(n);
      T c = make.apply(n);
      fory.getRefResolver().reference(c);
      return c;
    }
  }

  /**
   * A collection that is a known gadget (see {@link KnownGadgets}): neither written (the value falls back to Java
   * serialization, whose filter refuses it too) nor made.
   */
  private static final class RefusedCollection<T extends java.util.Collection>
      extends CollectionSerializer<T> {
    RefusedCollection(Fory fory, Class<T> type) {
      super(fory, type, false);
    }

    private RuntimeException refused() {
      return new Refused(type.getName());
    }

    @Override
    public void write(MemoryBuffer buffer, T value) {
      throw refused();
    }

    @Override
    public java.util.Collection newCollection(MemoryBuffer buffer) {
      throw refused();
    }

    @Override
    public T read(MemoryBuffer buffer) {
      throw refused();
    }
  }

  /** A map the fast codec does not take (see {@link #REFUSED}). */
  private static final class RefusedMap<T extends Map> extends MapSerializer<T> {
    RefusedMap(Fory fory, Class<T> type) {
      super(fory, type, false);
    }

    @Override
    public void write(MemoryBuffer buffer, T value) {
      throw new Refused(type.getName());
    }

    @Override
    public Map newMap(MemoryBuffer buffer) {
      throw new Refused(type.getName());
    }

    @Override
    public T read(MemoryBuffer buffer) {
      throw new Refused(type.getName());
    }
  }

  /** Any other class the fast codec does not take (see {@link #REFUSED}). */
  private static final class RefusedOther<T> extends Serializer<T> {
    RefusedOther(Fory fory, Class<T> type) {
      super(fory, type);
    }

    @Override
    public void write(MemoryBuffer buffer, T value) {
      throw new Refused(type.getName());
    }

    @Override
    public T read(MemoryBuffer buffer) {
      throw new Refused(type.getName());
    }
  }

  /** A JDK class the fast codec does not take (see {@link #REFUSED}), by name. */
  static final class Refused extends RuntimeException {
    Refused(String className) {
      super(className);
    }
  }

  /**
   * Fory's map serializer, with the count checked before the map is sized, and maps of strings written as runs
   * ({@link StringRuns}). Its own {@link #write} and {@link #read} put a form byte after the count; Fory's generated
   * code (a map in a field of a record) writes and reads through the hooks {@link #onMapWrite} and {@link #newMap}
   * and its own chunks, so the hooks alone write and read the count only.
   */
  private static final class GuardedMap<T extends Map> extends MapSerializer<T> {
    private final java.util.function.IntFunction<T> make;
    /** Set by {@link #write} for the {@link #onMapWrite} it calls: a form byte follows the count. */
    private boolean formFollows;

    GuardedMap(Fory fory, Class<T> type, java.util.function.IntFunction<T> make) {
      super(fory, type, true);
      this.make = make;
    }

    @Override
    public void write(MemoryBuffer buffer, T value) {
      int start = buffer.writerIndex();
      if (StringRuns.write(fory, buffer, value)) {
        setKeySerializer(null); // as Fory's own write does: those a field's generics set are spent
        setValueSerializer(null);
        return;
      }
      buffer.writerIndex(start);
      formFollows = true;
      super.write(buffer, value);
    }

    @Override
    public Map onMapWrite(MemoryBuffer buffer, T value) {
      Map m = super.onMapWrite(buffer, value);
      if (formFollows) {
        formFollows = false; // before any entry is written: a map inside takes its own turn
        buffer.writeByte(StringRuns.GENERAL);
      }
      return m;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T read(MemoryBuffer buffer) {
      Map map = newMap(buffer);
      int count = getAndClearNumElements();
      byte form = buffer.readByte();
      if (form == StringRuns.GENERAL) {
        readElements(buffer, count, map);
      } else {
        setKeySerializer(null);
        setValueSerializer(null);
        StringRuns.read(fory, buffer, form, count, map);
      }
      return (T) onMapRead(map);
    }

    @Override
    public Map newMap(MemoryBuffer buffer) {
      int n = checkedCount(buffer, type);
      setNumElements(n);
      T m = make.apply(n);
      fory.getRefResolver().reference(m);
      return m;
    }
  }

  /**
   * Wraps Fory's serializer of a container or array whose stream starts with a count (elements, or bytes for
   * arrays of primitives): a count larger than the bytes left is refused before anything is allocated, since every
   * element takes at least one byte.
   */
  static final class CountGuard<T> extends Serializer<T> {
    private final Serializer<T> inner;

    CountGuard(Fory fory, Class<T> type, Serializer<T> inner) {
      super(fory, type);
      this.inner = inner;
    }

    @Override
    public void write(MemoryBuffer buffer, T value) {
      inner.write(buffer, value);
    }

    @Override
    public T read(MemoryBuffer buffer) {
      int at = buffer.readerIndex();
      checkedCount(buffer, type);
      buffer.readerIndex(at);
      return inner.read(buffer);
    }

    @Override
    public T copy(T value) {
      return inner.copy(value);
    }

    /** A count over the bytes left. */
    static final class Overrun extends RuntimeException {
      Overrun(String message) {
        super(message);
      }
    }
  }
}
