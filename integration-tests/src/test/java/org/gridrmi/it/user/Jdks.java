package org.gridrmi.it.user;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The JDKs a user's path is tried on: the one running the tests, and the machine's Temurin 25
 * (/usr/lib/jvm/temurin-25*) where there is one, since JDK 23 changed how javac finds annotation processors.
 */
final class Jdks {
  private Jdks() {}

  static List<Path> all() throws IOException {
    List<Path> jdks =
        new ArrayList<>(List.of(Path.of(System.getProperty("java.home")).toRealPath()));
    Path jvms = Path.of("/usr/lib/jvm");
    if (Files.isDirectory(jvms)) {
      try (Stream<Path> s = Files.list(jvms)) {
        s.filter(p -> p.getFileName().toString().startsWith("temurin-25"))
            .filter(p -> Files.isExecutable(p.resolve("bin/javac")))
            .sorted()
            .limit(1)
            .forEach(p -> {
              try {
                if (!jdks.contains(p.toRealPath())) jdks.add(p.toRealPath());
              } catch (IOException e) {
                throw new IllegalStateException(e);
              }
            });
      }
    }
    return jdks;
  }

  /** A short name for logs and directories, such as {@code temurin-25-jdk-amd64}. */
  static String name(Path jdk) {
    return jdk.getFileName().toString();
  }
}
