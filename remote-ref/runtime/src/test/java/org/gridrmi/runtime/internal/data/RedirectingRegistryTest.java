package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

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
    if (decoyNet != null) decoyNet.close();
    if (elsewhere != null) elsewhere.close();
  }

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @Test
  void aStubForAnotherPortThanTheLookedUpOneIsRefused() throws Exception {
    elsewhere = DataNode.plain("Elsewhere", TIMEOUTS);
    int decoyPort = freePort();
    // a registry on GridRMI's sockets (it proves the grid secret, as a registry of the grid would)
    decoyNet = new NetContext(null, LinkPlan.NONE, 2_000, "127.0.0.1");
    decoy = LocateRegistry.createRegistry(
        decoyPort, decoyNet.clientFactory("127.0.0.1"), decoyNet.serverFactory());
    decoy.rebind(CallGateway.BINDING, elsewhere.stub()); // hands out a stub of another node
    transport = new RmiTransport(
        new NetContext(null, LinkPlan.NONE, 2_000, null), TIMEOUTS, DataNode.POLICY.filter());
    String looked = "rmi://127.0.0.1:" + decoyPort;
    assertThatThrownBy(() -> transport.client(looked).info())
        .isInstanceOf(GridException.class)
        .satisfies(
            e -> assertThat(((GridException) e).status()).isEqualTo(Status.PERMISSION_DENIED))
        .hasMessageContaining(looked)
        .hasMessageContaining(String.valueOf(elsewhere.port()));
  }

  @Test
  void theStubOfTheLookedUpNodeIsUsed() throws Exception {
    elsewhere = DataNode.plain("Here", TIMEOUTS);
    transport = new RmiTransport(
        new NetContext(null, LinkPlan.NONE, 2_000, null), TIMEOUTS, DataNode.POLICY.filter());
    assertThat(transport.client(elsewhere.address()).info()).isNotNull();
  }
}
