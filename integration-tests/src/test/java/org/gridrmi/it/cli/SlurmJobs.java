package org.gridrmi.it.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Jobs of deploy/slurm/gridrmi.sbatch on the test cluster, as {@link SlurmBatchIT} submits and watches them: each job
 * runs in the project's root, writes its output to DIR/job-ID.out and its grid's logs under DIR/run-ID.
 */
final class SlurmJobs {
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  static final Path SCRIPT = ROOT.resolve("deploy/slurm/gridrmi.sbatch");
  private static final Pattern SUBMITTED = Pattern.compile("Submitted batch job (\\d+)");
  private static final Pattern STATE = Pattern.compile("JobState=(\\S+)");
  private static final Pattern EXIT = Pattern.compile("ExitCode=(\\d+):(\\d+)");
  private static final List<String> ENDED = List.of(
      "COMPLETED",
      "FAILED",
      "CANCELLED",
      "TIMEOUT",
      "NODE_FAIL",
      "OUT_OF_MEMORY",
      "PREEMPTED",
      "BOOT_FAIL",
      "DEADLINE");

  private final Path dir;
  private int submissions;

  SlurmJobs(Path dir) {
    this.dir = dir;
  }

  Map<String, String> env() {
    return Map.of("GRIDRMI_RUN_DIR", dir.resolve("run-%j").toString());
  }

  /** Submits and returns the job id at once. */
  String submit(List<String> sbatchOptions, List<String> scriptArgs) throws Exception {
    Procs.Result r = Procs.run(
        command(sbatchOptions, scriptArgs),
        env(),
        ROOT,
        dir.resolve("sbatch-" + (++submissions) + ".log"),
        60);
    if (r.exit() != 0) throw new AssertionError("sbatch failed: " + r.output());
    return jobId(r.output());
  }

  /** {@code sbatch --wait}: returns when the job has ended, with sbatch's exit code (the job's) and its output. */
  Procs.Result submitAndWait(List<String> sbatchOptions, List<String> scriptArgs) throws Exception {
    List<String> opts = new ArrayList<>(List.of("--wait"));
    opts.addAll(sbatchOptions);
    Procs.Result r = Procs.run(
        command(opts, scriptArgs),
        env(),
        ROOT,
        dir.resolve("sbatch-" + (++submissions) + ".log"),
        600);
    return new Procs.Result(r.exit(), r.output() + "\n" + output(jobId(r.output())));
  }

  private List<String> command(List<String> sbatchOptions, List<String> scriptArgs) {
    List<String> cmd =
        new ArrayList<>(List.of("sbatch", "-o", dir.resolve("job-%j.out").toString()));
    cmd.addAll(sbatchOptions);
    cmd.add(SCRIPT.toString());
    cmd.addAll(scriptArgs);
    return cmd;
  }

  static String jobId(String sbatchOutput) {
    Matcher m = SUBMITTED.matcher(sbatchOutput);
    if (m.find()) return m.group(1);
    String id = sbatchOutput.strip(); // --parsable
    if (id.matches("\\d+(;.*)?")) return id.split(";")[0];
    throw new AssertionError("no job id in sbatch's output: " + sbatchOutput);
  }

  String output(String job) throws IOException {
    Path out = dir.resolve("job-" + job + ".out");
    return Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "";
  }

  Path runDir(String job) {
    return dir.resolve("run-" + job);
  }

  /** Waits for the job to end (polling, not sbatch --wait's backing-off poll) and returns its exit code. */
  int awaitEnd(String job, Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      Procs.Result r = Procs.run(
          List.of("scontrol", "-o", "show", "job", job),
          Map.of(),
          dir,
          dir.resolve("scontrol.log"),
          30);
      Matcher state = STATE.matcher(r.output());
      if (state.find() && ENDED.contains(state.group(1))) {
        Matcher exit = EXIT.matcher(r.output());
        if (!exit.find()) throw new AssertionError("no ExitCode in " + r.output());
        return Integer.parseInt(exit.group(2)) != 0
            ? 128 + Integer.parseInt(exit.group(2))
            : Integer.parseInt(exit.group(1));
      }
      Thread.sleep(200);
    }
    throw new AssertionError(
        "job " + job + " did not end within " + timeout + "; output:\n" + output(job));
  }

  /**
   * The processes of a job, wherever they were started from: every process Slurm starts for it (the batch script,
   * its command, every step's tasks and what they start) inherits SLURM_JOB_ID in its environment.
   */
  static List<String> processes(String job) {
    byte[] mark = ("SLURM_JOB_ID=" + job + "\0").getBytes(StandardCharsets.US_ASCII);
    List<String> found = new ArrayList<>();
    ProcessHandle.allProcesses().forEach(p -> {
      try {
        byte[] env = Files.readAllBytes(Path.of("/proc", String.valueOf(p.pid()), "environ"));
        if (indexOf(env, mark) >= 0)
          found.add(p.pid() + " " + p.info().commandLine().orElse("?"));
      } catch (IOException | RuntimeException e) {
        // gone meanwhile, or not ours to read
      }
    });
    return found;
  }

  /** Waits until no process of the job is left; returns what is left after {@code timeout} (empty: none). */
  static List<String> awaitNoProcesses(String job, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    List<String> left = processes(job);
    while (!left.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(100);
      left = processes(job);
    }
    return left;
  }

  private static int indexOf(byte[] hay, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= hay.length; i++) {
      if (i > 0 && hay[i - 1] != 0) continue; // variables start after a NUL
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) continue outer;
      }
      return i;
    }
    return -1;
  }
}
