package org.gridrmi.it.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The launcher's class-data sharing, for real: {@code ./gridrmi} makes an archive of the classes its commands load
 * (once per build and JDK), and that archive maps: a JVM told to use it or fail ({@code -Xshare:on}) starts a
 * command with the launcher's class path. A JVM that could not map it would start without it, silently, which is why
 * the test asks for {@code -Xshare:on}.
 */
class LauncherArchiveIT {
  private static final Path ROOT = SlurmJobs.ROOT;

  @Test
  void theLauncherArchivesTheClassesItsCommandsLoadAndTheArchiveMaps() throws Exception {
    Path dir = Files.createDirectories(Path.of("target", "it-launcher-archive").toAbsolutePath());
    Procs.Result version = Procs.run(
        List.of("./gridrmi", "--version"), Map.of(), ROOT, dir.resolve("version.log"), 600);
    assertThat(version.exit()).as(version.output()).isZero();
    assertThat(version.output()).contains("GridRMI");

    // the launcher's java and the archive it names after that java's path
    String javaHome = System.getenv("JAVA_HOME");
    String java = javaHome == null || javaHome.isEmpty() ? "java" : javaHome + "/bin/java";
    Procs.Result sum = Procs.run(
        List.of(
            "bash",
            "-c",
            "printf '%s' \"$(readlink -f \"$(command -v \"$0\")\")\" | cksum | cut -d' ' -f1",
            java),
        Map.of(),
        ROOT,
        dir.resolve("cksum.log"),
        30);
    Path archive = ROOT.resolve("benchmarks/target/cds/gridrmi-" + sum.output().trim() + ".jsa");
    assertThat(archive).as("the launcher's archive for " + java).exists();
    String jar;
    try (Stream<Path> files = Files.list(ROOT.resolve("benchmarks/target"))) {
      jar = files
          .map(Path::toString)
          .filter(f -> f.matches(".*/gridrmi-benchmarks-[^/]*\\.jar")
              && !f.endsWith("-sources.jar")
              && !f.endsWith("-javadoc.jar")
              && !f.endsWith("-tests.jar"))
          .findFirst()
          .orElseThrow();
    }
    String classPath = jar + ":"
        + Files.readString(ROOT.resolve("benchmarks/target/gridrmi.classpath")).trim();
    Procs.Result mapped = Procs.run(
        List.of(
            java,
            "-XX:SharedArchiveFile=" + archive,
            "-Xshare:on",
            "-cp",
            classPath,
            "org.gridrmi.cli.GridRmiCli",
            "--version"),
        Map.of(),
        ROOT,
        dir.resolve("mapped.log"),
        120);
    assertThat(mapped.exit())
        .as("a JVM that must map the archive: " + mapped.output())
        .isZero();
    assertThat(mapped.output()).contains("GridRMI");
  }
}
