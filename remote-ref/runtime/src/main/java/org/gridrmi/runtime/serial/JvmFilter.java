package org.gridrmi.runtime.serial;

import java.io.ObjectInputFilter;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The JVM-wide deserialization filter of a GridRMI JVM, for the streams no instance can set a filter on: RMI reads
 * plain-call results, registry replies, stats and the lookup service's calls with only the JVM's filter. It allows
 * what any live instance's {@link SerialPolicy} allows, plus the plumbing those streams need (RMI stubs and leases,
 * Jini's lookup types), under the loosest live limits; it refuses known gadgets that are not plumbing, and anything
 * else.
 *
 * <p>The one process-wide filter the JDK offers ({@code ObjectInputFilter.Config.setSerialFilter}) is set once, by
 * the first GridRMI instance of the JVM, unless the user set one (then that stands, and GridRMI keeps only its
 * per-stream filters). So in a GridRMI JVM, code that deserializes classes of its own needs them allowed (a builder's
 * {@code allow(...)}), or a JVM filter of its own ({@code -Djdk.serialFilter=...}).
 */
public final class JvmFilter {
  /** What RMI and Jini streams carry besides values: stubs, DGC leases, the lookup service's types. */
  private static final List<String> PLUMBING =
      List.of("java.rmi.", "sun.rmi.", "net.jini.", "com.sun.jini.");

  /**
   * What every instance's policy allows (JDK value types, GridRMI's own {@code org.gridrmi.**}, {@code java.time}),
   * allowed also when no instance is live: River's threads read registrar proxies (their handler's serial form
   * RegistrarHandle, the stub's socket factory GridRMI's) and lookup replies (JDK collections) after a client's
   * Grid has closed and taken its policy with it, or in a JVM that uses a {@code LookupDirectory} alone.
   */
  private static final SerialPolicy BASELINE =
      new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());

  private static final Set<String> PLUMBING_CLASSES = Set.of(
      "java.lang.reflect.Proxy",
      "java.rmi.MarshalledObject",
      "java.util.logging.Level", // River makes its log levels by deserializing a Level
      "java.util.EventObject", // the superclass of Jini's remote events
      "java.security.cert.Certificate$CertificateRep",
      "java.lang.Class",
      "java.net.URL",
      "java.net.InetAddress",
      "java.net.InetAddress$InetAddressHolder",
      "java.net.Inet4Address",
      "java.net.Inet6Address",
      "java.net.Inet6Address$Inet6AddressHolder");
  private static final List<SerialPolicy> LIVE = new CopyOnWriteArrayList<>();
  private static final ObjectInputFilter FILTER = JvmFilter::check;
  private static boolean installed;
  private static boolean theirs;

  private JvmFilter() {}

  /** Adds an instance's policy to what the JVM-wide filter allows, installing the filter the first time. */
  public static synchronized void register(SerialPolicy policy) {
    LIVE.add(policy);
    install();
  }

  /**
   * Installs the JVM-wide filter (allowing what every instance's policy allows) unless it or the user's own is in
   * force; for a JVM that reads lookup-service replies without any GridRMI instance ({@code LookupDirectory} alone).
   */
  public static synchronized void install() {
    if (installed || theirs) return;
    if (ObjectInputFilter.Config.getSerialFilter() != null) {
      theirs = true; // the user's own JVM filter (jdk.serialFilter) stands
      return;
    }
    try {
      ObjectInputFilter.Config.setSerialFilter(FILTER);
      installed = true;
    } catch (IllegalStateException alreadySet) {
      theirs = true;
    }
  }

  public static void unregister(SerialPolicy policy) {
    LIVE.remove(policy);
  }

  /** A body that reads a stream. */
  @FunctionalInterface
  public interface Read<T, E extends Exception> {
    T run() throws E;
  }

  /** Set while a thread reads a GridRMI node's reply (see {@link #readingNodeReply}). */
  private static final ThreadLocal<Boolean> NODE_REPLY = new ThreadLocal<>();

  /**
   * Runs {@code body}, which reads the reply of a GridRMI node's call or registry: a remote reference (an RMI stub,
   * any {@link java.rmi.server.RemoteObject}, or a bare {@link java.rmi.server.RemoteRef}) in it is refused with
   * PERMISSION_DENIED before it is read. Reading one makes the JVM connect to the endpoint it names (RMI's
   * distributed GC "dirty" call, when the reply is done, and again later), and no node operation returns one (a
   * node's registry hands out its stub as bytes, checked before the stub is made); so a node cannot make its callers
   * connect to an address of its choosing. Lookup-service replies are read outside it (they carry the registrar's
   * reference as bytes, which lookup-service checks before making it); what registrants gave the lookup service, and
   * unicast discovery's answer, are refused the same way through {@link #refuseRemoteReferencesIn}.
   */
  public static <T, E extends Exception> T readingNodeReply(Read<T, E> body) throws E {
    Boolean outer = NODE_REPLY.get();
    NODE_REPLY.set(Boolean.TRUE);
    try {
      return body.run();
    } finally {
      if (outer == null) NODE_REPLY.remove();
    }
  }

  /**
   * Names what the current thread reads, if it is an object a peer made that must carry no remote reference (an RMI
   * stub, any {@link java.rmi.server.RemoteObject}, a bare {@link java.rmi.server.RemoteRef}); null otherwise. For
   * objects read on threads GridRMI does not run (River's, unmarshalling what registrants gave the lookup service):
   * the module that knows them installs one ({@link #refuseRemoteReferencesIn}). Asked only when such a class is
   * met, so it costs nothing on other streams.
   */
  @FunctionalInterface
  public interface PeerObjects {
    String reading();
  }

  private static final CopyOnWriteArrayList<PeerObjects> PEER_OBJECTS =
      new CopyOnWriteArrayList<>();

  /**
   * Makes the JVM-wide filter refuse, with PERMISSION_DENIED, a remote reference in whatever {@code peerObjects}
   * names, before it is read (so the JVM's distributed GC never connects to the address it names). Idempotent for
   * the same instance. In force only while GridRMI's JVM-wide filter is ({@link #installed()}).
   */
  public static void refuseRemoteReferencesIn(PeerObjects peerObjects) {
    PEER_OBJECTS.addIfAbsent(peerObjects);
  }

  /** What the current thread reads that must carry no remote reference, or null. */
  private static String peerObject() {
    if (NODE_REPLY.get() != null) {
      return "a GridRMI node's reply";
    }
    for (PeerObjects p : PEER_OBJECTS) {
      String what = p.reading();
      if (what != null) return what;
    }
    return null;
  }

  /** Whether GridRMI's JVM-wide filter is the one in force. */
  public static synchronized boolean installed() {
    return installed;
  }

  private static ObjectInputFilter.Status check(ObjectInputFilter.FilterInfo info) {
    Class<?> c = info.serialClass();
    if (c != null
        && (java.rmi.server.RemoteObject.class.isAssignableFrom(c)
            || java.rmi.server.RemoteRef.class.isAssignableFrom(c))) {
      String what = peerObject();
      if (what != null) {
        throw SerialFilters.refuse(
            org.gridrmi.ref.Status.PERMISSION_DENIED,
            what + " carries a remote reference (" + c.getName()
                + "), which would make this JVM connect to the address it names: refused (GridRMI never "
                + "sends one there; the peer is not a GridRMI program, or not a well-meaning one)");
      }
    }
    SerialPolicy.Limits limits = loosest();
    return SerialFilters.check(
        info,
        limits,
        JvmFilter::allowed,
        JvmFilter::plumbing,
        SerialFilters.callCap(limits),
        side());
  }

  /** The side of every live policy if they share one (a client JVM, a server JVM), else {@code ANY}. */
  private static SerialPolicy.Side side() {
    SerialPolicy.Side side = null;
    for (SerialPolicy p : LIVE) {
      if (side == null) side = p.side();
      else if (side != p.side()) return SerialPolicy.Side.ANY;
    }
    return side == null ? SerialPolicy.Side.ANY : side;
  }

  static boolean allowed(Class<?> c) {
    if (plumbing(c) || BASELINE.allowed(c)) return true;
    for (SerialPolicy p : LIVE) if (p.allowed(c)) return true;
    return false;
  }

  /** Classes RMI and Jini need in their own streams: never refused as gadgets there (values refuse them). */
  static boolean plumbing(Class<?> c) {
    if (Proxy.isProxyClass(c) || PLUMBING_CLASSES.contains(c.getName())) return true;
    String n = c.getName();
    for (String p : PLUMBING) if (n.startsWith(p)) return true;
    return false;
  }

  private static SerialPolicy.Limits loosest() {
    SerialPolicy.Limits l = SerialPolicy.Limits.DEFAULT;
    for (SerialPolicy p : LIVE) {
      SerialPolicy.Limits o = p.limits();
      l = new SerialPolicy.Limits(
          Math.max(l.maxArray(), o.maxArray()),
          Math.max(l.maxDepth(), o.maxDepth()),
          Math.max(l.maxRefs(), o.maxRefs()),
          Math.max(l.maxBytes(), o.maxBytes()),
          Math.max(l.maxCallArrayBytes(), o.maxCallArrayBytes()));
    }
    return l;
  }
}
