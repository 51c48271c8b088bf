package org.gridrmi.it.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gridrmi.testing.JvmProcess;
import org.junit.jupiter.api.Test;

/**
 * The heap {@code ./gridrmi server} starts with, for real, through the launcher: written once as the JVM commits it
 * (docs/operations.md, "A server's memory"), which the server's own heap line reports; with an initial size from
 * {@code GRIDRMI_SERVER_HEAP}; none when {@code GRIDRMI_SERVER_HEAP=off}; and a heap size of the user's own in {@code
 * GRIDRMI_JAVA_OPTS} applies beside it.
 */
class LauncherServerHeapIT {
  private static final Path ROOT = SlurmJobs.ROOT;

  @Test
  void aServerStartedByTheLauncherHasItsHeapWrittenAsCommittedUnlessTurnedOff() throws Exception {
    Path dir = Files.createDirectories(Path.of("target", "it-launcher-heap").toAbsolutePath());

    assertThat(heapLine(dir, "H1", Map.of())).contains("written as committed");
    assertThat(heapLine(dir, "H2", Map.of("GRIDRMI_SERVER_HEAP", "off")))
        .contains("not written as committed");
    assertThat(heapLine(dir, "H3", Map.of("GRIDRMI_SERVER_HEAP", "96m")))
        .contains("heap 96 MB from the start, written as committed");
    assertThat(heapLine(dir, "H4", Map.of("GRIDRMI_JAVA_OPTS", "-Xmx128m")))
        .contains("written as committed")
        .contains("at most 128 MB");
  }

  /** Starts {@code ./gridrmi server} with {@code env}, returns its heap line once it prints it, then stops it. */
  private static String heapLine(Path dir, String name, Map<String, String> env) throws Exception {
    Map<String, String> all = new HashMap<>();
    all.put("GRIDRMI_JAVA_OPTS", ""); // the launcher's defaults, not this test's environment's
    all.put("GRIDRMI_SERVER_HEAP", "");
    all.putAll(env);
    Path log = dir.resolve(name + ".log");
    Files.deleteIfExists(log);
    List<String> cmd = List.of(
        ROOT.resolve("gridrmi").toString(),
        "server",
        "--name",
        name,
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--insecure");
    try (JvmProcess server = JvmProcess.start(name, cmd, all, log)) {
      return server
          .awaitLine("GridRMI server " + name + " (heap .*)", Duration.ofSeconds(300))
          .group(1);
    }
  }
}
