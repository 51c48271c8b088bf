package org.gridrmi.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.Test;

/** A server's "stopped" line, which ./gridrmi server and a server main of a user's own print: counted in words. */
class ServerStoppedLineTest {
  @Test
  void oneCallIsOneCallRun() {
    GridServer server = GridServer.builder()
        .name("S9")
        .export(Fig2Service.class, new Fig2ServiceImpl())
        .start();
    try (Grid grid = Grid.connect(server.address())) {
      grid.async(Fig2ServiceAsync.class).echo(RemoteReference.of("x")).get(Duration.ofSeconds(10));
    } finally {
      server.close();
    }

    assertThat(server.stoppedLine()).matches("GridRMI server S9 stopped after \\d+ s, 1 call run");
  }
}
