package org.gridrmi.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gridrmi.cli.LookupCommand;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.client.Fig2Service;
import org.gridrmi.client.Fig2ServiceImpl;
import org.gridrmi.client.Grid;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.Test;

/** {@code Grid.connect()} in a program whose environment names the grid, as a batch job's command runs. */
class EnvironmentConnectIT {

  @Test
  void aProgramWithNoAddressFindsTheGridItsEnvironmentNames() throws Exception {
    Path logs = Files.createDirectories(Path.of("target", "it-logs"));
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    try (ServerProcess reggie = ServerProcess.start(
            "env-lookup",
            LookupCommand.class.getName(),
            List.of(),
            List.of("--port", String.valueOf(port)),
            logs.resolve("env-lookup.log"),
            Duration.ofSeconds(60));
        ServerProcess server = ServerProcess.start(
            "env-S1",
            ServerCommand.class.getName(),
            List.of(),
            List.of(
                "--name",
                "E1",
                "--lookup",
                reggie.address(),
                "--join-lease",
                "2s",
                "--service",
                Fig2Service.class.getName() + "=" + Fig2ServiceImpl.class.getName()),
            logs.resolve("env-S1.log"),
            Duration.ofSeconds(60))) {
      assertThat(run(reggie.address(), logs.resolve("env-client.log")))
          .contains("servers=[E1] length=5");
      assertThat(run(null, logs.resolve("env-client-unset.log")))
          .contains("GRIDRMI_LOOKUP is not set: expected jini://HOST:PORT");
    }
  }

  private static String run(String lookup, Path log) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx128m",
            "-cp",
            System.getProperty("java.class.path"),
            EnvironmentClient.class.getName())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile());
    pb.environment().remove(Grid.LOOKUP_ENV);
    if (lookup != null) pb.environment().put(Grid.LOOKUP_ENV, lookup);
    Process p = pb.start();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new AssertionError("the client did not end within 60 s: " + Files.readString(log));
    }
    return Files.readString(log);
  }
}
