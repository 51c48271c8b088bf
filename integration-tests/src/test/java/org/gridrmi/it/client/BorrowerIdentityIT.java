package org.gridrmi.it.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.internal.rmi.CallGateway;
import org.gridrmi.runtime.transport.Addresses;
import org.gridrmi.runtime.wire.Requester;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Across processes on one host: a third process that reaches a server's port cannot make it drop a value it keeps
 * for another server (a borrow) by naming that server, while the borrower's own abandon still ends the borrow.
 */
class BorrowerIdentityIT {
  static final Duration WAIT = Duration.ofSeconds(60);
  final List<ServerProcess> processes = new ArrayList<>();
  Grid grid;

  @AfterEach
  void stop() {
    if (grid != null) grid.close();
    processes.forEach(ServerProcess::kill);
  }

  ServerProcess server(String name) throws Exception {
    // a long lease: a borrow that ends within the test ends because its borrower said so
    List<String> args = List.of(
        "--name",
        name,
        "--port",
        "0",
        "--lease",
        "60s",
        "--service",
        Lifetime.class.getName() + "=" + LifetimeImpl.class.getName());
    Path logs = Files.createDirectories(Path.of("target", "it-logs"));
    ServerProcess p = ServerProcess.start(
        name,
        ServerCommand.class.getName(),
        List.of(),
        args,
        logs.resolve("borrower-" + name + ".log"),
        Duration.ofSeconds(60));
    processes.add(p);
    return p;
  }

  static CallGateway gateway(String address) throws Exception {
    java.net.URI uri = Addresses.rmi(address);
    return CallGateway.lookup( // GridRMI's sockets: the grid secret
        uri.getHost(),
        uri.getPort(),
        org.gridrmi.runtime.net.NetContexts.defaultPlain().clientFactory(null));
  }

  @Test
  void aThirdProcessCannotAbandonAnotherServersBorrowAndTheBorrowersOwnAbandonWorks()
      throws Exception {
    ServerProcess p1 = server("S1");
    ServerProcess p2 = server("S2");
    grid = Grid.builder()
        .servers(p1.address(), p2.address())
        .referenceTransit(Duration.ofMillis(300))
        .build();
    ServerInfo s1 = grid.server("S1");
    String s2 = grid.server("S2").address();
    LifetimeAsync on1 = grid.async(LifetimeAsync.class, s1);
    LifetimeAsync on2 = grid.async(LifetimeAsync.class, grid.server("S2"));
    RemoteReference<byte[]> slow = on1.make(1_000, 3, 50_000); // S2 waits for it at S1
    UUID id = slow.id();
    RemoteReference<Long> crc = on2.crc(slow);
    slow = null;
    await("the client's release arrived, leaving S1 a borrow for S2")
        .atMost(WAIT)
        .until(() -> {
          System.gc();
          return grid.stats(s1).store().releases().collected() > 0;
        });
    assertThat(grid.stats(s1).store().borrowers()).isEqualTo(1);

    // this test's JVM is the third process: it reaches S1's port, as any process on the host can
    CallGateway s1Port = gateway(p1.address());
    UUID s2Node = gateway(s2).info().id(); // public: anyone may ask S2 who it is
    for (Requester posing :
        List.of(new Requester(s2, s2Node, UUID.randomUUID()), new Requester(s2, s2Node, null))) {
      assertThatThrownBy(() -> s1Port.abandon(posing, List.of(id)))
          .isInstanceOfSatisfying(GridException.class, e -> {
            assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED);
            assertThat(e.getMessage()).contains(s2).contains("127.0.0.1");
          });
    }
    assertThat(grid.stats(s1).values()).as("S1 still keeps it for S2").isEqualTo(1);
    assertThat(grid.stats(s1).store().borrowers()).isEqualTo(1);

    crc.cancel(); // S2's call goes, and with it S2's wait for the value: S2 tells S1 itself
    await("S1 let it go at S2's own abandon, long before a lease")
        .atMost(Duration.ofSeconds(20))
        .until(() -> grid.stats(s1).values() == 0);
    long refusals;
    try (var lines = Files.lines(Path.of("target", "it-logs", "borrower-S1.log"))) {
      refusals = lines
          .filter(l -> l.contains("refused a call from 127.0.0.1 acting for the node at " + s2))
          .count();
    }
    assertThat(refusals).as("each refusal logged once").isEqualTo(2);
  }
}
