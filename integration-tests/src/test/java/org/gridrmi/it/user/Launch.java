package org.gridrmi.it.user;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gridrmi.testing.JvmProcess;

/** JVMs of a given JDK with a given class path, as a user starts them. */
final class Launch {
  private Launch() {}

  static JvmProcess java(
      String name, Path javaHome, String classPath, String main, List<String> args)
      throws IOException {
    List<String> command = new ArrayList<>(List.of(
        javaHome.resolve("bin/java").toString(),
        "-Xmx256m",
        "-XX:+UseSerialGC",
        "-cp",
        classPath,
        main));
    command.addAll(args);
    return JvmProcess.start(name, command, Map.of(), log(name));
  }

  /** target/it-logs/NAME.log */
  static Path log(String name) {
    return Path.of("target", "it-logs", name + ".log");
  }

  /** Everything the process printed, one string. */
  static String text(JvmProcess p) {
    return String.join("\n", p.output());
  }
}
