package org.gridrmi.it.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * deploy/slurm/test-cluster leaves the system alone unless asked to {@code install}: on a machine without Slurm's
 * packages, {@code check} and {@code up} name the command that sets it up and never run apt-get. The machine is
 * simulated by commands ahead of the real ones on PATH ({@code id} says root, {@code dpkg-query} knows no package,
 * {@code apt-get} and {@code systemctl} only write down that they were called), so the test runs anywhere and
 * installs nothing.
 */
class SlurmTestClusterScriptIT {
  static final Path CLUSTER = SlurmJobs.ROOT.resolve("deploy/slurm/test-cluster");

  Path dir;
  Path calls;
  Map<String, String> env;

  @BeforeEach
  void fakeMachineWithoutSlurm() throws Exception {
    dir = Files.createDirectories(Path.of("target", "it-slurm-test-cluster").toAbsolutePath());
    Path bin = Files.createDirectories(dir.resolve("bin"));
    calls = dir.resolve("calls.log");
    Files.deleteIfExists(calls);
    fake(bin, "id", "case \"$1\" in -u) echo 0 ;; -un) echo root ;; *) echo 'uid=0(root)' ;; esac");
    fake(bin, "dpkg-query", "exit 1");
    // exits 1, so that the script as it was before 'install' stops right after calling it
    fake(bin, "apt-get", "echo \"apt-get $*\" >> '" + calls + "'; exit 1");
    fake(bin, "systemctl", "echo \"systemctl $*\" >> '" + calls + "'; exit 1");
    env = Map.of(
        "PATH",
        bin + ":" + System.getenv("PATH"),
        "GRIDRMI_SLURM_STATE",
        dir.resolve("state").toString(),
        "GRIDRMI_SLURM_PORT",
        "1");
  }

  private static void fake(Path bin, String name, String body) throws Exception {
    Path f = bin.resolve(name);
    Files.writeString(f, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private Procs.Result cluster(String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(List.of("bash", CLUSTER.toString()));
    cmd.addAll(List.of(args));
    return Procs.run(cmd, env, dir.resolve("test-cluster.log"), 30);
  }

  /** Exit code 3 with one line naming the install command, and neither apt-get nor systemctl was run. */
  private void refusedInOneLineHavingRunNothing(Procs.Result r) {
    assertThat(r.exit()).as(r.output()).isEqualTo(3);
    assertThat(r.output().strip())
        .doesNotContain("\n")
        .contains("Slurm is not installed", "deploy/slurm/test-cluster install");
    assertThat(calls).doesNotExist();
  }

  @Test
  void upOnAMachineWithoutSlurmInstallsNothingAndNamesTheInstallCommand() throws Exception {
    refusedInOneLineHavingRunNothing(cluster("up", "3"));
  }

  @Test
  void checkSaysWhyInOneLineAndChangesNothing() throws Exception {
    refusedInOneLineHavingRunNothing(cluster("check"));
  }

  @Test
  void installIsTheOneCommandThatRunsApt() throws Exception {
    Procs.Result r = cluster("install");

    assertThat(r.exit()).as(r.output()).isEqualTo(3);
    assertThat(r.output()).contains("apt-get install slurmctld slurmd slurm-client munge failed");
    assertThat(Files.readString(calls)).contains("apt-get update");
  }
}
