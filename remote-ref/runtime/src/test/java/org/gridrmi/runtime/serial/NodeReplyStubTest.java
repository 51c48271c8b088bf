package org.gridrmi.runtime.serial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.Remote;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.junit.jupiter.api.Test;

/**
 * A remote reference (stub) read from a stream makes the JVM connect to the endpoint it names at once (RMI's
 * distributed GC "dirty" call): so a GridRMI node's reply, which never legitimately carries one, has it refused
 * before the JVM connects anywhere. Elsewhere (registry and lookup-service replies) stubs stay plumbing.
 */
class NodeReplyStubTest {
  interface Nothing extends Remote {}

  static final class NothingImpl implements Nothing {}

  /** Counts the connections the exported object's port accepts. */
  static final class CountingFactory implements RMIServerSocketFactory {
    final AtomicInteger accepted = new AtomicInteger();

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
      return new ServerSocket(port, 50, java.net.InetAddress.getLoopbackAddress()) {
        @Override
        public Socket accept() throws IOException {
          Socket s = super.accept();
          accepted.incrementAndGet();
          return s;
        }
      };
    }
  }

  private static Object readWithTheJvmFilter(byte[] bytes) throws Exception {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
      return in.readObject();
    }
  }

  @Test
  void aStubInANodesReplyIsRefusedBeforeTheJvmConnectsToIt() throws Exception {
    JvmFilter.register(new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of()));
    assertThat(JvmFilter.installed())
        .as("GridRMI's JVM-wide filter is in force")
        .isTrue();
    CountingFactory counting = new CountingFactory();
    NothingImpl target = new NothingImpl();
    Remote stub = UnicastRemoteObject.exportObject(target, 0, null, counting);
    try {
      byte[] bytes = SerialFiltersTest.serialize(stub);
      int before = counting.accepted.get();
      Throwable t =
          catchThrowable(() -> JvmFilter.readingNodeReply(() -> readWithTheJvmFilter(bytes)));
      GridException g = SerialFilters.refusal(t);
      assertThat(g).as("refused: %s", t).isNotNull();
      assertThat(g.status()).isEqualTo(Status.PERMISSION_DENIED);
      assertThat(g.getMessage()).contains("remote reference");
      Thread.sleep(200);
      assertThat(counting.accepted.get())
          .as("connections to the stub's endpoint")
          .isEqualTo(before);
      // elsewhere (a registry's reply) a stub is plumbing, and the JVM does connect to it
      assertThat(readWithTheJvmFilter(bytes)).isInstanceOf(Nothing.class);
      org.awaitility.Awaitility.await()
          .atMost(java.time.Duration.ofSeconds(5))
          .untilAsserted(() -> assertThat(counting.accepted.get())
              .as("the JVM's dirty call to the stub's endpoint, which the refusal prevents")
              .isGreaterThan(before));
    } finally {
      UnicastRemoteObject.unexportObject(target, true);
    }
  }
}
