package org.gridrmi.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** PortProbe tells a lookup service, a Java RMI endpoint and a silent port apart, each within its bound. */
class PortProbeTest {
  static final Duration BOUND = Duration.ofMillis(500);

  @Test
  void aLookupServiceAnswersDiscoveryButNotJavaRmi() {
    try (LookupServer server = LookupServer.start("127.0.0.1", 0)) {
      int port = JiniUrls.port(JiniUrls.parse(server.url()));

      assertThat(PortProbe.answersJiniDiscovery("127.0.0.1", port, BOUND)).isTrue();
      assertThat(PortProbe.answersJavaRmi("127.0.0.1", port, BOUND)).isFalse();
    }
  }

  @Test
  void anRmiRegistryAnswersJavaRmiButNotDiscovery() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Registry registry = LocateRegistry.createRegistry(port);
    try {
      long start = System.nanoTime();

      assertThat(PortProbe.answersJavaRmi("127.0.0.1", port, BOUND)).isTrue();
      assertThat(PortProbe.answersJiniDiscovery("127.0.0.1", port, BOUND)).isFalse();
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
    } finally {
      UnicastRemoteObject.unexportObject(registry, true);
    }
  }

  @Test
  void aSilentPortIsNeitherAndTheProbesReturnWithinTheirBound() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
      long start = System.nanoTime();

      assertThat(PortProbe.answersJavaRmi("127.0.0.1", silent.getLocalPort(), BOUND))
          .isFalse();
      assertThat(PortProbe.answersJiniDiscovery("127.0.0.1", silent.getLocalPort(), BOUND))
          .isFalse();
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
    }
  }
}
