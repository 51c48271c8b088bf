package org.gridrmi.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A user's own program logs GridRMI's lines one line each (java.util.logging's default format takes two): building a
 * Grid sets the one-line format, unless the user configured logging.
 */
class OneLineLogsTest {
  static final String FORMAT = "java.util.logging.SimpleFormatter.format";
  String before;

  @BeforeEach
  void noFormatSet() {
    before = System.getProperty(FORMAT);
    System.clearProperty(FORMAT);
  }

  @AfterEach
  void restore() {
    if (before == null) System.clearProperty(FORMAT);
    else System.setProperty(FORMAT, before);
  }

  @Test
  void aGridsBuilderMakesJavaUtilLoggingWriteOneLinePerRecord() {
    Grid.builder();

    LogRecord r = new LogRecord(Level.INFO, "GridRMI server S1 stopped");
    String line = new SimpleFormatter().format(r);
    assertThat(line.strip()).doesNotContain("\n").endsWith("INFO GridRMI server S1 stopped");
  }

  @Test
  void aFormatTheUserSetStands() {
    System.setProperty(FORMAT, "%5$s%n");

    Grid.builder();

    assertThat(System.getProperty(FORMAT)).isEqualTo("%5$s%n");
  }
}
