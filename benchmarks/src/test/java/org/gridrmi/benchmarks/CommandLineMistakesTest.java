package org.gridrmi.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import org.gridrmi.cli.CommandRunner;
import org.gridrmi.cli.GridRmiCli;
import org.junit.jupiter.api.Test;

/**
 * The mistakes a newcomer makes in the first hour: each is one line on stderr naming the option, the value and the
 * expected form, with exit code 2 and no stack trace (unless --verbose).
 */
class CommandLineMistakesTest {
  record Outcome(int exit, String err) {
    String[] lines() {
      return err.strip().split("\\R");
    }
  }

  static Outcome run(String... args) {
    StringWriter err = new StringWriter();
    int exit = CommandRunner.execute(
        new PrintWriter(new StringWriter(), true),
        new PrintWriter(err, true),
        GridRmiCli.commandLine(),
        args);
    return new Outcome(exit, err.toString());
  }

  static void assertOneLine(Outcome o, String... parts) {
    assertThat(o.exit()).as("exit code of " + o.err()).isEqualTo(2);
    assertThat(o.lines()).as("stderr").hasSize(1);
    assertThat(o.err()).contains(parts).doesNotContain("Exception", "\tat ");
  }

  @Test
  void aMisspelledLinkNamesTheOptionAndTheProfiles() {
    assertOneLine(
        run("server", "--link", "paperwan"), "--link 'paperwan'", "loopback, lan, paper-wan");
    assertOneLine(run("bench", "fig7", "--link", "paperwan"), "--link 'paperwan'", "paper-wan");
  }

  @Test
  void aBadLinkMatrixNamesItsBadPart() {
    assertOneLine(
        run("server", "--link", "default=lan,S3-S3=lan"),
        "--link",
        "'S3-S3' names the same node twice");
    assertOneLine(run("server", "--link", "default=lan,S3=warp"), "--link", "bad profile 'warp'");
    assertOneLine(
        run("bench", "fig7", "--link", "default=lan,S3=lan,S3=wan"),
        "--link",
        "'S3' is given more than once");
  }

  @Test
  void anUnresolvableHostIsRefused() {
    assertOneLine(
        run("server", "--host", "no.such.host.invalid"),
        "--host 'no.such.host.invalid'",
        "cannot be resolved",
        "expected");
  }

  @Test
  void aPortInUseIsRefusedInOneLine() throws Exception {
    try (ServerSocket taken = new ServerSocket(0)) {
      String port = String.valueOf(taken.getLocalPort());
      assertOneLine(
          run("server", "--host", "127.0.0.1", "--port", port), "--port '" + port + "'", "in use");
      assertOneLine(run("lookup", "--port", port), "--port '" + port + "'", "in use");
    }
  }

  @Test
  void malformedAddressesNameTheExpectedForm() {
    assertOneLine(
        run("server", "--lookup", "localhost:4160"),
        "--lookup 'localhost:4160'",
        "jini://HOST:PORT");
    assertOneLine(run("demo", "--lookup", "localhost:4160"), "localhost:4160", "jini://");
    Outcome status = run("status", "--lookup", "localhost:4160");
    assertOneLine(status, "localhost:4160", "jini://");
    assertThat(status.err().split("malformed", -1)).as("said once").hasSizeLessThanOrEqualTo(2);
    assertOneLine(run("server", "--port", "70000"), "--port '70000'", "65535");
  }

  @Test
  void badMemoryBenchFiguresNameTheOptionAndTheForm() {
    assertOneLine(
        run("bench", "memory", "--value", "1XB"),
        "--value '1XB'",
        "expected a size such as 100KB, 1MB");
    assertOneLine(run("bench", "memory", "--value", "0B"), "--value '0B'", "from 1B to");
    assertOneLine(
        run("bench", "memory", "--chains", "0"),
        "--chains '0'",
        "at least 1",
        "expected a whole number");
    assertOneLine(
        run("bench", "memory", "--heap", "256x"),
        "--heap '256x'",
        "as -Xmx takes it, such as 128m");
    assertOneLine(run("bench", "memory", "--window", "0"), "--window '0'", "from 1 to 1000");
    assertOneLine(
        run("bench", "memory", "--max-failures", "0"), "--max-failures '0'", "at least 1");
  }

  @Test
  void badTransferBenchFiguresNameTheOptionAndTheForm() {
    assertOneLine(run("bench", "transfer", "--sizes", "8XB"), "--sizes '8XB'", "not a size");
    assertOneLine(
        run("bench", "transfer", "--types", "floats"),
        "--types 'floats'",
        "doubles, matrix or rows");
    assertOneLine(run("bench", "transfer", "--warmup", "-1"), "--warmup '-1'", "from 0 to 1000");
    assertOneLine(
        run("bench", "transfer", "--warmup-seconds", "-1"),
        "--warmup-seconds '-1.0'",
        "from 0 to 3600");
    assertOneLine(
        run("bench", "transfer", "--warmup-seconds", "NaN"),
        "--warmup-seconds 'NaN'",
        "from 0 to 3600");
    assertOneLine(
        run("bench", "transfer", "--warmup-chains", "-5"),
        "--warmup-chains '-5'",
        "from 0 to 100000");
  }

  @Test
  void anUnknownOptionIsOneLineToo() {
    assertOneLine(run("server", "--prot", "5000"), "--prot");
  }

  @Test
  void verboseAddsTheStackTrace() {
    Outcome o = run("server", "--host", "no.such.host.invalid", "--verbose");
    assertThat(o.exit()).isEqualTo(2);
    assertThat(o.err()).contains("--host 'no.such.host.invalid'").contains("\tat ");
  }

  @Test
  void aServiceThatKeepsALedgerNeedsTheLedgerDirectory() {
    assertOneLine(
        run(
            "server",
            "--host",
            "127.0.0.1",
            "--service",
            "org.gridrmi.benchmarks.soak.SoakOps=org.gridrmi.benchmarks.soak.SoakOpsImpl"),
        "--service 'org.gridrmi.benchmarks.soak.SoakOpsImpl'",
        "--ledger DIR");
  }

  @Test
  void chaosRefusesWhatItCannotRun() {
    assertOneLine(
        run("bench", "chaos", "--link", "default=lan,127.0.0.1:5000=drop"),
        "--link",
        "without commas");
    assertOneLine(
        run("bench", "chaos", "--faults", "stop,flood"),
        "--faults 'flood'",
        "baseline, stop, kill");
    assertOneLine(run("bench", "chaos", "--chains", "3"), "--chains 3", "5 phases");
    assertOneLine(run("bench", "chaos", "--servers", "2"), "--servers >= 3");
  }
}
