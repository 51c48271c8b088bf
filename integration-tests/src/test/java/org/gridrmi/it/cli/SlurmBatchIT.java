package org.gridrmi.it.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * deploy/slurm/gridrmi.sbatch on a real Slurm: Debian's slurmctld and slurmd with 3 emulated nodes on this host,
 * brought up by deploy/slurm/test-cluster. The test installs nothing: where {@code test-cluster check} fails (Slurm
 * not installed, not root, another Slurm here) every test is reported skipped with its one-line reason, which names
 * {@code deploy/slurm/test-cluster install}, the command that sets a test cluster up (.ci/run calls it before the
 * tests); so is it with -Dgridrmi.slurm.it.skip=REASON.
 */
class SlurmBatchIT {
  static final Path CLUSTER = SlurmJobs.ROOT.resolve("deploy/slurm/test-cluster");
  /** Set (to the reason) where a build runs twice and one run of these tests is enough (.ci/run's second JDK). */
  static final String SKIP_PROPERTY = "gridrmi.slurm.it.skip";

  static final Duration JOB_END = Duration.ofSeconds(180);
  /** KillWait of the test cluster (8 s) plus the time to notice. */
  static final Duration AFTER_SCANCEL = Duration.ofSeconds(20);

  static Path dir;
  static SlurmJobs jobs;
  static boolean up;

  /**
   * Why these tests cannot run here, or null. Each test is skipped with it (an assumption in a {@code @BeforeAll}
   * would vanish from Surefire's report: a class-level abort is counted as no test at all).
   */
  static String skipReason;

  @BeforeAll
  static void clusterUp() throws Exception {
    String skip = System.getProperty(SKIP_PROPERTY);
    if (skip != null) {
      skip("skipped by -D" + SKIP_PROPERTY + ": " + skip);
      return;
    }
    if (!System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("linux")) {
      skip("a test Slurm needs Linux; this is " + System.getProperty("os.name"));
      return;
    }
    dir = Files.createDirectories(Path.of("target", "it-slurm").toAbsolutePath());
    jobs = new SlurmJobs(dir);
    if (!cluster(60, "check"))
      return; // installs nothing: where Slurm is not set up, the tests skip
    leaveStaleRunDirectories();
    if (!cluster(600, "up", "3")) return;
    up = true;
  }

  /**
   * Runs {@code test-cluster ARGS}: true if it succeeded, false if it said this machine cannot host a test cluster
   * (exit 3: every test is then skipped with its line); fails on any other exit.
   */
  private static boolean cluster(long seconds, String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("bash", CLUSTER.toString()));
    command.addAll(List.of(args));
    Procs.Result r =
        Procs.run(command, Map.of(), dir.resolve("cluster-" + args[0] + ".log"), seconds);
    if (r.exit() == 3) {
      skip("no test Slurm on this machine: " + r.output().strip());
      return false;
    }
    assertThat(r.exit())
        .as("test-cluster " + String.join(" ", args) + ": " + r.output())
        .isZero();
    return true;
  }

  /**
   * Skips every test with {@code reason}, and prints it as one line: Maven's console shows a skipped count, not the
   * reason (that stays in target/failsafe-reports).
   */
  private static void skip(String reason) {
    skipReason = reason;
    System.out.println("SlurmBatchIT skipped: " + reason);
  }

  @BeforeEach
  void runnableHere() {
    assumeTrue(skipReason == null, skipReason);
  }

  /**
   * A fresh test cluster numbers its jobs from 1 again, so the run directories of an earlier run of this test are
   * met again: what they hold must never be read as the new job's (a stale ready line named a dead lookup service).
   * The jobs' output files are the test's own to read, so those it removes.
   */
  private static void leaveStaleRunDirectories() throws java.io.IOException {
    try (var old = Files.newDirectoryStream(
        dir, "job-*.out")) { // the test reads these while the job may not run yet
      for (Path out : old) Files.delete(out);
    }
    for (int job = 1; job <= 20; job++) {
      Path run = Files.createDirectories(jobs.runDir(String.valueOf(job)));
      Files.writeString(
          run.resolve("lookup.log"), "lookup service ready at jini://127.0.0.1:1 (groups none)\n");
      for (String node : List.of("n1", "n2", "n3")) {
        Files.writeString(
            run.resolve(node + ".log"), "GridRMI server " + node + " ready at rmi://127.0.0.1:1\n");
        Files.writeString(run.resolve(node + ".exit"), "9\n");
      }
    }
  }

  @AfterAll
  static void clusterDown() throws Exception {
    if (!up) return;
    Procs.Result r = Procs.run(
        List.of("bash", CLUSTER.toString(), "down"),
        Map.of(),
        dir.resolve("cluster-down.log"),
        120);
    assertThat(r.exit()).as("test-cluster down: " + r.output()).isZero();
  }

  @Test
  void theIssuesJobBringsUpThreeServersRunsTheDemoAndLeavesNothing() throws Exception {
    Procs.Result r = jobs.submitAndWait(
        List.of("-N", "3"),
        List.of(
            "./gridrmi",
            "demo",
            "--n",
            "50,100",
            "--runs",
            "1",
            "--out",
            dir.resolve("results").toString()));
    String job = SlurmJobs.jobId(r.output());

    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(r.output())
        .containsPattern(
            "3 servers registered with jini://127\\.0\\.0\\.1:\\d+: n1 at rmi://127\\.0\\.0\\.1:\\d+, n2 at")
        .contains("found 3 servers through the lookup service")
        .contains("Fig. 2: y = S2.method2(S1.method1())", "same result: true")
        .containsPattern("n=100 on the grid at jini://\\S+: improved/ideal = \\d")
        .contains("command ended with exit code 0", "teardown complete")
        .doesNotContain("without a clean stop", "FAILED");
    assertThat(SlurmJobs.awaitNoProcesses(job, Duration.ofSeconds(10)))
        .as("processes of job " + job)
        .isEmpty();
  }

  @Test
  void scancelMidRunLeavesNoProcessBehind() throws Exception {
    String job = jobs.submit(List.of("-N", "3"), List.of("sleep", "600"));
    long deadline = System.nanoTime() + JOB_END.toNanos();
    while (!jobs.output(job).contains("GRIDRMI_LOOKUP=") && System.nanoTime() < deadline)
      Thread.sleep(200);
    assertThat(jobs.output(job)).as("job " + job + " became ready").contains("GRIDRMI_LOOKUP=");
    assertThat(SlurmJobs.processes(job))
        .as("the grid's processes while the job runs")
        .hasSizeGreaterThanOrEqualTo(5);

    long cancelled = System.nanoTime();
    Procs.Result c =
        Procs.run(List.of("scancel", job), Map.of(), dir, dir.resolve("scancel.log"), 30);
    assertThat(c.exit()).as(c.output()).isZero();
    List<String> left = SlurmJobs.awaitNoProcesses(job, AFTER_SCANCEL);
    System.out.printf(
        "slurm: scancel of a 3-node job: no process left after %.1f s%n",
        (System.nanoTime() - cancelled) / 1e9);
    assertThat(left).as("processes of job " + job + " after scancel").isEmpty();
    assertThat(jobs.awaitEnd(job, JOB_END)).isNotZero();
  }

  @Test
  void optionsReachTheServersTheCommandsExitCodeBecomesTheJobsAndTheTimesArePrinted()
      throws Exception {
    long submitted = System.currentTimeMillis();
    List<String> args = new java.util.ArrayList<>(List.of(
        "--service",
        "org.gridrmi.jama.MatrixOps=" + "org.gridrmi.jama.JamaMatrixOps",
        "--lease",
        "30s",
        "--threads",
        "2")); // the servers' own options
    args.addAll(probe("3", "7"));
    String job = jobs.submit(List.of("-N", "3"), args);
    int exit = jobs.awaitEnd(job, JOB_END);
    List<String> left = SlurmJobs.awaitNoProcesses(job, Duration.ofSeconds(10));
    long tornDown = System.currentTimeMillis();
    String out = jobs.output(job);

    assertThat(exit).as(out).isEqualTo(7);
    assertThat(left).as("processes of job " + job).isEmpty();
    assertThat(out)
        .contains(
            "normInf on n1 = 2.0",
            "normInf on n2 = 2.0",
            "normInf on n3 = 2.0",
            "services of n3: [org.gridrmi.jama.MatrixOps]",
            "command ended with exit code 7",
            "teardown complete")
        .doesNotContain("without a clean stop");
    Matcher first = Pattern.compile("first call answered at (\\d+)").matcher(out);
    assertThat(first.find()).as(out).isTrue();
    System.out.printf(
        "slurm: 3 nodes: sbatch to first call %.1f s, to full teardown %.1f s%n",
        (Long.parseLong(first.group(1)) - submitted) / 1e3, (tornDown - submitted) / 1e3);
  }

  @Test
  void aServerKilledMidJobIsUnavailableByNameAndTeardownIsStillComplete() throws Exception {
    String job = jobs.submit(List.of("-N", "2"), probe("2", "0", "kill", "n2"));
    int exit = jobs.awaitEnd(job, JOB_END);
    String out = jobs.output(job);

    assertThat(exit).as(out).isZero();
    assertThat(out)
        .contains("killed n2")
        .containsPattern("after the kill: UNAVAILABLE: [^\\n]*n2")
        .contains("server n2 ended without a clean stop (exit code 137); log "
            + jobs.runDir(job).resolve("n2.log"))
        .contains("teardown complete");
    assertThat(SlurmJobs.awaitNoProcesses(job, Duration.ofSeconds(10)))
        .as("processes of job " + job)
        .isEmpty();
  }

  @Test
  void aLookupPortInUseFailsTheJobNamingThePortAndTheLog() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      String job =
          jobs.submit(List.of("-N", "1"), List.of("--lookup-port", String.valueOf(port), "true"));
      int exit = jobs.awaitEnd(job, JOB_END);
      String out = jobs.output(job);

      assertThat(exit).as(out).isEqualTo(1);
      assertThat(out)
          .contains(
              "FAILED: the lookup service on n1 (127.0.0.1) did not start",
              "--port '" + port + "': already in use",
              "log " + jobs.runDir(job).resolve("lookup.log"));
      assertThat(SlurmJobs.awaitNoProcesses(job, Duration.ofSeconds(10)))
          .as("processes of job " + job)
          .isEmpty();
    }
  }

  @Test
  void aServerThatFailsToStartFailsTheJobNamingItsLog() throws Exception {
    try (ServerSocket taken = freePortAbove(1025)) { // n2 listens on --port-base + 1: taken
      int port = taken.getLocalPort();
      String job =
          jobs.submit(List.of("-N", "2"), List.of("--port-base", String.valueOf(port - 1), "true"));
      int exit = jobs.awaitEnd(job, JOB_END);
      String out = jobs.output(job);

      assertThat(exit).as(out).isEqualTo(1);
      assertThat(out)
          .contains(
              "FAILED: server n2 exited with code 2 before it registered",
              "--port '" + port + "': already in use",
              "log " + jobs.runDir(job).resolve("n2.log"));
      assertThat(out).doesNotContain("running: true");
      assertThat(SlurmJobs.awaitNoProcesses(job, Duration.ofSeconds(10)))
          .as("processes of job " + job)
          .isEmpty();
    }
  }

  /** The test's client as the job's command (same JDK and class path as this test). */
  private static List<String> probe(String... args) {
    List<String> cmd = new java.util.ArrayList<>(List.of(
        Procs.javaBin(),
        "-Xmx128m",
        "-cp",
        System.getProperty("java.class.path"),
        SlurmProbe.class.getName()));
    cmd.addAll(List.of(args));
    return cmd;
  }

  /** A bound socket whose port's predecessor is free too (so that --port-base P gives n1 P and n2 the taken one). */
  private static ServerSocket freePortAbove(int min) throws Exception {
    for (int i = 0; i < 50; i++) {
      ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
      int p = s.getLocalPort();
      if (p - 1 > min) {
        try (ServerSocket before = new ServerSocket(p - 1, 1, InetAddress.getLoopbackAddress())) {
          return s;
        } catch (java.io.IOException taken) {
          // try another
        }
      }
      s.close();
    }
    throw new AssertionError("no two adjacent free ports found");
  }
}
