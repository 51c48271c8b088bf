package org.gridrmi.runtime.internal.rmi.stubform;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.InvalidObjectException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.runtime.net.GridSocketFactory;

/**
 * Where a serialized RMI stub points, read without making the stub. Deserializing a stub makes the JVM register its
 * reference with RMI's distributed GC, which connects at once ("dirty" call), and again later, to whatever endpoint
 * the stub names: so a stub from a peer must be checked before it is deserialized. This reads the same bytes with
 * stand-ins for the two JDK classes that hold the reference ({@link RemoteObject},
 * {@link RemoteObjectInvocationHandler}), which read the endpoint into fields instead.
 *
 * <p>Only the form GridRMI's nodes write is admitted: a dynamic proxy of the expected remote interface whose handler
 * holds a {@code UnicastRef2} with GridRMI's socket factory. Anything else (another class, another interface, an
 * endpoint without a socket factory, a reference serialized whole) is refused, so the JDK's own reading of the same
 * bytes afterwards meets exactly the classes and data read here.
 */
public final class StubForm {
  private static final int MAX_DEPTH = 8;
  private static final int MAX_REFERENCES = 64;

  /**
   * Where a stub points.
   *
   * @param host the host its endpoint names (GridRMI's socket factory may pin another: see {@code factory})
   * @param port the port its endpoint names
   * @param factory the description of its socket factory ({@link GridSocketFactory#toString()}): TLS or plain, and
   *     the host it pins, if any
   */
  public record Endpoint(String host, int port, String factory) {
    private static final Pattern FACTORY =
        Pattern.compile("GridSocketFactory\\[(TLS|plain)(?:, (.+))?\\]");

    /** Whether its calls go through GridRMI's sockets at all (a description of GridRMI's socket factory). */
    public boolean gridSockets() {
      return FACTORY.matcher(factory).matches();
    }

    /** Whether its calls use TLS; false where they bypass GridRMI's sockets. */
    public boolean tls() {
      Matcher f = FACTORY.matcher(factory);
      return f.matches() && f.group(1).equals("TLS");
    }

    /** The host its calls connect to: the one its socket factory pins, else its endpoint's. */
    public String target() {
      Matcher f = FACTORY.matcher(factory);
      return f.matches() && f.group(2) != null ? f.group(2) : host;
    }
  }

  private StubForm() {}

  /**
   * Reads the first object of {@code bytes} (a plain Java serialization stream) as a stub of {@code type}.
   *
   * @throws InvalidObjectException (or another {@link IOException}) naming what is not a GridRMI stub of that type
   */
  public static Endpoint read(byte[] bytes, Class<? extends Remote> type)
      throws IOException, ClassNotFoundException {
    try (Reader in = new Reader(bytes, type)) {
      Object read = in.readObject();
      if (!Proxy.isProxyClass(read.getClass())
          || !(Proxy.getInvocationHandler(read) instanceof RemoteObjectInvocationHandler h)) {
        throw new InvalidObjectException(
            "not a dynamic RMI stub: " + read.getClass().getName());
      }
      if (!(h.factory instanceof GridSocketFactory f)) {
        throw new InvalidObjectException(
            "a stub whose calls bypass GridRMI's sockets (its socket factory is not GridRMI's)");
      }
      return new Endpoint(h.host, h.port, f.toString());
    }
  }

  /**
   * Makes the stub {@code bytes} hold, once {@link #read} found where it points: the JDK reads the same bytes (so the
   * stub's reference is registered with the distributed GC, which connects to its endpoint), admitting only the
   * classes {@link #read} admitted.
   *
   * @throws IOException (or {@link ClassNotFoundException}, {@link ClassCastException}) if this JVM cannot read it
   */
  public static <T extends Remote> T make(byte[] bytes, Class<T> type)
      throws IOException, ClassNotFoundException {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
      in.setObjectInputFilter(info -> info.serialClass() == null || madeOf(info.serialClass(), type)
          ? ObjectInputFilter.Status.UNDECIDED
          : ObjectInputFilter.Status.REJECTED);
      return type.cast(in.readObject());
    }
  }

  /**
   * Whether {@code c} is a class a GridRMI stub of {@code type} is made of, as the JDK reads it: for the filter of
   * that reading, so it meets nothing {@link #read} did not.
   */
  public static boolean madeOf(Class<?> c, Class<? extends Remote> type) {
    if (Proxy.isProxyClass(c)) return proxyOf(c.getInterfaces(), type);
    return c == type
        || c == Remote.class // the JDK checks a proxy's interfaces too
        || c == Proxy.class
        || c == java.rmi.server.RemoteObjectInvocationHandler.class
        || c == java.rmi.server.RemoteObject.class
        || c == GridSocketFactory.class;
  }

  private static boolean proxyOf(Class<?>[] interfaces, Class<? extends Remote> type) {
    if (interfaces.length == 0) return false;
    for (Class<?> i : interfaces) if (i != type && i != Remote.class) return false;
    return true;
  }

  private static final class Reader extends ObjectInputStream {
    private final Class<? extends Remote> type;
    private final Map<String, Class<?>> classes;

    Reader(byte[] bytes, Class<? extends Remote> type) throws IOException {
      super(new ByteArrayInputStream(bytes));
      this.type = type;
      this.classes = Map.of(
          Proxy.class.getName(), Proxy.class,
          java.rmi.server.RemoteObjectInvocationHandler.class.getName(),
              RemoteObjectInvocationHandler.class,
          java.rmi.server.RemoteObject.class.getName(), RemoteObject.class,
          GridSocketFactory.class.getName(), GridSocketFactory.class);
      setObjectInputFilter(info ->
          info.depth() > MAX_DEPTH || info.references() > MAX_REFERENCES || info.arrayLength() >= 0
              ? ObjectInputFilter.Status.REJECTED
              : ObjectInputFilter.Status.UNDECIDED);
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc) throws InvalidClassException {
      Class<?> c = classes.get(desc.getName());
      if (c == null) {
        throw new InvalidClassException(desc.getName(), "not part of a GridRMI stub");
      }
      return c;
    }

    @Override
    protected Class<?> resolveProxyClass(String[] names) throws InvalidClassException {
      Class<?>[] interfaces = new Class<?>[names.length];
      for (int i = 0; i < names.length; i++) {
        interfaces[i] = names[i].equals(type.getName())
            ? type
            : names[i].equals(Remote.class.getName()) ? Remote.class : null;
        if (interfaces[i] == null) {
          throw new InvalidClassException(names[i], "not the interface of a GridRMI node's stub");
        }
      }
      if (!proxyOf(interfaces, type)) {
        throw new InvalidClassException("a stub of no interface");
      }
      try {
        return Proxy.newProxyInstance(type.getClassLoader(), interfaces, (p, m, a) -> null)
            .getClass();
      } catch (IllegalArgumentException e) { // an interface named twice
        throw new InvalidClassException("a stub of interfaces " + String.join(", ", names));
      }
    }
  }
}
