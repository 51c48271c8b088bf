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
import org.gridrmi.testing.CountingPort;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A node's registry entry is its stub as bytes: the client reads where the stub points before making it, since making
 * it registers it with RMI's distributed GC, which connects to the address it names at once. So is the stub in the
 * proxies a server registers with the lookup service ({@link GatewayProxy}): whoever lists the lookup service reads
 * them without connecting anywhere, and the stub is made on the first call only, if it points at the server's
 * address.
 */
class GatewayHandleTest {
  private NetContext net;
  private CallGateway exported;
  private final CountingPort counting = new CountingPort();
  private CallGateway stub;
  private GatewayHandle handle;

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
    handle = GatewayHandle.of(stub);
  }

  @AfterEach
  void unexport() throws Exception {
    UnicastRemoteObject.unexportObject(exported, true);
    net.close();
  }

  private void nothingConnects() {
    Awaitility.await("no connection to the address the stub names")
        .during(Duration.ofSeconds(1))
        .atMost(Duration.ofSeconds(2))
        .until(() -> counting.accepted() == 0);
  }

  @Test
  void aStubForAnotherPortIsRefusedBeforeTheJvmConnectsToIt() {
    String looked = "rmi://127.0.0.1:" + (counting.port() + 1);
    assertThatThrownBy(() -> handle.stub(
            "127.0.0.1", counting.port() + 1, net.clientFactory(null).toString(), looked))
        .isInstanceOf(GridException.class)
        .satisfies(
            e -> assertThat(((GridException) e).status()).isEqualTo(Status.PERMISSION_DENIED))
        .hasMessageContaining(looked)
        .hasMessageContaining("127.0.0.1:" + counting.port());
    nothingConnects();
  }

  @Test
  void aPlainStubLookedUpWithTlsIsRefusedBeforeTheJvmConnectsToIt() {
    String looked = "rmi://127.0.0.1:" + counting.port();
    assertThatThrownBy(
            () -> handle.stub("127.0.0.1", counting.port(), "GridSocketFactory[TLS]", looked))
        .isInstanceOf(GridException.class)
        .hasMessageContaining("without TLS");
    nothingConnects();
  }

  @Test
  void aStubForTheLookedUpAddressIsMade() {
    CallGateway stub = handle.stub(
        "127.0.0.1",
        counting.port(),
        net.clientFactory(null).toString(),
        "rmi://127.0.0.1:" + counting.port());
    assertThat(Proxy.isProxyClass(stub.getClass())).isTrue();
    Awaitility.await("the JVM's distributed GC registers the stub where it was looked up")
        .atMost(Duration.ofSeconds(5))
        .until(() -> counting.accepted() > 0);
  }

  /** A service type. */
  public interface Hello {
    String hello();
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

  @Test
  void theRegisteredProxyIsReadWithoutAnyRemoteReference() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(proxy(counting.port()));
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
    Hello elsewhere = proxy(counting.port() + 1);
    assertThatThrownBy(elsewhere::hello)
        .isInstanceOf(GridException.class)
        .satisfies(
            e -> assertThat(((GridException) e).status()).isEqualTo(Status.PERMISSION_DENIED))
        .hasMessageContaining("127.0.0.1:" + counting.port());
    nothingConnects();
  }
}
