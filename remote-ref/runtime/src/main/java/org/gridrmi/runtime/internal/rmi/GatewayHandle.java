package org.gridrmi.runtime.internal.rmi;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.rmi.Remote;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.internal.rmi.stubform.StubForm;

/**
 * What a node binds in the RMI registry on its port: its {@link CallGateway} stub as bytes, not as a stub. A stub in a
 * registry's reply would be deserialized, and so registered with RMI's distributed GC, which connects to the address
 * it names, while the reply is read: before any check of where it points. As bytes, a client reads where the stub
 * points first ({@link StubForm}), and makes the stub only if that is where it looked (see {@link StubCheck}).
 *
 * <p>A {@link Remote} only because the registry binds nothing else; it is never exported, so the registry hands it
 * out by value.
 */
final class GatewayHandle implements Remote, Serializable {
  private static final long serialVersionUID = 1L;

  private final byte[] stub;

  private GatewayHandle(byte[] stub) {
    this.stub = stub;
  }

  /** The handle of an exported gateway's stub. */
  static GatewayHandle of(CallGateway stub) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(stub);
    } catch (IOException e) {
      throw new UncheckedIOException("serializing a stub in memory", e);
    }
    return new GatewayHandle(bytes.toByteArray());
  }

  /**
   * The stub, if it points at {@code host}:{@code port} through GridRMI's sockets with the TLS setting of
   * {@code factory}; only then is it made (and registered with the distributed GC, which connects there).
   *
   * @param address the registry's address, for messages
   * @throws GridException PERMISSION_DENIED naming {@code address} and where the stub points, or what is wrong with
   *     it
   */
  CallGateway stub(String host, int port, String factory, String address) {
    StubForm.Endpoint to;
    try {
      to = StubForm.read(stub, CallGateway.class);
    } catch (IOException | ClassNotFoundException | RuntimeException e) {
      throw StubCheck.redirect(address, "a stub of another form than a GridRMI node's (" + e + ")");
    }
    StubCheck.pointsAt(to, host, port, factory, address);
    try {
      return StubForm.make(stub, CallGateway.class);
    } catch (IOException | ClassNotFoundException | ClassCastException e) {
      throw new GridException(
          Status.UNAVAILABLE,
          "the GridRMI node at " + address + " handed out a stub this JVM cannot read: " + e,
          e);
    }
  }
}
