package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.net.ServerSocket;
import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.internal.rmi.CallGateway;
import org.gridrmi.runtime.internal.rmi.RmiTransport;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.NetContext;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.testing.CountingPort;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The stub a registry hands out decides where later calls go: a client uses only a stub for the address it looked
 * up, so a registry (a peer's, or anyone's at that port) cannot redirect its calls to another host or port.
 */
class RedirectingRegistryTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(4));

  private DataNode elsewhere;
  private Registry decoy;
  private NetContext decoyNet;
  private RmiTransport transport;

  @AfterEach
  void stop() throws Exception {
    if (transport != null) transport.close();
    if (decoy != null) UnicastRemoteObject.unexportObject(decoy, true);
    if (exported != null) UnicastRemoteObject.unexportObject(exported, true);
    if (decoyNet != null) decoyNet.close();
    if (elsewhere != null) elsewhere.close();
  }

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** Asks the node at {@code looked} for its info: refused with PERMISSION_DENIED naming that address. */
  private org.assertj.core.api.AbstractThrowableAssert<?, ? extends Throwable> refusedLookingUp(
      String looked) {
    return assertThatThrownBy(() -> transport.client(looked).info())
        .isInstanceOf(GridException.class)
        .satisfies(
            e -> assertThat(((GridException) e).status()).isEqualTo(Status.PERMISSION_DENIED))
        .hasMessageContaining(looked);
  }

  @Test
  void aStubForAnotherPortThanTheLookedUpOneIsRefused() throws Exception {
    elsewhere = DataNode.plain("Elsewhere", TIMEOUTS);
    int decoyPort = freePort();
    // a registry on GridRMI's sockets (it proves the grid secret, as a registry of the grid would)
    decoyNet = new NetContext(null, LinkPlan.NONE, 2_000, "127.0.0.1");
    decoy = LocateRegistry.createRegistry(
        decoyPort, decoyNet.clientFactory("127.0.0.1"), decoyNet.serverFactory());
    // hands out another node's own registry entry, as a registry of the grid would
    decoy.rebind(
        CallGateway.BINDING,
        LocateRegistry.getRegistry(
                "127.0.0.1", elsewhere.port(), decoyNet.clientFactory("127.0.0.1"))
            .lookup(CallGateway.BINDING));
    transport = new RmiTransport(
        new NetContext(null, LinkPlan.NONE, 2_000, null), TIMEOUTS, DataNode.POLICY.filter());
    refusedLookingUp("rmi://127.0.0.1:" + decoyPort)
        .hasMessageContaining(String.valueOf(elsewhere.port()));
  }

  private Remote exported; // the object whose stub the decoy hands out

  private static CallGateway gatewayLookalike() {
    return (CallGateway) Proxy.newProxyInstance(
        CallGateway.class.getClassLoader(),
        new Class<?>[] {CallGateway.class},
        (proxy, method, args) -> {
          throw new UnsupportedOperationException();
        });
  }

  /**
   * Reading a stub makes the JVM's distributed GC connect to the endpoint it names ("dirty" call) as soon as the
   * reply is read: a check of the stub after the lookup comes too late. So a decoy registry's stub, whichever
   * sockets it names (none of GridRMI's, or GridRMI's at another port), must make nothing connect there.
   */
  @ParameterizedTest(name = "a stub on {0} sockets")
  @ValueSource(strings = {"plain JDK", "GridRMI"})
  void aDecoyRegistrysStubMakesNothingConnectToTheAddressItNames(String sockets) throws Exception {
    int decoyPort = freePort();
    decoyNet = new NetContext(null, LinkPlan.NONE, 2_000, "127.0.0.1");
    decoy = LocateRegistry.createRegistry(
        decoyPort, decoyNet.clientFactory("127.0.0.1"), decoyNet.serverFactory());
    CountingPort elsewherePort = new CountingPort();
    exported = gatewayLookalike();
    Remote stub = UnicastRemoteObject.exportObject(
        exported,
        0,
        sockets.equals("GridRMI") ? decoyNet.clientFactory("127.0.0.1") : null,
        elsewherePort);
    decoy.rebind(CallGateway.BINDING, stub);
    transport = new RmiTransport(
        new NetContext(null, LinkPlan.NONE, 2_000, null), TIMEOUTS, DataNode.POLICY.filter());
    refusedLookingUp("rmi://127.0.0.1:" + decoyPort);
    // the JVM's distributed GC connects while the reply is read, and retries within a second
    org.awaitility.Awaitility.await("no connection to the address the decoy's stub names")
        .during(Duration.ofSeconds(1))
        .atMost(Duration.ofSeconds(2))
        .until(() -> elsewherePort.accepted() == 0);
  }

  @Test
  void theStubOfTheLookedUpNodeIsUsed() throws Exception {
    elsewhere = DataNode.plain("Here", TIMEOUTS);
    transport = new RmiTransport(
        new NetContext(null, LinkPlan.NONE, 2_000, null), TIMEOUTS, DataNode.POLICY.filter());
    assertThat(transport.client(elsewhere.address()).info()).isNotNull();
  }
}
