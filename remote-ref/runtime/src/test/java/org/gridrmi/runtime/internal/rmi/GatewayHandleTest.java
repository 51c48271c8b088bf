package org.gridrmi.runtime.internal.rmi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.NetContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A node's registry entry is its stub as bytes: the client reads where the stub points before making it, since making
 * it registers it with RMI's distributed GC, which connects to the address it names at once.
 */
class GatewayHandleTest {
  /** A listening socket that counts the connections made to it. */
  static final class CountingPort implements RMIServerSocketFactory {
    final AtomicInteger accepted = new AtomicInteger();
    volatile int port;

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
      ServerSocket s = new ServerSocket(port, 50, InetAddress.getLoopbackAddress()) {
        @Override
        public Socket accept() throws IOException {
          Socket s = super.accept();
          accepted.incrementAndGet();
          return s;
        }
      };
      this.port = s.getLocalPort();
      return s;
    }
  }

  private NetContext net;
  private CallGateway exported;
  private final CountingPort counting = new CountingPort();
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
    handle = GatewayHandle.of((CallGateway)
        UnicastRemoteObject.exportObject(exported, 0, net.clientFactory("127.0.0.1"), counting));
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
        .until(() -> counting.accepted.get() == 0);
  }

  @Test
  void aStubForAnotherPortIsRefusedBeforeTheJvmConnectsToIt() {
    String looked = "rmi://127.0.0.1:" + (counting.port + 1);
    assertThatThrownBy(() ->
            handle.stub("127.0.0.1", counting.port + 1, net.clientFactory(null).toString(), looked))
        .isInstanceOf(GridException.class)
        .satisfies(
            e -> assertThat(((GridException) e).status()).isEqualTo(Status.PERMISSION_DENIED))
        .hasMessageContaining(looked)
        .hasMessageContaining("127.0.0.1:" + counting.port);
    nothingConnects();
  }

  @Test
  void aPlainStubLookedUpWithTlsIsRefusedBeforeTheJvmConnectsToIt() {
    String looked = "rmi://127.0.0.1:" + counting.port;
    assertThatThrownBy(
            () -> handle.stub("127.0.0.1", counting.port, "GridSocketFactory[TLS]", looked))
        .isInstanceOf(GridException.class)
        .hasMessageContaining("without TLS");
    nothingConnects();
  }

  @Test
  void aStubForTheLookedUpAddressIsMade() {
    CallGateway stub = handle.stub(
        "127.0.0.1",
        counting.port,
        net.clientFactory(null).toString(),
        "rmi://127.0.0.1:" + counting.port);
    assertThat(Proxy.isProxyClass(stub.getClass())).isTrue();
    Awaitility.await("the JVM's distributed GC registers the stub where it was looked up")
        .atMost(Duration.ofSeconds(5))
        .until(() -> counting.accepted.get() > 0);
  }
}
