package org.gridrmi.lookup.internal;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.rmi.server.RemoteRef;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.InternalStubs;

/**
 * The serial form of the registrar's stub handler ({@link InheritingInvocationHandler}): its remote reference as
 * bytes, not as a live reference. Reading a live one makes the JVM's distributed GC connect at once to the address it
 * names, and River reads the registrar's proxy (unicast discovery's answer, Reggie's replies and events) on its own
 * threads before GridRMI sees it; so a program answering at a lookup service's port could make a client connect
 * anywhere. As bytes, the reading side first reads where the reference points and makes it only if that is a lookup
 * service this JVM follows, through GridRMI's sockets with its TLS setting ({@link FollowedLookups}).
 */
final class RegistrarHandle implements Serializable {
  @Serial
  private static final long serialVersionUID = 1L;

  private final byte[] stub;

  RegistrarHandle(RemoteRef ref) {
    this.stub = InternalStubs.bytesOf(ref);
  }

  /**
   * The handler, once its reference was checked.
   *
   * @throws GridException PERMISSION_DENIED naming where the reference points and what was wrong, before any
   *     connection is made
   */
  @Serial
  private Object readResolve() throws IOException {
    InternalStubs.Target to;
    try {
      to = InternalStubs.target(stub);
    } catch (IOException | ClassNotFoundException | RuntimeException e) {
      throw new GridException(
          Status.PERMISSION_DENIED,
          "its registrar proxy is of another form than a GridRMI lookup service's ("
              + e.getMessage() + "): refused before any connection",
          e);
    }
    FollowedLookups.check(to);
    try {
      return new InheritingInvocationHandler(InternalStubs.ref(stub));
    } catch (ClassNotFoundException | RuntimeException e) {
      throw new InvalidObjectException("cannot read the registrar's reference: " + e);
    }
  }

  @Serial
  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    if (stub == null) throw new InvalidObjectException("a registrar handle without a reference");
  }
}
