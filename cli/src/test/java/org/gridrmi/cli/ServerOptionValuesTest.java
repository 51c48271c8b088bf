package org.gridrmi.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * A value the server's builder refuses (it checks each option as it is set) is a configuration mistake like any
 * other: one line naming the option and the value, exit code 2, before anything starts.
 */
class ServerOptionValuesTest {
  static void refused(String[] args, String... parts) {
    StringWriter err = new StringWriter();
    int exit = CommandRunner.execute(
        new PrintWriter(new StringWriter(), true),
        new PrintWriter(err, true),
        new ServerCommand(),
        args);
    assertThat(exit).as("exit code; stderr: " + err).isEqualTo(CommandRunner.USAGE);
    assertThat(err.toString().strip().split("\\R")).as("stderr").hasSize(1);
    assertThat(err.toString()).contains(parts).doesNotContain("Exception", "\tat ");
  }

  @Test
  void valuesOutOfTheirBoundsAreOneLineNamingThem() {
    refused(new String[] {"--port", "0", "--threads", "0"}, "threads", "at least 1", "got 0");
    refused(new String[] {"--port", "0", "--lease", "0s"}, "lease", "positive", "PT0S");
    refused(
        new String[] {"--port", "0", "--call-timeout", "-1s"}, "callTimeout", "positive", "PT-1S");
    refused(new String[] {"--port", "0", "--max-queued-calls", "0"}, "maxQueuedCalls", "got 0");
    refused(
        new String[] {"--port", "0", "--max-pending-per-client", "0"},
        "maxPendingCallsPerClient",
        "got 0");
    refused(new String[] {"--port", "0", "--max-pending-calls", "0"}, "maxPendingCalls", "got 0");
    refused(new String[] {"--port", "0", "--allow", "com acme"}, "allow", "'com acme'");
    refused(
        new String[] {"--port", "0", "--lookup", "jini://127.0.0.1:4160", "--join-lease", "0s"},
        "join lease",
        "PT0S");
  }

  @Test
  void aSecretFileOthersMayReadAndConflictingSecretOptionsAreOneLine(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path open = dir.resolve("secret");
    org.gridrmi.runtime.net.GridSecret.create(open);
    java.nio.file.Files.setPosixFilePermissions(
        open, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
    refused(
        new String[] {"--port", "0", "--secret", open.toString()}, open.toString(), "chmod 600");
    refused(
        new String[] {"--port", "0", "--secret", open.toString(), "--insecure"},
        "--insecure",
        "one of the two");
    refused(new String[] {"--port", "0", "--insecure", "--tls"}, "--insecure", "--tls");
  }
}
