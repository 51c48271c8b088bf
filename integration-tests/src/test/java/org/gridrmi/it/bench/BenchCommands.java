package org.gridrmi.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** Runs a benchmark's command in the test's JVM, as {@code ./gridrmi bench NAME ARGS} would. */
public final class BenchCommands {
  private BenchCommands() {}

  /** What the command printed; the test fails (showing it) unless the command exits with 0. */
  static String run(Object command, String... args) {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    PrintStream old = System.out;
    System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
    int code;
    try {
      code = new CommandLine(command).execute(args);
    } finally {
      System.setOut(old);
    }
    String out = buf.toString(StandardCharsets.UTF_8);
    assertThat(code).as(out).isZero();
    return out;
  }
}
