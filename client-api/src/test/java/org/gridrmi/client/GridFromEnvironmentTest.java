package org.gridrmi.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.junit.jupiter.api.Test;

/**
 * A client finds the grid of its batch job from {@code GRIDRMI_LOOKUP} (what deploy/slurm/gridrmi.sbatch exports),
 * through entry points that say so: {@code Grid.connect()} and {@code Builder.lookupFromEnvironment()}. A missing
 * or malformed value is refused in one message naming the variable and the form it takes.
 */
class GridFromEnvironmentTest {

  @Test
  void aMissingVariableIsNamedWithTheFormItTakes() {
    assertThatThrownBy(() -> Grid.builder().lookupFrom(Map.of()))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("GRIDRMI_LOOKUP is not set")
        .hasMessageContaining("jini://HOST:PORT")
        .hasMessageContaining("gridrmi.sbatch");
    assertThatThrownBy(() -> Grid.builder().lookupFrom(Map.of(Grid.LOOKUP_ENV, " ")))
        .isInstanceOf(GridException.class)
        .hasMessageContaining("GRIDRMI_LOOKUP is not set");
  }

  @Test
  void aMalformedValueIsNamedWithTheFormItTakes() {
    assertThatThrownBy(() -> Grid.builder().lookupFrom(Map.of(Grid.LOOKUP_ENV, "localhost:4160")))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("GRIDRMI_LOOKUP='localhost:4160'")
        .hasMessageContainingAll("the scheme must be jini", "expected jini://host:port");
    assertThatThrownBy(() -> Grid.builder().lookupFrom(Map.of(Grid.LOOKUP_ENV, "rmi://h1:5001")))
        .isInstanceOf(GridException.class)
        .hasMessageContaining("GRIDRMI_LOOKUP='rmi://h1:5001'");
  }

  @Test
  void theVariablesLookupServiceIsTheOneTheGridUses() throws IOException {
    int nobody;
    try (ServerSocket s = new ServerSocket(0)) {
      nobody = s.getLocalPort();
    }
    String url = "jini://127.0.0.1:" + nobody;
    Grid.Builder b = Grid.builder()
        .lookupFrom(Map.of(Grid.LOOKUP_ENV, url))
        .discoveryTimeout(Duration.ofMillis(500));
    assertThatThrownBy(b::build)
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.UNAVAILABLE))
        .hasMessageContaining("127.0.0.1:" + nobody);
  }

  @Test
  void connectWithNoArgumentReadsTheEnvironment() {
    assumeTrue(
        System.getenv(Grid.LOOKUP_ENV) == null,
        "this JVM runs with GRIDRMI_LOOKUP set (inside a batch job?); the unset case cannot be tried here");
    assertThatThrownBy(Grid::connect)
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("GRIDRMI_LOOKUP is not set");
  }
}
