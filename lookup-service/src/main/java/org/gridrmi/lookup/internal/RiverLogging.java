package org.gridrmi.lookup.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * River logs through java.util.logging at INFO what GridRMI reports itself, once and in its own words (an unreachable
 * lookup service was an INFO stack trace every 5 s). So River's loggers are set to WARNING the first time a River
 * component starts, unless the user configured java.util.logging (a config file or class) or set those loggers'
 * levels already: then their choice stands.
 */
final class RiverLogging {
  private static final List<String> RIVER_LOGGERS = List.of("net.jini", "com.sun.jini");
  /** java.util.logging keeps loggers weakly: a level set on one that is collected is lost. */
  private static final List<Logger> QUIETED = new ArrayList<>();

  private static boolean done;

  private RiverLogging() {}

  static synchronized void quietByDefault() {
    if (done) return;
    done = true;
    if (System.getProperty("java.util.logging.config.file") != null
        || System.getProperty("java.util.logging.config.class") != null) {
      return;
    }
    for (String name : RIVER_LOGGERS) {
      Logger logger = Logger.getLogger(name);
      if (logger.getLevel() == null) {
        logger.setLevel(Level.WARNING);
        QUIETED.add(logger);
      }
    }
  }
}
