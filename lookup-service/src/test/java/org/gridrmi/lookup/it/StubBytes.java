package org.gridrmi.lookup.it;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * A test service's proxy as GridRMI servers register theirs: the RMI stub as bytes, made on the first call. A GridRMI
 * directory refuses a registration that carries a live stub (reading one makes the JVM connect to the address it
 * names), so the tests' registrants register this.
 */
public final class StubBytes implements Echo, Pinger, Serializable {
  private static final long serialVersionUID = 1L;

  private final byte[] stub;
  private transient volatile Remote made;

  private StubBytes(byte[] stub) {
    this.stub = stub;
  }

  /** The proxy of an exported object's stub. */
  public static StubBytes of(Remote stub) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(stub);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new StubBytes(bytes.toByteArray());
  }

  private Remote stub() throws RemoteException {
    Remote r = made;
    if (r == null) {
      try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(stub))) {
        r = (Remote) in.readObject();
      } catch (IOException | ClassNotFoundException e) {
        throw new RemoteException("cannot read the stub", e);
      }
      made = r;
    }
    return r;
  }

  @Override
  public String echo(String text) throws RemoteException {
    return ((Echo) stub()).echo(text);
  }

  @Override
  public long ping() throws RemoteException {
    return ((Pinger) stub()).ping();
  }
}
