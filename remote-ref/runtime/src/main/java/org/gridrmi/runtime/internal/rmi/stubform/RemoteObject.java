package org.gridrmi.runtime.internal.rmi.stubform;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.server.ObjID;

/**
 * Stands in for {@link java.rmi.server.RemoteObject} while {@link StubForm} reads a stub: it reads the same serial
 * form (the reference's class name, then its endpoint, object id and result flag, as {@code UnicastRef2} writes them)
 * into fields, where the JDK's class would make a live reference and register it with the distributed GC. Its simple
 * name and serialVersionUID are the JDK class's, which is what Java serialization matches a stream's class against.
 */
class RemoteObject implements Serializable {
  private static final long serialVersionUID = -3215090123894869218L;

  /** The endpoint format {@code UnicastRef2} writes for an endpoint with a client socket factory. */
  private static final byte HOST_PORT_FACTORY = 1;

  transient String host;
  transient int port;
  transient Object factory;

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    String refClass = in.readUTF();
    if (!refClass.equals("UnicastRef2")) {
      throw new InvalidObjectException(
          refClass.isEmpty() || refClass.equals("UnicastRef")
              ? "a stub whose calls bypass GridRMI's sockets (no socket factory)"
              : "a stub with a reference of class " + refClass);
    }
    if (in.readByte() != HOST_PORT_FACTORY) {
      throw new InvalidObjectException(
          "a stub whose calls bypass GridRMI's sockets (no socket factory)");
    }
    host = in.readUTF();
    port = in.readInt();
    factory = in.readObject(); // StubForm admits GridRMI's socket factory only
    ObjID.read(in); // data only: an ObjID is not a live reference
    in.readBoolean(); // whether the stream was a call's result: the JDK's reply acknowledgement
  }
}
