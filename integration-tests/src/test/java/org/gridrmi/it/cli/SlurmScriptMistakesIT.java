package org.gridrmi.it.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What gridrmi.sbatch says before it starts anything, where no Slurm is needed: run outside an allocation, an
 * allocation of zero usable nodes, options that are the script's to set, no command.
 */
class SlurmScriptMistakesIT {
  static Path dir;

  @BeforeAll
  static void dir() throws Exception {
    dir = Files.createDirectories(Path.of("target", "it-slurm-mistakes").toAbsolutePath());
  }

  /** Runs the script directly (not through sbatch) with this environment added to one without SLURM_*. */
  static Procs.Result script(Map<String, String> env, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("env"));
    System.getenv().keySet().stream()
        .filter(k -> k.startsWith("SLURM"))
        .forEach(k -> cmd.addAll(List.of("-u", k)));
    cmd.addAll(List.of("bash", SlurmJobs.SCRIPT.toString()));
    cmd.addAll(List.of(args));
    Map<String, String> all = new HashMap<>(Map.of(
        "GRIDRMI_HOME",
        SlurmJobs.ROOT.toString(),
        "GRIDRMI_RUN_DIR",
        dir.resolve("run").toString()));
    all.putAll(env);
    return Procs.run(cmd, all, dir.resolve("script.log"), 30);
  }

  static final Map<String, String> IN_A_JOB =
      Map.of("SLURM_JOB_ID", "4242", "SLURM_JOB_NODELIST", "n1");

  @Test
  void outsideAnAllocationItSaysHowToSubmitIt() throws Exception {
    Procs.Result r = script(Map.of(), "./gridrmi", "demo");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.output())
        .contains("not inside a Slurm allocation", "sbatch -N 3 deploy/slurm/gridrmi.sbatch");
  }

  @Test
  void anAllocationOfZeroUsableNodesFailsTheJob() throws Exception {
    Procs.Result r =
        script(Map.of("SLURM_JOB_ID", "4242", "SLURM_JOB_NODELIST", ""), "./gridrmi", "demo");
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.output()).contains("FAILED: the allocation has zero usable nodes");
  }

  @Test
  void optionsTheScriptSetsPerServerAreRefusedByName() throws Exception {
    for (String option : List.of("--port", "--name", "--host", "--lookup")) {
      Procs.Result r = script(IN_A_JOB, option, "x", "true");
      assertThat(r.exit()).as(r.output()).isEqualTo(2);
      assertThat(r.output()).contains(option + " is set by gridrmi.sbatch for each server");
    }
    Procs.Result r = script(IN_A_JOB, "--lookup-port", "four", "true");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.output()).contains("--lookup-port 'four': expected a number");
  }

  @Test
  void noCommandIsAMistakeThatShowsAnExample() throws Exception {
    Procs.Result r = script(IN_A_JOB, "--lease", "30s");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.output()).contains("no command to run against the grid", "./gridrmi demo");
  }
}
