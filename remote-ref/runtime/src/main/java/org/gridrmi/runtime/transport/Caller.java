package org.gridrmi.runtime.transport;

/**
 * Who makes the call a node is serving: the network address it came from, and the identity TLS proved (null on plain
 * connections). Set by the transport for the duration of each {@link NodeService} method.
 *
 * @param host the caller's IP address as the connection shows it, or its in-process name
 * @param tlsIdentity the subject of the caller's certificate, or null
 */
public record Caller(String host, String tlsIdentity) {
  private static final ThreadLocal<Caller> CURRENT = new ThreadLocal<>();
  /** A call made inside this JVM, not through a transport. */
  public static final Caller LOCAL = new Caller("local", null);

  /** The caller of the call this thread serves, or {@link #LOCAL}. */
  public static Caller current() {
    Caller c = CURRENT.get();
    return c == null ? LOCAL : c;
  }

  /** Runs {@code r} as serving a call of {@code caller}. */
  public static <T> T serving(Caller caller, java.util.function.Supplier<T> r) {
    Caller outer = CURRENT.get();
    CURRENT.set(caller);
    try {
      return r.get();
    } finally {
      if (outer == null) CURRENT.remove();
      else CURRENT.set(outer);
    }
  }
}
