package org.gridrmi.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.rmi.Remote;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.List;
import org.gridrmi.cli.GridRmiCli;
import org.gridrmi.cli.LookupCommand;
import org.gridrmi.runtime.net.NetContexts;
import org.gridrmi.testing.CountingPort;
import org.gridrmi.testing.FakeLookupService;
import org.gridrmi.testing.JvmProcess;
import org.junit.jupiter.api.Test;

/**
 * What answers unicast discovery at a {@code jini://} address decides the registrar proxy a client reads, and so where
 * the client's JVM connects (reading an RMI stub makes its distributed GC call the address it names at once).
 * {@code gridrmi status} in a JVM of its own must refuse a registrar proxy that points elsewhere, before any
 * connection, with one line naming the address and exit code 2 (a program gets PERMISSION_DENIED: RegistrarProxyTest): a live stub from a program answering at the port
 * (this test's, naming a socket of the test's that counts connections), and a lookup service whose registrar names
 * another host than the one the client asked.
 */
class RegistrarProxyIT {
  private static final Duration START = Duration.ofSeconds(60);

  @Test
  void aProgramAnsweringAtTheLookupPortCannotMakeStatusConnectElsewhere() throws Exception {
    CountingPort trap = new CountingPort();
    RegisteredStubIT.Bait bait = new RegisteredStubIT.Bait();
    Remote stub = UnicastRemoteObject.exportObject(
        bait, 0, NetContexts.defaultPlain().clientFactory("127.0.0.1"), trap);
    try (FakeLookupService fake = new FakeLookupService(stub)) {
      String out;
      int exit;
      try (JvmProcess status = RegisteredStubIT.java(
          "registrar-status-fake",
          GridRmiCli.class.getName(),
          List.of("status", "--lookup", fake.url(), "--timeout", "20s"))) {
        exit = status.exitCode(START);
        out = String.join("\n", status.output());
      }
      Thread.sleep(2_000); // the distributed GC's "dirty" call comes at once: leave it time to show
      assertThat(trap.accepted())
          .as("connections to the port the registrar's stub names")
          .isZero();
      assertThat(fake.answered()).as("discovery requests answered").isPositive();
      assertThat(exit).as(out).isEqualTo(2);
      assertThat(out)
          .contains("refused")
          .contains(fake.url())
          .contains("answer to unicast discovery");
    } finally {
      UnicastRemoteObject.unexportObject(bait, true);
    }
  }

  @Test
  void aRegistrarNamingAnotherHostThanTheOneAskedIsRefused() throws Exception {
    try (JvmProcess reggie = RegisteredStubIT.java(
        "registrar-reggie-elsewhere",
        LookupCommand.class.getName(),
        List.of("--port", "0", "--host", "127.0.0.2"))) {
      String port =
          reggie.awaitLine("ready at jini://127\\.0\\.0\\.2:(\\d+)", START).group(1);
      String asked = "jini://127.0.0.1:" + port;
      try (JvmProcess status = RegisteredStubIT.java(
          "registrar-status-elsewhere",
          GridRmiCli.class.getName(),
          List.of("status", "--lookup", asked, "--timeout", "20s"))) {
        int exit = status.exitCode(START);
        String out = String.join("\n", status.output());
        assertThat(exit).as(out).isEqualTo(2);
        assertThat(out)
            .contains("refused")
            .contains(asked)
            .contains("127.0.0.2:")
            .contains("not to the host of a lookup service this program follows");
      }
    }
  }
}
