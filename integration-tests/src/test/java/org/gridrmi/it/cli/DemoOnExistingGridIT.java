package org.gridrmi.it.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.gridrmi.benchmarks.LocalGrid;
import org.gridrmi.benchmarks.ServerJvm;
import org.gridrmi.cli.LookupCommand;
import org.junit.jupiter.api.Test;

/**
 * {@code gridrmi demo} on a grid it did not start, named by GRIDRMI_LOOKUP as a Slurm job's command finds it: Fig. 2
 * and the SVD solver run on that grid's servers, and the grid is left running.
 */
class DemoOnExistingGridIT {

  @Test
  void theDemoRunsOnTheGridItsEnvironmentNamesAndLeavesItRunning() throws Exception {
    Path dir = Files.createDirectories(Path.of("target", "it-demo-existing").toAbsolutePath());
    try (LocalGrid grid = new LocalGrid(dir.resolve("logs"), List.of())) {
      ServerJvm lookup = grid.startProcess(
          "lookup",
          LookupCommand.class.getName(),
          List.of("--port", String.valueOf(Procs.freePort()), "--host", "127.0.0.1"));
      grid.startServers(3, List.of("--lookup", lookup.address(), "--join-lease", "5s"));

      Procs.Result demo = Procs.run(
          List.of(
              "bash",
              "-c",
              Procs.cliCommand() + " demo --n 20,40 --runs 1 --out " + dir.resolve("results")),
          Map.of("GRIDRMI_LOOKUP", lookup.address()),
          dir.resolve("demo.log"),
          120);

      assertThat(demo.exit()).as(demo.output()).isZero();
      assertThat(demo.output())
          .contains("GridRMI demo on the grid at " + lookup.address())
          .contains("found 3 servers through the lookup service at " + lookup.address())
          .contains("Fig. 2: y = S2.method2(S1.method1())")
          .contains("same result: true")
          .containsPattern("n=40 on the grid at jini://[^:]+:\\d+: improved/ideal = ")
          .contains("is left running")
          .doesNotContain("lookup service at jini://127.0.0.1:0") // no lookup service of its own
          .doesNotContain(
              "fastest of 1 solves"); // one solve per run: nothing to pick the fastest of
      assertThat(demo.output().split("done in ", -1))
          .as("one total, 'demo done in ...':%n%s", demo.output())
          .hasSize(2);
      assertThat(grid.servers()).allMatch(ServerJvm::isAlive);
    }
  }
}
