package org.gridrmi.runtime.internal.rmi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Proxy;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.NetContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a server registers with the lookup service per service type carries its stub as bytes: whoever lists the
 * lookup service reads it without connecting anywhere, and the stub is made on the first call only, if it points at
 * the server's address.
 */
class GatewayProxyTest {
  /** A service type. */
  public interface Hello {
    String hello();
  }

  private NetContext net;
  private CallGateway exported;
  private CallGateway stub;
  private final GatewayHandleTest.CountingPort counting = new GatewayHandleTest.CountingPort();

  @BeforeEach
  void export() throws Exception {
    net = new NetContext(null, LinkPlan.NONE, 2_000, "127.0.0.1");
    exported = (CallGateway) Proxy.newProxyInstance(
        CallGateway.class.getClassLoader(),
        new Class<?>[] {CallGateway.class},
        (proxy, method, args) -> {
          throw new UnsupportedOperationException();
        });
    stub = (CallGateway)
        UnicastRemoteObject.exportObject(exported, 0, net.clientFactory("127.0.0.1"), counting);
  }

  @AfterEach
  void unexport() throws Exception {
    UnicastRemoteObject.unexportObject(exported, true);
    net.close();
  }

  private Hello proxy(int port) {
    return (Hello) GatewayProxy.byType(
            List.of(Hello.class),
            stub,
            "S1",
            "rmi://127.0.0.1:" + port,
            net.clientFactory("127.0.0.1").toString())
        .get(Hello.class.getName());
  }

  private void nothingConnects() {
    Awaitility.await("no connection to the address the stub names")
        .during(Duration.ofSeconds(1))
        .atMost(Duration.ofSeconds(2))
        .until(() -> counting.accepted.get() == 0);
  }

  @Test
  void theRegisteredProxyIsReadWithoutAnyRemoteReference() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(proxy(counting.port));
    }
    Object read;
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      in.setObjectInputFilter(info -> info.serialClass() != null
              && (java.rmi.server.RemoteObject.class.isAssignableFrom(info.serialClass())
                  || java.rmi.server.RemoteRef.class.isAssignableFrom(info.serialClass()))
          ? ObjectInputFilter.Status.REJECTED
          : ObjectInputFilter.Status.UNDECIDED);
      read = in.readObject();
    }
    assertThat(read).isInstanceOf(Hello.class);
    assertThat(read.toString()).endsWith("Hello on S1 (GridRMI, plain calls)");
    nothingConnects();
  }

  @Test
  void aProxyWhoseStubPointsElsewhereRefusesItsFirstCallWithoutConnecting() {
    Hello elsewhere = proxy(counting.port + 1);
    assertThatThrownBy(elsewhere::hello)
        .isInstanceOf(GridException.class)
        .satisfies(
            e -> assertThat(((GridException) e).status()).isEqualTo(Status.PERMISSION_DENIED))
        .hasMessageContaining("127.0.0.1:" + counting.port);
    nothingConnects();
  }
}
