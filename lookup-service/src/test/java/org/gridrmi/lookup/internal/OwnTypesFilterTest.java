package org.gridrmi.lookup.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;
import org.gridrmi.ref.GridService;
import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.net.NetContexts;
import org.gridrmi.runtime.serial.JvmFilter;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.junit.jupiter.api.Test;

/**
 * The JVM-wide filter never refuses GridRMI's own types: River's threads read registrar stubs (their handler is
 * {@link InheritingInvocationHandler}, their socket factory GridRMI's) whatever GridRMI instance is live, also after a
 * client's Grid has closed and taken its policy with it (a jini:// client logged "GridRMI refused a stream: class
 * org.gridrmi.lookup.internal.InheritingInvocationHandler is not allowed" about one run in nine), and where a
 * LookupDirectory is used with no Grid or server in the JVM.
 */
class OwnTypesFilterTest {
  /** A remote interface the filter allows (a @GridService one), so that only the handler is in question. */
  @GridService
  public interface Ping extends Remote {
    String echo(String text) throws RemoteException;
  }

  static final class EchoImpl implements Ping {
    @Override
    public String echo(String text) {
      return text;
    }
  }

  @Test
  void aRegistrarStubIsReadWithNoGridRmiInstanceLive() throws Exception {
    SerialPolicy closedGrid = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
    JvmFilter.register(closedGrid); // installs GridRMI's JVM-wide filter, as the first Grid does
    JvmFilter.unregister(closedGrid); // as the Grid's close does
    assertThat(JvmFilter.installed()).isTrue();
    EchoImpl impl = new EchoImpl();
    // as Reggie exports its registrar: through GridRMI's sockets (a registrar handle admits no
    // other)
    NetContext net = NetContexts.defaultPlain();
    Remote stub = InheritingInvocationHandler.wrap(UnicastRemoteObject.exportObject(
        impl, 0, net.clientFactory("127.0.0.1"), net.serverFactory()));
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
        out.writeObject(stub);
      }
      Object read;
      try (ObjectInputStream in =
          new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
        read = in.readObject(); // with the JVM-wide filter only, as River's own streams
      }

      assertThat(((Ping) read).echo("back")).isEqualTo("back");
    } finally {
      UnicastRemoteObject.unexportObject(impl, true);
    }
  }
}
