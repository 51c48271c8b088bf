package org.gridrmi.runtime;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.rmi.server.RemoteObject;
import java.rmi.server.RemoteObjectInvocationHandler;
import java.rmi.server.RemoteRef;
import org.gridrmi.runtime.internal.rmi.stubform.StubForm;

/**
 * The gate through which lookup-service carries the remote reference of the lookup service's registrar as bytes, as
 * nodes carry their gateway stubs: so that a JVM reads where it points before the reference is made (making it
 * registers it with RMI's distributed GC, which connects to the address it names at once). Not for users' code
 * (gRPC keeps such gates as {@code Internal*} classes the same way).
 */
public final class InternalStubs {
  /**
   * Where a reference's calls go.
   *
   * @param host the host they connect to (the one GridRMI's socket factory pins, else the endpoint's)
   * @param port the port they connect to
   * @param tls whether they use TLS
   */
  public record Target(String host, int port, boolean tls) {}

  private InternalStubs() {}

  /** {@code ref} as the bytes of a stub (of {@link Remote} alone), for {@link #target} and {@link #ref}. */
  public static byte[] bytesOf(RemoteRef ref) {
    Remote stub = (Remote) Proxy.newProxyInstance(
        InternalStubs.class.getClassLoader(),
        new Class<?>[] {Remote.class},
        new RemoteObjectInvocationHandler(ref));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(stub);
    } catch (IOException e) {
      throw new UncheckedIOException("serializing a stub in memory", e);
    }
    return bytes.toByteArray();
  }

  /**
   * Where the reference {@code stub} holds points, read without making it.
   *
   * @throws IOException (or {@link ClassNotFoundException}) naming what is not a stub made by {@link #bytesOf} of a
   *     reference whose calls go through GridRMI's sockets
   */
  public static Target target(byte[] stub) throws IOException, ClassNotFoundException {
    StubForm.Endpoint to = StubForm.read(stub, Remote.class);
    return new Target(to.target(), to.port(), to.tls());
  }

  /**
   * The reference {@code stub} holds, made now (which connects to its {@link #target}): call only once the target was
   * checked. Reads the same classes as {@link #target} and no other.
   *
   * @throws IOException (or {@link ClassNotFoundException}) if this JVM cannot read it
   */
  public static RemoteRef ref(byte[] stub) throws IOException, ClassNotFoundException {
    Remote made = StubForm.make(stub, Remote.class);
    return ((RemoteObject) Proxy.getInvocationHandler(made)).getRef();
  }
}
