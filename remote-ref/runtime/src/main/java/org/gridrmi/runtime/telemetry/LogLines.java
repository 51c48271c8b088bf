package org.gridrmi.runtime.telemetry;

/**
 * GridRMI's log lines are one line each: GridRMI logs through {@code System.Logger}, which without a logging library
 * is java.util.logging, whose default format takes two lines per record. A Grid and a server set the one-line format
 * below as they are built, before their first line, unless the user configured java.util.logging (a properties file
 * or class, or the format property itself), so that a user's own client or server main logs as the gridrmi command
 * does. A logging library bridged in (SLF4J, Log4j) is not affected: it does not read this property.
 *
 * <p>It is a JVM-wide setting (the JDK reads it when a handler's formatter is made), the one such a Grid or server
 * makes; set the property yourself, or configure logging, and it stands.
 */
public final class LogLines {
  /** Date, time, level, message and the exception if any, on one line. */
  public static final String FORMAT = "%1$tF %1$tT %4$s %5$s%6$s%n";

  private static final String FORMAT_PROPERTY = "java.util.logging.SimpleFormatter.format";

  private LogLines() {}

  /** Sets {@link #FORMAT} unless java.util.logging is configured in this JVM; idempotent. */
  public static void oneLineUnlessConfigured() {
    if (System.getProperty("java.util.logging.config.file") == null
        && System.getProperty("java.util.logging.config.class") == null
        && System.getProperty(FORMAT_PROPERTY) == null) {
      System.setProperty(FORMAT_PROPERTY, FORMAT);
    }
  }
}
